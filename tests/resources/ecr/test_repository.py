"""aws_ecr_repository and aws_ecr_lifecycle_policy on moto: read together, compared,
reverted."""

from __future__ import annotations

import json
from pathlib import Path

import boto3

from tests.resources.hcl import REGION, changed, kinds, revert_all, scan

RULES = {
    "rules": [
        {
            "rulePriority": 1,
            "description": "keep 10 untagged",
            "selection": {
                "tagStatus": "untagged",
                "countType": "imageCountMoreThan",
                "countNumber": 10,
            },
            "action": {"type": "expire"},
        }
    ]
}
HCL = """
resource "aws_ecr_repository" "app" {
  name                 = "app"
  image_tag_mutability = "IMMUTABLE"
  image_scanning_configuration {
    scan_on_push = true
  }
  tags = { Team = "app" }
}
resource "aws_ecr_lifecycle_policy" "app" {
  repository = aws_ecr_repository.app.name
  policy = jsonencode({
    rules = [{
      rulePriority = 1
      description  = "keep 10 untagged"
      selection = {
        tagStatus   = "untagged"
        countType   = "imageCountMoreThan"
        countNumber = 10
      }
      action = { type = "expire" }
    }]
  })
}
"""


def _repository() -> None:
    ecr = boto3.client("ecr", region_name=REGION)
    ecr.create_repository(
        repositoryName="app",
        imageTagMutability="IMMUTABLE",
        imageScanningConfiguration={"scanOnPush": True},
        tags=[{"Key": "Team", "Value": "app"}],
    )
    ecr.put_lifecycle_policy(repositoryName="app", lifecyclePolicyText=json.dumps(RULES))


def test_in_sync_and_a_hand_made_repository_is_unmanaged(aws: None, tmp_path: Path) -> None:
    _repository()
    boto3.client("ecr", region_name=REGION).create_repository(repositoryName="by-hand")
    assert kinds(scan(tmp_path, HCL)) == [("unmanaged", "aws_ecr_repository", "by-hand")]


def test_changes_are_drift_and_reverted(aws: None, tmp_path: Path) -> None:
    _repository()
    ecr = boto3.client("ecr", region_name=REGION)
    ecr.put_image_tag_mutability(repositoryName="app", imageTagMutability="MUTABLE")
    ecr.put_image_scanning_configuration(
        repositoryName="app", imageScanningConfiguration={"scanOnPush": False}
    )
    loose = {"rules": [{**RULES["rules"][0], "selection": {**RULES["rules"][0]["selection"]}}]}
    loose["rules"][0]["selection"]["countNumber"] = 1000
    ecr.put_lifecycle_policy(repositoryName="app", lifecyclePolicyText=json.dumps(loose))
    drifts = scan(tmp_path, HCL)
    assert changed(drifts, "aws_ecr_repository.app") == {
        "image_tag_mutability": ("IMMUTABLE", "MUTABLE"),
        "image_scanning_configuration.scan_on_push": (True, False),
    }
    assert changed(drifts, "aws_ecr_lifecycle_policy.app") == {
        "policy.rules[0].selection.countNumber": (10, 1000)
    }
    revert_all(tmp_path)
    assert scan(tmp_path, HCL) == []


def test_a_removed_lifecycle_policy_is_missing_and_put_back(aws: None, tmp_path: Path) -> None:
    _repository()
    boto3.client("ecr", region_name=REGION).delete_lifecycle_policy(repositoryName="app")
    drifts = scan(tmp_path, HCL)
    assert kinds(drifts) == [
        ("missing", "aws_ecr_lifecycle_policy", "aws_ecr_lifecycle_policy.app")
    ]
    revert_all(tmp_path)
    assert scan(tmp_path, HCL) == []
