"""driftctl against `terraform plan -refresh-only` for the API Gateway REST API types of
#26: one stack (tests/tf/stacks/apigw), applied once: driftctl finds no drift and nothing
unmanaged, then one out-of-band change per type is made with boto3 and both tools find
it, and nothing else."""

from __future__ import annotations

from tests.tf import harness
from tests.tf.checks import DeclaredStackChecks
from tests.tf.group import Group
from tests.tf.harness import Change

CHANGES = [
    Change(
        "aws_api_gateway_rest_api.shop", "description", "apigateway", "update_rest_api",
        {"restApiId": "${self.id}",
         "patchOperations": [{"op": "replace", "path": "/description", "value": "by hand"}]},
    ),
    Change(
        "aws_api_gateway_resource.item", harness.MISSING, "apigateway", "delete_resource",
        {"restApiId": "${self.rest_api_id}", "resourceId": "${self.id}"},
    ),
    Change(
        "aws_api_gateway_method.list", harness.MISSING, "apigateway", "delete_method",
        {"restApiId": "${self.rest_api_id}", "resourceId": "${self.resource_id}",
         "httpMethod": "GET"},
    ),
    Change(
        "aws_api_gateway_integration.home", "uri", "apigateway", "put_integration",
        {"restApiId": "${self.rest_api_id}", "resourceId": "${self.resource_id}",
         "httpMethod": "GET", "type": "HTTP_PROXY", "integrationHttpMethod": "GET",
         "uri": "https://attacker.example.com/", "connectionType": "INTERNET",
         "timeoutInMillis": 29000,
         "requestParameters": {
             "integration.request.header.x-shop": "method.request.header.x-shop"}},
    ),
    Change(
        "aws_api_gateway_deployment.v1", harness.MISSING, "apigateway", "delete_deployment",
        {"restApiId": "${self.rest_api_id}", "deploymentId": "${self.id}"},
    ),
    Change(
        "aws_api_gateway_stage.prod", "variables.backend", "apigateway", "update_stage",
        {"restApiId": "${self.rest_api_id}", "stageName": "prod",
         "patchOperations": [{"op": "replace", "path": "/variables/backend", "value": "green"}]},
    ),
    Change(
        "aws_api_gateway_authorizer.token", "identity_source", "apigateway", "update_authorizer",
        {"restApiId": "${self.rest_api_id}", "authorizerId": "${self.id}",
         "patchOperations": [{"op": "replace", "path": "/identitySource",
                              "value": "method.request.header.X-Token"}]},
    ),
    Change(
        "aws_api_gateway_usage_plan.basic", "throttle_settings.burst_limit", "apigateway",
        "update_usage_plan",
        {"usagePlanId": "${self.id}",
         "patchOperations": [{"op": "replace", "path": "/throttle/burstLimit", "value": "50"}]},
    ),
    # moto has no UpdateDomainName and tags no domain after its creation: deleted by hand
    Change(
        "aws_api_gateway_domain_name.api", harness.MISSING, "apigateway", "delete_domain_name",
        {"domainName": "${self.domain_name}"},
    ),
    Change(
        "aws_api_gateway_base_path_mapping.v1", harness.MISSING, "apigateway",
        "delete_base_path_mapping", {"domainName": "${self.domain_name}", "basePath": "v1"},
    ),
]  # fmt: skip

GROUP = Group("apigw", CHANGES)


class TestApiGateway(DeclaredStackChecks):
    group = GROUP
