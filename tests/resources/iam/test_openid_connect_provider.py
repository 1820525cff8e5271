"""aws_iam_openid_connect_provider on moto: scan (the URL compared without https://),
every declared format, drift reverted and codified."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

PRINT = "6938fd4d98bab03faadb97b34396831e3780aea1"
OTHER = "1c58a3a8518e8759bf075b76b750d4f2df264fcd"
HCL = f"""
resource "aws_iam_openid_connect_provider" "github" {{
  url             = "https://token.actions.githubusercontent.com"
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["{PRINT}"]
  tags            = {{ Team = "ci" }}
}}
"""


def apply() -> str:
    iam = boto3.client("iam", region_name="us-east-1")
    arn: str = iam.create_open_id_connect_provider(
        Url="https://token.actions.githubusercontent.com",
        ClientIDList=["sts.amazonaws.com"],
        ThumbprintList=[PRINT],
        Tags=[{"Key": "Team", "Value": "ci"}],
    )["OpenIDConnectProviderArn"]
    return arn


def test_an_applied_provider_is_in_sync(aws: None, tmp_path: Path) -> None:
    apply()
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == []
    assert report["summary"]["managed"] == 1


def test_an_undeclared_provider_is_unmanaged(aws: None, tmp_path: Path) -> None:
    apply()
    iam = boto3.client("iam", region_name="us-east-1")
    arn = iam.create_open_id_connect_provider(
        Url="https://accounts.google.com", ClientIDList=["x"], ThumbprintList=[PRINT]
    )["OpenIDConnectProviderArn"]
    assert drifts(scan(write(tmp_path / "tf", HCL))) == [
        ("unmanaged", f"aws_iam_openid_connect_provider.{arn}", [])
    ]


def test_changes_by_hand_are_drift_and_a_revert_puts_them_back(aws: None, tmp_path: Path) -> None:
    arn = apply()
    iam = boto3.client("iam", region_name="us-east-1")
    iam.update_open_id_connect_provider_thumbprint(
        OpenIDConnectProviderArn=arn, ThumbprintList=[OTHER]
    )
    iam.tag_open_id_connect_provider(
        OpenIDConnectProviderArn=arn, Tags=[{"Key": "Owner", "Value": "someone"}]
    )
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [
        (
            "changed",
            "aws_iam_openid_connect_provider.github",
            ["tags.Owner", "thumbprint_list[0]"],
        )
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert sorted(c.name for c in calls) == [
        "iam.untag_open_id_connect_provider",
        "iam.update_open_id_connect_provider_thumbprint",
    ]
    run(calls)
    assert drifts(scan(directory)) == []


def test_a_client_id_added_by_hand_is_removed_by_a_revert(aws: None, tmp_path: Path) -> None:
    """Seeded: moto has no AddClientIDToOpenIDConnectProvider (nor its Remove), so the
    live provider is made with the extra client id and the revert's call is checked."""
    iam = boto3.client("iam", region_name="us-east-1")
    arn = iam.create_open_id_connect_provider(
        Url="https://token.actions.githubusercontent.com",
        ClientIDList=["sts.amazonaws.com", "x"],
        ThumbprintList=[PRINT],
        Tags=[{"Key": "Team", "Value": "ci"}],
    )["OpenIDConnectProviderArn"]
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [
        ("changed", "aws_iam_openid_connect_provider.github", ["client_id_list[1]"])
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [(c.name, c.params) for c in calls] == [
        (
            "iam.remove_client_id_from_open_id_connect_provider",
            {"OpenIDConnectProviderArn": arn, "ClientID": "x"},
        )
    ]


def test_a_deleted_provider_is_missing_and_created_again(aws: None, tmp_path: Path) -> None:
    arn = apply()
    boto3.client("iam", region_name="us-east-1").delete_open_id_connect_provider(
        OpenIDConnectProviderArn=arn
    )
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("missing", "aws_iam_openid_connect_provider.github", [])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert [c.name for c in calls] == ["iam.create_open_id_connect_provider"] and refusals == []
    assert calls[0].params["Url"] == "https://token.actions.githubusercontent.com"
    run(calls)
    assert drifts(scan(directory)) == []


def test_a_changed_thumbprint_is_codified_into_the_hcl(aws: None, tmp_path: Path) -> None:
    arn = apply()
    boto3.client("iam", region_name="us-east-1").update_open_id_connect_provider_thumbprint(
        OpenIDConnectProviderArn=arn, ThumbprintList=[OTHER]
    )
    directory = write(tmp_path / "tf", HCL)
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert f'-  thumbprint_list = ["{PRINT}"]' in plan.diff
    assert OTHER in plan.diff


def test_cloudformation_crossplane_and_ack_declare_a_provider(aws: None, tmp_path: Path) -> None:
    arn = apply()
    cfn = template(
        tmp_path / "cfn",
        f"""  Github:
    Type: AWS::IAM::OIDCProvider
    Properties:
      Url: https://token.actions.githubusercontent.com
      ClientIdList: [sts.amazonaws.com]
      ThumbprintList: ["{PRINT}"]
      Tags: [{{Key: Team, Value: ci}}]
""",
    )
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: iam.aws.upbound.io/v1beta1
kind: OpenIDConnectProvider
metadata:
  name: github
  annotations:
    crossplane.io/external-name: {arn}
spec:
  forProvider:
    url: https://token.actions.githubusercontent.com
    clientIdList: [sts.amazonaws.com]
    thumbprintList: ["{PRINT}"]
""",
    )
    ack = manifests(
        tmp_path / "ack",
        f"""apiVersion: iam.services.k8s.aws/v1alpha1
kind: OpenIDConnectProvider
metadata:
  name: github
spec:
  url: https://token.actions.githubusercontent.com
  clientIDs: [sts.amazonaws.com, other]
  thumbprints: ["{PRINT}"]
  tags: [{{key: Team, value: ci}}]
""",
    )
    changed = []
    for source in (cfn, crossplane, ack):
        report, _ = scan_source(source)
        assert report["summary"]["managed"] == 1, source
        changed.append(
            [(d["type"], [c["path"] for c in d["changes"]]) for d in report["drifts"]
             if d["kind"] == "changed"]
        )  # fmt: skip
    assert changed[0] == []
    # the provider tags what Crossplane manages; this provider was made without them
    assert changed[1] == [
        (
            "aws_iam_openid_connect_provider",
            ["tags.Team", "tags.crossplane-kind", "tags.crossplane-name",
             "tags.crossplane-providerconfig"],
        )
    ]  # fmt: skip
    assert changed[2] == [("aws_iam_openid_connect_provider", ["client_id_list[0]"])]
