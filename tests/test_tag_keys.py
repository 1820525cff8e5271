"""Tag keys that YAML reads as numbers (`2024:`) are the strings AWS holds."""

from __future__ import annotations

from pathlib import Path

import pytest

from driftctl import settings
from driftctl.aws.scanner import LiveState
from driftctl.core.model import Resource
from driftctl.engine import pipeline

CFN = """\
AWSTemplateFormatVersion: "2010-09-09"
Resources:
  B:
    Type: AWS::S3::Bucket
    Properties:
      BucketName: b1
      Tags:
        - Key: 2024
          Value: budget
        - Key: Version
          Value: 1.0
"""

DRIFTCTL = """\
driftctl: 1
resources:
  - type: aws_s3_bucket
    attrs:
      bucket: b1
      tags: {2024: budget, Version: 1.0}
"""


@pytest.mark.parametrize("text", [CFN, DRIFTCTL], ids=["cloudformation", "driftctl-yaml"])
def test_a_numeric_tag_key_is_compared_as_the_string_aws_holds(tmp_path: Path, text: str) -> None:
    (tmp_path / "d.yaml").write_text(text)
    conf = settings.build(settings.Options(sources=[f"yaml://{tmp_path / 'd.yaml'}"]))
    declared = pipeline.load_declared(conf)
    bucket = next(r for r in declared.resources if r.type == "aws_s3_bucket")
    assert set(bucket.attrs["tags"]) == {"2024", "Version"}
    live = LiveState(
        [
            Resource(
                "aws_s3_bucket",
                "b1",
                None,
                {"bucket": "b1", "tags": {"2024": "budget", "Version": "1.0"}},
            )
        ],
        [],
        set(),
    )
    changed = [d for d in pipeline.build_report(declared, live).drifts if d.kind == "changed"]
    assert changed == []
