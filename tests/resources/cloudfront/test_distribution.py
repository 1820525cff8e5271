"""aws_cloudfront_distribution on moto: a distribution made as Terraform makes it is in
sync (found by its comment); a changed price class, root object, origin path and tag are
drift that one UpdateDistribution (on the configuration the plan reads) and the tag calls
put back; a hand-made distribution is unmanaged; a deleted one is missing and needs a
human."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3

from tests.resources.helpers import drifts, plan_calls, run, scan, write

HCL = """
resource "aws_cloudfront_distribution" "site" {
  enabled             = true
  comment             = "cdn-site"
  price_class         = "PriceClass_100"
  default_root_object = "index.html"

  origin {
    origin_id   = "web"
    domain_name = "origin.example.com"
    origin_path = "/static"
    custom_origin_config {
      http_port              = 80
      https_port             = 443
      origin_protocol_policy = "https-only"
      origin_ssl_protocols   = ["TLSv1.2"]
    }
  }

  default_cache_behavior {
    target_origin_id       = "web"
    viewer_protocol_policy = "redirect-to-https"
    allowed_methods        = ["HEAD", "GET"]
    cached_methods         = ["GET", "HEAD"]
    compress               = true
    forwarded_values {
      query_string = false
      cookies {
        forward = "none"
      }
    }
  }

  restrictions {
    geo_restriction {
      restriction_type = "none"
    }
  }

  viewer_certificate {
    cloudfront_default_certificate = true
  }

  tags = { Team = "web" }
}
"""


def config(comment: str = "cdn-site", reference: str = "terraform-1") -> dict[str, Any]:
    return {
        "CallerReference": reference,
        "Comment": comment,
        "Enabled": True,
        "PriceClass": "PriceClass_100",
        "DefaultRootObject": "index.html",
        "Origins": {
            "Quantity": 1,
            "Items": [
                {
                    "Id": "web",
                    "DomainName": "origin.example.com",
                    "OriginPath": "/static",
                    "CustomOriginConfig": {
                        "HTTPPort": 80,
                        "HTTPSPort": 443,
                        "OriginProtocolPolicy": "https-only",
                        "OriginSslProtocols": {"Quantity": 1, "Items": ["TLSv1.2"]},
                    },
                }
            ],
        },
        "DefaultCacheBehavior": {
            "TargetOriginId": "web",
            "ViewerProtocolPolicy": "redirect-to-https",
            "AllowedMethods": {
                "Quantity": 2,
                "Items": ["HEAD", "GET"],
                "CachedMethods": {"Quantity": 2, "Items": ["HEAD", "GET"]},
            },
            "Compress": True,
            "ForwardedValues": {"QueryString": False, "Cookies": {"Forward": "none"}},
            "MinTTL": 0,
        },
        "ViewerCertificate": {"CloudFrontDefaultCertificate": True},
    }


def apply() -> dict[str, Any]:
    """What `terraform apply` makes of HCL: the distribution (Id, ARN, ...)."""
    cloudfront = boto3.client("cloudfront", region_name="us-east-1")
    made = cloudfront.create_distribution_with_tags(
        DistributionConfigWithTags={
            "DistributionConfig": config(),
            "Tags": {"Items": [{"Key": "Team", "Value": "web"}]},
        }
    )
    found: dict[str, Any] = made["Distribution"]
    return found


def test_changes_are_drift_and_put_back_in_one_update(aws: None, tmp_path: Path) -> None:
    made = apply()
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == []
    cloudfront = boto3.client("cloudfront", region_name="us-east-1")
    held = cloudfront.get_distribution_config(Id=made["Id"])
    changed = held["DistributionConfig"]
    changed["PriceClass"] = "PriceClass_All"
    changed["DefaultRootObject"] = ""
    changed["Origins"]["Items"][0]["OriginPath"] = "/other"
    cloudfront.update_distribution(Id=made["Id"], IfMatch=held["ETag"], DistributionConfig=changed)
    cloudfront.tag_resource(
        Resource=made["ARN"], Tags={"Items": [{"Key": "Owner", "Value": "someone"}]}
    )
    assert drifts(scan(directory)) == [
        (
            "changed",
            "aws_cloudfront_distribution.site",
            ["default_root_object", "origin[0]", "origin[0]", "price_class", "tags.Owner"],
        )
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.operation for c in calls] == ["update_distribution", "untag_resource"]
    sent = calls[0].params["DistributionConfig"]
    assert sent["CallerReference"] == "terraform-1"  # the configuration AWS holds, patched
    assert sent["Origins"]["Items"][0]["CustomOriginConfig"]["HTTPSPort"] == 443
    run(calls)
    assert drifts(scan(directory)) == []


def test_a_hand_made_distribution_is_unmanaged(aws: None, tmp_path: Path) -> None:
    apply()
    cloudfront = boto3.client("cloudfront", region_name="us-east-1")
    other = cloudfront.create_distribution(DistributionConfig=config("by hand", "hand-1"))
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [
        ("unmanaged", f"aws_cloudfront_distribution.{other['Distribution']['Id']}", [])
    ]


def test_a_deleted_distribution_is_missing_and_needs_a_human(aws: None, tmp_path: Path) -> None:
    made = apply()
    cloudfront = boto3.client("cloudfront", region_name="us-east-1")
    held = cloudfront.get_distribution_config(Id=made["Id"])
    cloudfront.delete_distribution(Id=made["Id"], IfMatch=held["ETag"])
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("missing", "aws_cloudfront_distribution.site", [])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert calls == []
    assert any("cannot re-create" in r for r in refusals)
