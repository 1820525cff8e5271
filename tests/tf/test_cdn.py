"""driftctl reports what `terraform plan -refresh-only` reports, for CloudFront (#13): a
distribution in front of a custom origin, an origin access control and a function.
terraform applies tests/tf/stacks/cdn to moto (moto deploys a distribution at once, so the
provider's wait for `Deployed` ends; the function's PublishFunction, and UpdateFunction,
are answered by tests/tf/moto_gaps.py), driftctl finds no drift, then a person changes the
price class (UpdateDistribution takes the whole configuration: the one terraform sent,
read back from moto, with one value changed), adds a tag, sets the control's signing
behavior to no-override and the function's runtime to cloudfront-js-1.0, and each tool
says what drifted (tests/tf/checks.py).
"""

from __future__ import annotations

from tests.tf.checks import StackChecks
from tests.tf.group import Group, Outcome
from tests.tf.harness import Change

NONE: dict[str, object] = {"Quantity": 0}
EMPTY: dict[str, object] = {"Quantity": 0, "Items": []}
# the configuration terraform sent for stacks/cdn, as moto holds it, with PriceClass_200
CONFIG = {
    "CallerReference": "${self.caller_reference}",
    "Aliases": NONE,
    "DefaultRootObject": "index.html",
    "Origins": {"Quantity": 1, "Items": [{
        "Id": "cdn-origin", "DomainName": "origin.example.com", "OriginPath": "/static",
        "CustomHeaders": NONE,
        "CustomOriginConfig": {
            "HTTPPort": 80, "HTTPSPort": 443, "OriginProtocolPolicy": "https-only",
            "OriginSslProtocols": {"Quantity": 1, "Items": ["TLSv1.2"]},
            "OriginReadTimeout": 30, "OriginKeepaliveTimeout": 5,
        },
        "ConnectionAttempts": 3, "ConnectionTimeout": 10, "OriginShield": {"Enabled": False},
    }]},
    "OriginGroups": NONE,
    "DefaultCacheBehavior": {
        "TargetOriginId": "cdn-origin",
        "TrustedSigners": {"Enabled": False, **EMPTY},
        "TrustedKeyGroups": {"Enabled": False, **EMPTY},
        "ViewerProtocolPolicy": "redirect-to-https",
        "AllowedMethods": {"Quantity": 2, "Items": ["GET", "HEAD"],
                           "CachedMethods": {"Quantity": 2, "Items": ["GET", "HEAD"]}},
        "SmoothStreaming": False, "Compress": True,
        "LambdaFunctionAssociations": NONE, "FunctionAssociations": NONE,
        "FieldLevelEncryptionId": "", "RealtimeLogConfigArn": "", "CachePolicyId": "",
        "OriginRequestPolicyId": "", "ResponseHeadersPolicyId": "",
        "ForwardedValues": {
            "QueryString": False,
            "Cookies": {"Forward": "none", "WhitelistedNames": EMPTY},
            "Headers": EMPTY, "QueryStringCacheKeys": EMPTY,
        },
        "MinTTL": 0, "DefaultTTL": 0, "MaxTTL": 0,
    },
    "CacheBehaviors": NONE,
    "CustomErrorResponses": NONE,
    "Comment": "cdn-site",
    "Logging": {"Enabled": False, "IncludeCookies": False, "Bucket": "", "Prefix": ""},
    "PriceClass": "PriceClass_200",
    "Enabled": True,
    "ViewerCertificate": {
        "CloudFrontDefaultCertificate": True, "SSLSupportMethod": "sni-only",
        "MinimumProtocolVersion": "TLSv1",
    },
    "Restrictions": {"GeoRestriction": {"RestrictionType": "none", "Quantity": 0}},
    "WebACLId": "",
    "HttpVersion": "http2",
    "IsIPV6Enabled": False,
    "ContinuousDeploymentPolicyId": "",
    "Staging": False,
}  # fmt: skip

FUNCTION_CODE = b"function handler(event) {\n  return event.request;\n}\n"

CHANGES = [
    Change(
        "aws_cloudfront_distribution.site", "price_class", "cloudfront", "update_distribution",
        {"Id": "${self.id}", "IfMatch": "${self.etag}", "DistributionConfig": CONFIG},
    ),
    Change(
        "aws_cloudfront_distribution.site", "tags.Owner", "cloudfront", "tag_resource",
        {"Resource": "${self.arn}", "Tags": {"Items": [{"Key": "Owner", "Value": "someone"}]}},
    ),
    Change(
        "aws_cloudfront_origin_access_control.site", "signing_behavior", "cloudfront",
        "update_origin_access_control",
        {"Id": "${self.id}", "IfMatch": "${self.etag}", "OriginAccessControlConfig": {
            "Name": "cdn-site", "Description": "Managed by Terraform",
            "OriginAccessControlOriginType": "s3", "SigningBehavior": "no-override",
            "SigningProtocol": "sigv4"}},
    ),
    Change(
        "aws_cloudfront_function.rewrite", "runtime", "cloudfront", "update_function",
        {"Name": "cdn-rewrite", "IfMatch": "${self.etag}", "FunctionCode": FUNCTION_CODE,
         "FunctionConfig": {"Comment": "rewrite index", "Runtime": "cloudfront-js-1.0"}},
    ),
]  # fmt: skip

GROUP = Group("cdn", CHANGES)


class TestCdn(StackChecks):
    group = GROUP

    def test_every_declared_resource_is_compared(self, outcome: Outcome) -> None:
        summary = outcome.clean["summary"]
        assert summary["compared_share"] == 1.0
        assert summary["declared"] == summary["managed"]
