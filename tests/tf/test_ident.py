"""driftctl against `terraform plan -refresh-only` for the identity and edge-security types of
#26: WAFv2 (an IP set, a web ACL and a rule group whose rule is set to count by hand, the
ACL's association with the user pool removed by hand) and Cognito (a user pool whose
password policy is weakened by hand; moto's UpdateUserPool resets what it is not sent, as
AWS does, so the change sends the rest again; its domain deleted by hand; an identity pool
letting guests in by hand; an app client allowed password sign-in by hand).

One stack (tests/tf/stacks/ident), applied once: driftctl finds no drift and nothing
unmanaged, then one out-of-band change per type is made with boto3, and both tools
report it on that resource alone.
"""

from __future__ import annotations

from tests.tf import harness
from tests.tf.checks import DeclaredStackChecks
from tests.tf.group import Group
from tests.tf.harness import Change

CHANGES = [
    Change(
        "aws_wafv2_ip_set.office", "addresses", "wafv2", "update_ip_set",
        {"Name": "ident-office", "Scope": "REGIONAL", "Id": "${self.id}",
         "Description": "the office", "LockToken": "${self.lock_token}",
         "Addresses": ["192.0.2.0/24", "198.51.100.7/32", "0.0.0.0/1"]},
    ),
    Change(
        "aws_wafv2_web_acl.edge", "rule", "wafv2", "update_web_acl",
        {"Name": "ident-edge", "Scope": "REGIONAL", "Id": "${self.id}",
         "Description": "the edge", "LockToken": "${self.lock_token}",
         "DefaultAction": {"Allow": {}},
         "VisibilityConfig": {"CloudWatchMetricsEnabled": False, "MetricName": "ident-edge",
                              "SampledRequestsEnabled": False},
         "Rules": [{
             "Name": "office-admin", "Priority": 1, "Action": {"Count": {}},
             "Statement": {"AndStatement": {"Statements": [
                 {"IPSetReferenceStatement": {"ARN": "${aws_wafv2_ip_set.office.arn}"}},
                 {"ByteMatchStatement": {
                     "SearchString": "/admin", "PositionalConstraint": "STARTS_WITH",
                     "FieldToMatch": {"UriPath": {}},
                     "TextTransformations": [{"Priority": 0, "Type": "LOWERCASE"}]}}]}},
             "VisibilityConfig": {"CloudWatchMetricsEnabled": False,
                                  "MetricName": "office-admin", "SampledRequestsEnabled": False},
         }, {
             "Name": "bad-inputs", "Priority": 2, "OverrideAction": {"None": {}},
             "Statement": {"ManagedRuleGroupStatement": {
                 "Name": "AWSManagedRulesKnownBadInputsRuleSet", "VendorName": "AWS"}},
             "VisibilityConfig": {"CloudWatchMetricsEnabled": False,
                                  "MetricName": "bad-inputs", "SampledRequestsEnabled": False},
         }]},
    ),
    Change(
        "aws_cognito_user_pool.users", "password_policy.minimum_length", "cognito-idp",
        "update_user_pool",
        {"UserPoolId": "${self.id}", "AutoVerifiedAttributes": ["email"],
         "UserPoolTags": {"Team": "identity"}, "DeletionProtection": "INACTIVE",
         "Policies": {"PasswordPolicy": {
             "MinimumLength": 6, "RequireLowercase": True, "RequireNumbers": True,
             "RequireSymbols": True, "RequireUppercase": True}}},
    ),
    Change(
        "aws_cognito_user_pool_domain.login", harness.MISSING, "cognito-idp",
        "delete_user_pool_domain",
        {"Domain": "ident-login", "UserPoolId": "${aws_cognito_user_pool.users.id}"},
    ),
    Change(
        "aws_cognito_identity_pool.app", "allow_unauthenticated_identities",
        "cognito-identity", "update_identity_pool",
        {"IdentityPoolId": "${self.id}", "IdentityPoolName": "ident_app",
         "AllowUnauthenticatedIdentities": True,
         "SupportedLoginProviders": {"accounts.google.com": "123-abc.apps.googleusercontent.com"},
         "IdentityPoolTags": {"Team": "identity"}},
    ),
    Change(
        "aws_cognito_user_pool_client.web", "explicit_auth_flows", "cognito-idp",
        "update_user_pool_client",
        {"UserPoolId": "${aws_cognito_user_pool.users.id}", "ClientId": "${self.id}",
         "ClientName": "ident-web", "RefreshTokenValidity": 7,
         "CallbackURLs": ["https://example.com/callback"],
         "ExplicitAuthFlows": ["ALLOW_USER_SRP_AUTH", "ALLOW_REFRESH_TOKEN_AUTH",
                               "ALLOW_USER_PASSWORD_AUTH"]},
    ),
    Change(
        "aws_wafv2_rule_group.shared", "rule", "wafv2", "update_rule_group",
        {"Name": "ident-shared", "Scope": "REGIONAL", "Id": "${self.id}",
         "Description": "shared rules", "LockToken": "${self.lock_token}",
         "VisibilityConfig": {"CloudWatchMetricsEnabled": False, "MetricName": "ident-shared",
                              "SampledRequestsEnabled": False},
         "Rules": [{
             "Name": "admin", "Priority": 1, "Action": {"Count": {}},
             "Statement": {"ByteMatchStatement": {
                 "SearchString": "/admin", "PositionalConstraint": "STARTS_WITH",
                 "FieldToMatch": {"UriPath": {}},
                 "TextTransformations": [{"Priority": 0, "Type": "LOWERCASE"}]}},
             "VisibilityConfig": {"CloudWatchMetricsEnabled": False, "MetricName": "admin",
                                  "SampledRequestsEnabled": False},
         }]},
    ),
    Change(
        "aws_wafv2_web_acl_association.users", harness.MISSING, "wafv2", "disassociate_web_acl",
        {"ResourceArn": "${aws_cognito_user_pool.users.arn}"},
    ),
]  # fmt: skip

GROUP = Group("ident", CHANGES)


class TestIdentity(DeclaredStackChecks):
    group = GROUP
