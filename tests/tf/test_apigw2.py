"""driftctl against `terraform plan -refresh-only` for API Gateway v2 (#26): an HTTP API
with a CORS configuration, a route, an integration, two stages and a JWT authorizer (its
audience widened by hand), a custom domain name (its TLS policy weakened by hand) with the
production stage mapped to its /v1 (the mapping deleted by hand), and a WebSocket API
(tests/tf/stacks/apigw2), applied once; driftctl finds no drift and nothing unmanaged,
then one out-of-band change per type is made with boto3 and each tool says what drifted
(tests/tf/checks.py).

An integration has no name: without a state, driftctl matches it by API, type and URI, so
a URI changed by hand is the declared integration missing and the live one unmanaged
where terraform (by id) says `integration_uri` changed; the change made here is its
timeout (tests/resources/apigatewayv2/test_integration.py pins the URI case). moto has
no UpdateStage and keeps a stage's tags as created: a stage is deleted by hand.
"""

from __future__ import annotations

from tests.tf import harness
from tests.tf.checks import DeclaredStackChecks
from tests.tf.group import Group, Outcome
from tests.tf.harness import Change

API = "arn:aws:apigateway:us-east-1::/apis/${self.id}"

CHANGES = [
    Change(
        "aws_apigatewayv2_api.http", "cors_configuration", "apigatewayv2", "update_api",
        {"ApiId": "${self.id}", "CorsConfiguration": {
            "AllowOrigins": ["*"], "AllowMethods": ["GET", "POST"], "MaxAge": 300}},
    ),
    Change(
        "aws_apigatewayv2_api.ws", "tags.Owner", "apigatewayv2", "tag_resource",
        {"ResourceArn": API, "Tags": {"Owner": "someone"}},
    ),
    Change(
        "aws_apigatewayv2_route.items", "authorization_type", "apigatewayv2", "update_route",
        {"ApiId": "${self.api_id}", "RouteId": "${self.id}", "AuthorizationType": "AWS_IAM"},
    ),
    Change(
        "aws_apigatewayv2_integration.backend", "timeout_milliseconds", "apigatewayv2",
        "update_integration",
        {"ApiId": "${self.api_id}", "IntegrationId": "${self.id}", "TimeoutInMillis": 5000},
    ),
    Change(
        "aws_apigatewayv2_stage.dev", harness.MISSING, "apigatewayv2", "delete_stage",
        {"ApiId": "${self.api_id}", "StageName": "dev"},
    ),
    Change(
        "aws_apigatewayv2_authorizer.jwt", "jwt_configuration", "apigatewayv2",
        "update_authorizer",
        {"ApiId": "${self.api_id}", "AuthorizerId": "${self.id}", "JwtConfiguration": {
            "Audience": ["web", "anyone"], "Issuer": "https://issuer.example.com"}},
    ),
    Change(
        "aws_apigatewayv2_domain_name.api", "domain_name_configuration.security_policy",
        "apigatewayv2", "update_domain_name",
        {"DomainName": "api.apigw2.example.com", "DomainNameConfigurations": [{
            "CertificateArn": "arn:aws:acm:us-east-1:123456789012:certificate/apigw2",
            "EndpointType": "REGIONAL", "SecurityPolicy": "TLS_1_0"}]},
    ),
    Change(
        "aws_apigatewayv2_api_mapping.v1", harness.MISSING, "apigatewayv2", "delete_api_mapping",
        {"DomainName": "api.apigw2.example.com", "ApiMappingId": "${self.id}"},
    ),
]  # fmt: skip

GROUP = Group("apigw2", CHANGES)


class TestApiGatewayV2(DeclaredStackChecks):
    group = GROUP

    def test_a_clean_stack_has_nothing_unmanaged(self, outcome: Outcome) -> None:
        summary = outcome.clean["summary"]
        assert outcome.clean["drifts"] == []
        assert summary["compared_share"] == 1.0
        assert summary["unsupported"] == {}
