"""driftctl reports what `terraform plan -refresh-only` reports for four bucket settings:
ownership controls, the ACL (a canned `acl` and an explicit `access_control_policy`),
CORS and the website configuration.

One stack of three buckets (tests/tf/stacks/s3a): terraform applies it to moto, driftctl
finds no drift, then each setting is changed out of band with boto3 as a person would in
the console, and each tool says what drifted (tests/tf/checks.py).

One change is told apart on purpose: a public-read grant added to the bucket declared
`acl = "private"`. Terraform's `acl` is write-only: its refresh shows the new grant in
`access_control_policy`, an attribute that configuration does not set (so the harness
counts it as unconfigured, and `terraform apply` would not remove the grant). driftctl
compares the canned ACL the live grants amount to and reports `acl` changed from
`private` to `public-read`: a bucket made public is drift. The two tests below that
would compare it with terraform's configured drift check exactly that instead.
"""

from __future__ import annotations

from tests.tf import harness
from tests.tf.checks import StackChecks
from tests.tf.group import Group, Outcome
from tests.tf.harness import Change

# the bucket declared with a canned ACL to which a grant is added (see above)
CANNED = "aws_s3_bucket_acl.site"

CHANGES = [
    Change(
        "aws_s3_bucket_ownership_controls.site", "rule", "s3", "put_bucket_ownership_controls",
        {"Bucket": "${self.id}", "OwnershipControls": {"Rules": [
            {"ObjectOwnership": "ObjectWriter"}]}},
    ),
    Change(
        "aws_s3_bucket_acl.site", "acl", "s3", "put_bucket_acl",
        {"Bucket": "${aws_s3_bucket.site.id}", "ACL": "public-read"},
    ),
    Change(
        "aws_s3_bucket_acl.shared", "access_control_policy", "s3", "put_bucket_acl",
        {"Bucket": "${aws_s3_bucket.shared.id}", "ACL": "private"},
    ),
    Change(
        "aws_s3_bucket_cors_configuration.site", "cors_rule", "s3", "put_bucket_cors",
        {"Bucket": "${self.id}", "CORSConfiguration": {"CORSRules": [
            {"ID": "uploads", "AllowedHeaders": ["*"], "AllowedMethods": ["PUT", "POST"],
             "AllowedOrigins": ["https://s3a.example.com"], "ExposeHeaders": ["ETag"],
             "MaxAgeSeconds": 60},
            {"AllowedMethods": ["GET"], "AllowedOrigins": ["*"]}]}},
    ),
    Change(
        "aws_s3_bucket_website_configuration.site", "index_document", "s3", "put_bucket_website",
        {"Bucket": "${self.id}", "WebsiteConfiguration": {
            "IndexDocument": {"Suffix": "home.html"}, "ErrorDocument": {"Key": "error.html"},
            "RoutingRules": [{"Condition": {"KeyPrefixEquals": "docs/"},
                              "Redirect": {"ReplaceKeyPrefixWith": "documents/"}}]}},
    ),
    Change(
        "aws_s3_bucket_website_configuration.redirect", "redirect_all_requests_to", "s3",
        "put_bucket_website",
        {"Bucket": "${self.id}", "WebsiteConfiguration": {
            "RedirectAllRequestsTo": {"HostName": "s3a.example.org", "Protocol": "https"}}},
    ),
]  # fmt: skip


class TestS3Settings(StackChecks):
    group = Group("s3a", CHANGES)

    def test_terraform_reports_the_change(self, outcome: Outcome, change: Change) -> None:
        if change.address != CANNED:
            super().test_terraform_reports_the_change(outcome, change)
            return
        # terraform shows the grant, in the computed attribute the configuration leaves out
        paths = {d.address: d.paths for d in outcome.unconfigured}.get(CANNED, ())
        assert {harness.key(p) for p in paths} == {"access_control_policy"}, paths

    def test_driftctl_reports_what_terraform_reports(self, outcome: Outcome, address: str) -> None:
        if address != CANNED:
            super().test_driftctl_reports_what_terraform_reports(outcome, address)
            return
        assert [d for d in outcome.terraform if d.address == CANNED] == []
        found = [d.paths for d in outcome.driftctl if d.address == CANNED]
        assert found == [("acl",)], found
        change = next(
            d for d in outcome.report["drifts"] if d["address"] == CANNED and d["kind"] == "changed"
        )
        assert [(c["path"], c["expected"], c["actual"]) for c in change["changes"]] == [
            ("acl", "private", "public-read")
        ]
