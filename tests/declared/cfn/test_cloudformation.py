"""CloudFormation templates: short-form tags, parameters, pseudo parameters, conditions,
mappings, resource types, references, and bad templates."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path
from typing import Any

import pytest

from driftctl.aws.canonical import canonicalize
from driftctl.base.raw import RawDeclared
from driftctl.core.model import Ref, Unknown
from driftctl.declared.cfn.load import (
    is_template,
    load_cloudformation,
    read_parameters_file,
)
from driftctl.declared.cfn.parse import parse_template
from driftctl.errors import DriftctlError


def load(
    text: str,
    parameters: dict[str, str] | None = None,
    stack_name: str | None = None,
    region: str | None = None,
) -> RawDeclared:
    data, lines = parse_template("t.yaml", textwrap.dedent(text).lstrip("\n"))
    return load_cloudformation("t.yaml", data, lines, parameters or {}, stack_name, region)


def tags_of(text: str, **kwargs: Any) -> dict[str, Any]:
    """The tags of the single VPC `text` declares (Tags given as `Key: Value` lines)."""
    (vpc,) = load(text, **kwargs).resources
    tags: dict[str, Any] = vpc.attrs["tags"]
    return tags


def vpc_with(tags: str, header: str = "") -> str:
    body = textwrap.indent(textwrap.dedent(tags).strip("\n"), " " * 8)
    return f"{textwrap.dedent(header)}\nResources:\n  Vpc:\n    Type: AWS::EC2::VPC\n    Properties:\n      CidrBlock: 10.0.0.0/16\n      Tags:\n{body}\n"  # noqa: E501


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("!Sub 'a-${Env}-b'", "a-demo-b"),
        ("!Sub ['${X}-${Env}', {X: x}]", "x-demo"),
        ("!Sub 'literal ${!Env}'", "literal ${Env}"),
        ("!Join [':', [a, !Ref Env, c]]", "a:demo:c"),
        ("!Select [1, [x, y, z]]", "y"),
        ("!Select [0, !Split [',', 'p,q']]", "p"),
        ("!FindInMap [Sizes, !Ref Env, Name]", "small"),
        ("!If [IsDemo, yes-demo, no]", "yes-demo"),
        ("!Base64 hi", "aGk="),
        ("!Select [1, !Cidr [10.0.0.0/16, 3, 8]]", "10.0.1.0/24"),
        ("!Ref AWS::Region", "eu-west-1"),
        ("!Ref AWS::Partition", "aws"),
        ("!Ref AWS::StackName", "shop"),
        ("!Sub '${AWS::StackName}-${AWS::Region}'", "shop-eu-west-1"),
    ],
)
def test_short_form_functions(value: str, expected: Any) -> None:
    header = """
        Parameters:
          Env: {Type: String, Default: demo}
        Mappings:
          Sizes:
            demo: {Name: small}
        Conditions:
          IsDemo: !Equals [!Ref Env, demo]
    """
    text = vpc_with(f"- {{Key: V, Value: {value}}}", header)
    assert tags_of(text, stack_name="shop", region="eu-west-1")["V"] == expected


@pytest.mark.parametrize(
    "value",
    [
        "!GetAZs ''",
        "!ImportValue shared-vpc",
        "!Ref AWS::AccountId",
        "!Sub '${AWS::AccountId}'",
        "!Ref AWS::StackName",
        "!Ref AWS::Region",
    ],
)
def test_what_only_the_deployment_knows_is_unknown(value: str) -> None:
    text = vpc_with(f"- {{Key: V, Value: {value}}}")
    assert isinstance(tags_of(text)["V"], Unknown)


def test_conditions_and_no_value() -> None:
    text = """
        Parameters:
          Env: {Type: String, Default: demo, AllowedValues: [demo, prod]}
        Conditions:
          IsProd: !Equals [!Ref Env, prod]
          IsDemo: !Not [!Condition IsProd]
          Both: !And [!Condition IsDemo, !Not [!Condition IsProd]]
          Either: !Or [!Condition IsProd, !Equals [a, b]]
        Resources:
          Vpc:
            Type: AWS::EC2::VPC
            Properties:
              CidrBlock: 10.0.0.0/16
              EnableDnsHostnames: !If [Both, true, false]
              InstanceTenancy: !If [Either, dedicated, !Ref AWS::NoValue]
          ProdOnly:
            Type: AWS::S3::Bucket
            Condition: IsProd
            Properties: {BucketName: prod-only}
    """
    demo = load(text)
    (vpc,) = demo.resources
    assert vpc.attrs["enable_dns_hostnames"] is True
    assert "instance_tenancy" not in vpc.attrs
    prod = load(text, {"Env": "prod"})
    assert sorted(r.address for r in prod.resources) == ["ProdOnly", "Vpc"]
    assert prod.resources[1].attrs["instance_tenancy"] == "dedicated"


def test_parameters_default_file_and_command_line(tmp_path: Path) -> None:
    text = vpc_with(
        "- {Key: A, Value: !Ref A}\n- {Key: B, Value: !Ref B}\n- {Key: C, Value: !Ref C}",
        """
        Parameters:
          A: {Type: String, Default: a-default}
          B: {Type: String, Default: b-default}
          C: {Type: String}
        """,
    )
    listed = tmp_path / "params.json"
    listed.write_text(json.dumps([{"ParameterKey": "B", "ParameterValue": "b-file"}]))
    file_params = read_parameters_file(listed)
    assert file_params == {"B": "b-file"}
    mapped = tmp_path / "map.json"
    mapped.write_text(json.dumps({"C": "c-map"}))
    assert read_parameters_file(mapped) == {"C": "c-map"}
    tags = tags_of(text, parameters={**file_params, "C": "c-cli"})
    assert tags == {"A": "a-default", "B": "b-file", "C": "c-cli"}
    missing = load(text)
    assert isinstance(missing.resources[0].attrs["tags"]["C"], Unknown)
    assert any("parameter C has no value" in w for w in missing.warnings)


def test_a_parameter_the_template_does_not_declare_is_an_error() -> None:
    with pytest.raises(DriftctlError, match="--parameter Nope: the template declares no such"):
        load(vpc_with("- {Key: A, Value: a}"), {"Nope": "x"})


def test_a_value_outside_allowed_values_is_an_error() -> None:
    text = vpc_with(
        "- {Key: A, Value: !Ref A}", "Parameters:\n  A: {Type: String, AllowedValues: [x]}"
    )
    with pytest.raises(DriftctlError, match="parameter A='y' is not one of"):
        load(text, {"A": "y"})


def test_references_to_resources_become_refs_with_the_text_around_them() -> None:
    text = """
        Resources:
          Bucket:
            Type: AWS::S3::Bucket
            Properties: {BucketName: data}
          Policy:
            Type: AWS::S3::BucketPolicy
            Properties:
              Bucket: !Ref Bucket
              PolicyDocument:
                Statement:
                  - Effect: Allow
                    Principal: "*"
                    Action: s3:GetObject
                    Resource: !Sub "${Bucket.Arn}/*"
          Vpc:
            Type: AWS::EC2::VPC
            Properties: {CidrBlock: 10.0.0.0/16}
          Subnet:
            Type: AWS::EC2::Subnet
            Properties: {VpcId: !GetAtt Vpc.VpcId, CidrBlock: 10.0.1.0/24}
          Audit:
            Type: AWS::IAM::ManagedPolicy
            Properties: {PolicyDocument: {Statement: []}, Roles: [!Ref Role]}
          Role:
            Type: AWS::IAM::Role
            Properties: {RoleName: app, AssumeRolePolicyDocument: {}}
    """
    by = {(r.address, r.type): r for r in load(text).resources}
    policy = by[("Policy", "aws_s3_bucket_policy")]
    assert policy.attrs["bucket"] == Ref("Bucket", ("id",))
    statement = policy.attrs["policy"]["Statement"][0]
    assert statement["Resource"] == Ref("Bucket", ("arn",), suffix="/*")
    assert by[("Subnet", "aws_subnet")].attrs["vpc_id"] == Ref("Vpc", ("id",))
    attachment = by[("Audit", "aws_iam_role_policy_attachment")]
    assert attachment.attrs == {"role": Ref("Role", ("id",)), "policy_arn": Ref("Audit", ("arn",))}
    assert attachment.address_type == "aws_iam_policy"  # a Ref to Audit means the policy


def test_a_bucket_is_split_like_an_inline_aws_s3_bucket() -> None:
    text = """
        Resources:
          Logs:
            Type: AWS::S3::Bucket
            Properties:
              BucketName: logs
              VersioningConfiguration: {Status: Suspended}
              BucketEncryption:
                ServerSideEncryptionConfiguration:
                  - ServerSideEncryptionByDefault: {SSEAlgorithm: "aws:kms", KMSMasterKeyID: k1}
                    BucketKeyEnabled: true
              PublicAccessBlockConfiguration: {BlockPublicAcls: true, RestrictPublicBuckets: true}
              Tags: [{Key: Team, Value: data}]
    """
    declared = canonicalize(load(text))
    by = {r.type: r.attrs for r in declared.resources}
    assert by["aws_s3_bucket"] == {"bucket": "logs", "tags": {"Team": "data"}}
    assert by["aws_s3_bucket_versioning"]["versioning_configuration"] == {"status": "Suspended"}
    assert by["aws_s3_bucket_server_side_encryption_configuration"]["rule"] == {
        "sse_algorithm": "aws:kms",
        "kms_master_key_id": "k1",
        "bucket_key_enabled": True,
    }
    assert by["aws_s3_bucket_public_access_block"] == {
        "bucket": "logs",
        "block_public_acls": True,
        "block_public_policy": False,
        "ignore_public_acls": False,
        "restrict_public_buckets": True,
    }
    assert {r.address for r in declared.resources} == {"Logs"}


def test_security_group_rules_inline_and_separate_are_one_set() -> None:
    text = """
        Resources:
          Sg:
            Type: AWS::EC2::SecurityGroup
            Properties:
              GroupName: web
              GroupDescription: web
              VpcId: vpc-1
              SecurityGroupIngress:
                - {IpProtocol: tcp, FromPort: "443", ToPort: "443", CidrIp: 0.0.0.0/0}
          Ssh:
            Type: AWS::EC2::SecurityGroupIngress
            Properties:
              GroupId: !Ref Sg
              IpProtocol: 6
              FromPort: 22
              ToPort: 22
              CidrIp: 10.0.0.0/8
    """
    (sg,) = canonicalize(load(text)).resources
    assert sorted(sg.attrs["ingress"], key=lambda r: r["from_port"]) == [
        {"protocol": "tcp", "from_port": 22, "to_port": 22, "cidr_blocks": ["10.0.0.0/8"]},
        {"protocol": "tcp", "from_port": 443, "to_port": 443, "cidr_blocks": ["0.0.0.0/0"]},
    ]
    assert "egress" not in sg.attrs  # undeclared: AWS's own allow-all, not compared


def test_unsupported_types_are_counted_not_errors() -> None:
    text = """
        Resources:
          Job:
            Type: AWS::Glue::Trigger
            Properties: {Command: {Name: glueetl}, Role: !GetAtt R.Arn}
          R:
            Type: AWS::IAM::Role
            Properties: {AssumeRolePolicyDocument: {}}
          P:
            Type: AWS::IAM::Policy
            Properties: {PolicyName: p, PolicyDocument: {}, Roles: [!Ref R], Groups: [someone]}
    """
    raw = load(text)
    assert raw.unsupported == {"AWS::Glue::Trigger": 1}
    assert "1 AWS::Glue::Trigger not compared (a type driftctl does not read yet)" in raw.warnings
    role_policy = next(r for r in raw.resources if r.type == "aws_iam_role_policy")
    assert role_policy.attrs["role"] == Ref("R", ("id",))
    group_policy = next(r for r in raw.resources if r.type == "aws_iam_group_policy")
    assert group_policy.attrs["group"] == "someone"


def test_a_circular_ref_is_a_clear_error() -> None:
    text = """
        Resources:
          A:
            Type: AWS::EC2::SecurityGroup
            Properties:
              GroupDescription: a
              SecurityGroupIngress: [{IpProtocol: tcp, SourceSecurityGroupId: !Ref B}]
          B:
            Type: AWS::EC2::SecurityGroup
            Properties:
              GroupDescription: b
              SecurityGroupIngress: [{IpProtocol: tcp, SourceSecurityGroupId: !GetAtt C.GroupId}]
          C:
            Type: AWS::EC2::SecurityGroup
            Properties:
              GroupDescription: !Sub "after ${A}"
    """
    with pytest.raises(
        DriftctlError, match=r"circular dependency between resources: A -> B -> C -> A"
    ):
        load(text)


def test_a_circular_condition_is_a_clear_error() -> None:
    text = vpc_with(
        "- {Key: V, Value: !If [X, a, b]}",
        "Conditions:\n  X: !Condition Y\n  Y: !Not [!Condition X]",
    )
    with pytest.raises(DriftctlError, match="circular condition: X -> Y -> X"):
        load(text)


def test_a_ref_to_nothing_is_an_error_naming_where() -> None:
    with pytest.raises(DriftctlError, match=r"Resources\.Vpc\.Properties\.Tags\[0\]\.Value\.Ref"):
        load(vpc_with("- {Key: V, Value: !Ref Nowhere}"))


def test_malformed_yaml_names_the_file_and_line() -> None:
    with pytest.raises(DriftctlError, match=r"^t\.yaml:4: invalid YAML"):
        parse_template(
            "t.yaml", "Resources:\n  A:\n    Type: AWS::S3::Bucket\n    Properties: [x\n"
        )


def test_malformed_json_names_the_file_and_line() -> None:
    with pytest.raises(DriftctlError, match=r"^t\.json:3: invalid JSON"):
        parse_template("t.json", '{\n  "Resources": {\n    "A": }\n}')


def test_detection() -> None:
    assert is_template({"AWSTemplateFormatVersion": "2010-09-09", "Resources": {}})
    assert is_template({"Resources": {"B": {"Type": "AWS::S3::Bucket"}}})
    assert not is_template({"resources": [], "driftctl": 1})
    assert not is_template({"apiVersion": "v1", "kind": "ConfigMap"})


def test_with_a_stack_name_a_generated_name_matches_by_the_stack_tags() -> None:
    from driftctl.engine.match import match
    from driftctl.resources.registry import TYPES
    from driftctl.resources.s3.bucket import build as build_bucket

    text = """
        Resources:
          Data:
            Type: AWS::S3::Bucket
            Properties:
              VersioningConfiguration: {Status: Enabled}
    """
    declared = canonicalize(load(text, stack_name="shop"))
    bucket = next(r for r in declared.resources if r.type == "aws_s3_bucket")
    assert bucket.attrs == {"tags": {}, "cfn_stack": "shop", "cfn_logical_id": "Data"}
    tag_set = [
        {"Key": "aws:cloudformation:stack-name", "Value": "shop"},
        {"Key": "aws:cloudformation:logical-id", "Value": "Data"},
    ]
    details = {"tagging": {"TagSet": tag_set}, "versioning": {"Status": "Enabled"}}
    live = build_bucket({"Name": "shop-data-x1y2"}, details, "us-east-1")
    assert live[0].attrs["tags"] == {}  # the stack tags are identity, never drift
    result = match(TYPES, declared.resources, live)
    bound = {d.type: lv.id for d, lv in result.pairs}
    assert bound == {
        "aws_s3_bucket": "shop-data-x1y2",
        "aws_s3_bucket_versioning": "shop-data-x1y2",
    }
    assert result.missing == []
    # the same template without --stack-name says why it cannot match
    assert any("Data: CloudFormation generates its name" in w for w in load(text).warnings)


RULES_TEMPLATE = """
    AWSTemplateFormatVersion: "2010-09-09"
    Parameters:
      Env: {Type: String, Default: prod}
      Subnets: {Type: "List<AWS::EC2::Subnet::Id>", Default: subnet-1}
    Conditions:
      IsProd: !Equals [!Ref Env, prod]
      Either: !Or [!Condition IsProd, !And [!Not [!Condition IsProd], !Condition IsProd]]
    Rules:
      ProdOnly:
        RuleCondition: !Equals [!Ref Env, prod]
        Assertions:
          - Assert: !Contains [[prod, test], !Ref Env]
          - Assert: !EachMemberEquals [!ValueOfAll ["AWS::EC2::Subnet::Id", VpcId], vpc-1]
          - Assert: !EachMemberIn [!ValueOfAll ["AWS::EC2::Subnet::Id", VpcId], !RefAll "AWS::EC2::VPC::Id"]
            AssertDescription: every subnet in one of the account's VPCs
          - Assert: !Equals [!ValueOf [!Select [0, !Ref Subnets], VpcId], vpc-1]
    Resources:
      Logs:
        Type: AWS::S3::Bucket
        Condition: Either
        Properties:
          BucketName: !Sub acme-${Env}-logs
          Tags:
            - {Key: zones, Value: !Join [",", !GetAZs ""]}
            - {Key: export, Value: !ImportValue shared-export}
            - {Key: encoded, Value: !Base64 hi}
            - {Key: net, Value: !Select [0, !Cidr [10.0.0.0/16, 2, 8]]}
            - {Key: macro, Value: !Transform {Name: "AWS::Include", Parameters: {Location: s3://x}}}
"""  # noqa: E501


def test_a_template_with_rules_loads_its_short_form_functions_and_ignores_the_rules(
    tmp_path: Path,
) -> None:
    """Rules-section functions (!Contains, !EachMemberIn, !ValueOf, ...) load; Rules are not
    evaluated, the resources are declared as usual, through the bare-path and yaml:// doors."""
    from driftctl import settings
    from driftctl.engine.pipeline import load_declared

    path = tmp_path / "template.yaml"
    path.write_text(textwrap.dedent(RULES_TEMPLATE).lstrip("\n"))
    data, _ = parse_template("template.yaml", path.read_text())
    assertions = data["Rules"]["ProdOnly"]["Assertions"]
    assert assertions[0]["Assert"] == {"Fn::Contains": [["prod", "test"], {"Ref": "Env"}]}
    assert assertions[2]["Assert"]["Fn::EachMemberIn"][1] == {"Fn::RefAll": "AWS::EC2::VPC::Id"}
    for given in (str(path), f"yaml://{path}"):
        declared = load_declared(settings.build(settings.Options(sources=[given])))
        (bucket,) = declared.resources
        assert (bucket.type, bucket.id) == ("aws_s3_bucket", "acme-prod-logs")
        tags = bucket.attrs["tags"]
        assert (tags["encoded"], tags["net"]) == ("aGk=", "10.0.0.0/24")
        assert all(isinstance(tags[k], Unknown) for k in ("zones", "export", "macro"))
