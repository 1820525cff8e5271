"""Golden tests for yaml:// sources (CloudFormation YAML and JSON, driftctl YAML): a
drift found by the real differ is codified into exactly the expected patch (comments,
quoting, key order and every other byte kept), the edited file declares the live value,
and no other declaration changed. What driftctl must not edit goes to a human."""

# ruff: noqa: E501 - golden patches are byte-exact lines, some longer than 100

from __future__ import annotations

from pathlib import Path

import pytest

from driftctl.codify.base import Context, write_text
from driftctl.codify.plan import make_plan
from driftctl.core.model import Change
from tests.codify.yamltest import (
    Live,
    check_codified,
    codify,
    crlf,
    crlf_patch,
    drifts,
    load,
    normalized,
)

CFN_YAML = """\
AWSTemplateFormatVersion: "2010-09-09"
Description: the data platform   # owned by data-eng

Parameters:
  Owner:
    Type: String
    Default: alice   # who pays
  Env:
    Type: String
    Default: prod

Resources:
  # the raw zone
  Data:
    Type: AWS::S3::Bucket
    Properties:
      BucketName: acme-data
      VersioningConfiguration:
        Status: 'Enabled'   # keep history
      Tags:
        - Key: Team
          Value: core   # changed in the console
        - Key: Owner
          Value: !Ref Owner
        - Key: Name
          Value: !Sub "${Env}-data"
        - Key: Old
          Value: x
        # more tags go here

  Web:
    Type: AWS::EC2::SecurityGroup
    Properties:
      GroupName: web
      GroupDescription: web tier
      VpcId: vpc-0abc
      SecurityGroupIngress:
        - IpProtocol: tcp   # https
          FromPort: 443
          ToPort: 443
          CidrIp: 0.0.0.0/0
        - {IpProtocol: tcp, FromPort: 80, ToPort: 80, CidrIp: 0.0.0.0/0}

  App:
    Type: AWS::IAM::Role
    Properties:
      RoleName: app
      AssumeRolePolicyDocument:
        Version: "2012-10-17"
        Statement:
          - Effect: Allow
            Principal:
              Service: ec2.amazonaws.com   # instances only
            Action: sts:AssumeRole
      Tags: [{Key: Team, Value: core}]

Outputs:
  DataArn:
    Value: !GetAtt Data.Arn
"""

DATA_TAGS = {"Team": "core", "Owner": "alice", "Name": "prod-data", "Old": "x"}
RULE_443 = {"protocol": "tcp", "from_port": 443, "to_port": 443, "cidr_blocks": ["0.0.0.0/0"]}
RULE_80 = {"protocol": "tcp", "from_port": 80, "to_port": 80, "cidr_blocks": ["0.0.0.0/0"]}
RULE_22 = {
    "protocol": "tcp",
    "from_port": 22,
    "to_port": 22,
    "cidr_blocks": ["10.0.0.0/8"],
    "description": "ssh",
}
TRUST = {
    "Version": "2012-10-17",
    "Statement": [
        {
            "Effect": "Allow",
            "Principal": {"Service": ["ec2.amazonaws.com", "lambda.amazonaws.com"]},
            "Action": ["sts:AssumeRole"],
        }
    ],
}
SG = {"name": "web", "description": "web tier", "vpc_id": "vpc-0abc"}

CASES = {
    "cfn-yaml-tags": (
        "stack.yaml",
        CFN_YAML,
        [
            Live(
                "aws_s3_bucket",
                "Data",
                "acme-data",
                {
                    "bucket": "acme-data",
                    "tags": {
                        "Team": "platform",
                        "Owner": "bob",
                        "Name": "prod-data",
                        "Cost": "cc-42",
                    },
                },
            )
        ],
    ),
    "cfn-yaml-versioning": (
        "stack.yaml",
        CFN_YAML,
        [
            Live(
                "aws_s3_bucket_versioning",
                "Data",
                "acme-data",
                {"bucket": "acme-data", "versioning_configuration": {"status": "Suspended"}},
            )
        ],
    ),
    "cfn-yaml-ingress": (
        "stack.yaml",
        CFN_YAML,
        [
            Live(
                "aws_security_group",
                "Web",
                "sg-1",
                {**SG, "ingress": [RULE_443, RULE_22], "tags": {}},
            )
        ],
    ),
    "cfn-yaml-role": (
        "stack.yaml",
        CFN_YAML,
        [
            Live(
                "aws_iam_role",
                "App",
                "app",
                {
                    "name": "app",
                    "path": "/",
                    "max_session_duration": 3600,
                    "assume_role_policy": TRUST,
                    "tags": {"Team": "core", "Owner": "bob"},
                },
            )
        ],
    ),
    "cfn-yaml-import": (
        "stack.yaml",
        CFN_YAML,
        [
            Live(
                "aws_s3_bucket",
                None,
                "acme-scratch",
                {"bucket": "acme-scratch", "tags": {"Team": "data"}},
            )
        ],
    ),
}

CFN_JSON = """\
{
    "AWSTemplateFormatVersion": "2010-09-09",
    "Parameters": {
        "Owner": {"Type": "String", "Default": "alice"}
    },
    "Resources": {
        "Data": {
            "Type": "AWS::S3::Bucket",
            "Properties": {
                "BucketName": "acme-data",
                "VersioningConfiguration": {"Status": "Enabled"},
                "Tags": [
                    {"Key": "Team", "Value": "core"},
                    {"Key": "Owner", "Value": {"Ref": "Owner"}},
                    {"Key": "Old", "Value": "x"}
                ]
            }
        },
        "Vpc": {
            "Type": "AWS::EC2::VPC",
            "Properties": {
                "CidrBlock": "10.7.0.0/16",
                "Tags": [
                    {
                        "Key": "Name",
                        "Value": "main"
                    }
                ]
            }
        }
    }
}
"""
VPC = {
    "cidr_block": "10.7.0.0/16",
    "instance_tenancy": "default",
    "enable_dns_support": True,
    "enable_dns_hostnames": False,
}
CASES.update(
    {
        "cfn-json-tags-and-versioning": (
            "stack.json",
            CFN_JSON,
            [
                Live(
                    "aws_s3_bucket",
                    "Data",
                    "acme-data",
                    {
                        "bucket": "acme-data",
                        "tags": {"Team": "platform", "Owner": "bob", "Cost": "cc-42"},
                    },
                ),
                Live(
                    "aws_s3_bucket_versioning",
                    "Data",
                    "acme-data",
                    {"bucket": "acme-data", "versioning_configuration": {"status": "Suspended"}},
                ),
                Live("aws_vpc", "Vpc", "vpc-1", {**VPC, "tags": {"Name": "main", "Team": "net"}}),
            ],
        ),
        "cfn-json-import": (
            "stack.json",
            CFN_JSON,
            [
                Live(
                    "aws_s3_bucket",
                    None,
                    "acme-scratch",
                    {"bucket": "acme-scratch", "tags": {"Team": "data"}},
                )
            ],
        ),
    }
)

DYAML = """\
driftctl: 1
# generated by the CMDB export, then edited by hand
resources:
  - type: aws_s3_bucket
    name: data
    attrs:
      bucket: acme-data   # finance owns it
      tags:
        Team: core        # changed in the console
        Old: x

  - type: aws_s3_bucket_versioning
    name: data_versioning
    attrs:
      bucket: acme-data
      versioning_configuration: [{status: Enabled}]

  - type: aws_security_group
    name: web
    attrs:
      name: web
      description: web tier
      vpc_id: vpc-0abc
      ingress:
        - {protocol: tcp, from_port: 443, to_port: 443, cidr_blocks: [0.0.0.0/0]}

  - type: aws_iam_role
    name: app
    attrs:
      name: app
      assume_role_policy: '{"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Principal": {"Service": "ec2.amazonaws.com"}, "Action": "sts:AssumeRole"}]}'
      tags: {Team: {$ref: data.tags.Team}}
"""
CASES.update(
    {
        "dyaml-tags-versioning-ingress-policy": (
            "declared.yaml",
            DYAML,
            [
                Live(
                    "aws_s3_bucket",
                    "data",
                    "acme-data",
                    {"bucket": "acme-data", "tags": {"Team": "platform", "Cost": "cc-42"}},
                ),
                Live(
                    "aws_s3_bucket_versioning",
                    "data_versioning",
                    "acme-data",
                    {"bucket": "acme-data", "versioning_configuration": {"status": "Suspended"}},
                ),
                Live(
                    "aws_security_group",
                    "web",
                    "sg-1",
                    {**SG, "ingress": [RULE_443, RULE_22], "tags": {}},
                ),
                Live(
                    "aws_iam_role",
                    "app",
                    "app",
                    {
                        "name": "app",
                        "path": "/",
                        "max_session_duration": 3600,
                        "assume_role_policy": TRUST,
                        "tags": {"Team": "core"},
                    },
                ),
            ],
        ),
        "dyaml-ingress-port": (
            "declared.yaml",
            DYAML,
            [
                Live(
                    "aws_security_group",
                    "web",
                    "sg-1",
                    {
                        **SG,
                        "ingress": [{**RULE_443, "from_port": 8443, "to_port": 8443}],
                        "tags": {},
                    },
                )
            ],
        ),
        "dyaml-import": (
            "declared.yaml",
            DYAML,
            [
                Live(
                    "aws_security_group",
                    None,
                    "sg-9",
                    {
                        "name": "db",
                        "description": "db tier",
                        "vpc_id": "vpc-0abc",
                        "ingress": [RULE_22],
                        "tags": {"Team": "db"},
                    },
                )
            ],
        ),
    }
)


DIFFS: dict[str, str] = {
    "cfn-yaml-tags": (
        "--- a/stack.yaml\n"
        "+++ b/stack.yaml\n"
        "@@ -4,7 +4,7 @@\n"
        " Parameters:\n"
        "   Owner:\n"
        "     Type: String\n"
        "-    Default: alice   # who pays\n"
        "+    Default: bob   # who pays\n"
        "   Env:\n"
        "     Type: String\n"
        "     Default: prod\n"
        "@@ -19,13 +19,13 @@\n"
        "         Status: 'Enabled'   # keep history\n"
        "       Tags:\n"
        "         - Key: Team\n"
        "-          Value: core   # changed in the console\n"
        "+          Value: platform   # changed in the console\n"
        "         - Key: Owner\n"
        "           Value: !Ref Owner\n"
        "         - Key: Name\n"
        '           Value: !Sub "${Env}-data"\n'
        "-        - Key: Old\n"
        "-          Value: x\n"
        "+        - Key: Cost\n"
        "+          Value: cc-42\n"
        "         # more tags go here\n"
        " \n"
        "   Web:\n"
    ),
    "cfn-yaml-versioning": (
        "--- a/stack.yaml\n"
        "+++ b/stack.yaml\n"
        "@@ -16,7 +16,7 @@\n"
        "     Properties:\n"
        "       BucketName: acme-data\n"
        "       VersioningConfiguration:\n"
        "-        Status: 'Enabled'   # keep history\n"
        "+        Status: 'Suspended'   # keep history\n"
        "       Tags:\n"
        "         - Key: Team\n"
        "           Value: core   # changed in the console\n"
    ),
    "cfn-yaml-ingress": (
        "--- a/stack.yaml\n"
        "+++ b/stack.yaml\n"
        "@@ -39,7 +39,7 @@\n"
        "           FromPort: 443\n"
        "           ToPort: 443\n"
        "           CidrIp: 0.0.0.0/0\n"
        "-        - {IpProtocol: tcp, FromPort: 80, ToPort: 80, CidrIp: 0.0.0.0/0}\n"
        "+        - {IpProtocol: tcp, FromPort: 22, ToPort: 22, CidrIp: 10.0.0.0/8, Description: ssh}\n"
        " \n"
        "   App:\n"
        "     Type: AWS::IAM::Role\n"
    ),
    "cfn-yaml-role": (
        "--- a/stack.yaml\n"
        "+++ b/stack.yaml\n"
        "@@ -50,9 +50,9 @@\n"
        "         Statement:\n"
        "           - Effect: Allow\n"
        "             Principal:\n"
        "-              Service: ec2.amazonaws.com   # instances only\n"
        "+              Service: [ec2.amazonaws.com, lambda.amazonaws.com]   # instances only\n"
        "             Action: sts:AssumeRole\n"
        "-      Tags: [{Key: Team, Value: core}]\n"
        "+      Tags: [{Key: Team, Value: core}, {Key: Owner, Value: bob}]\n"
        " \n"
        " Outputs:\n"
        "   DataArn:\n"
    ),
    "cfn-yaml-import": (
        "--- a/stack.yaml\n"
        "+++ b/stack.yaml\n"
        "@@ -54,6 +54,18 @@\n"
        "             Action: sts:AssumeRole\n"
        "       Tags: [{Key: Team, Value: core}]\n"
        " \n"
        "+  # Imported by driftctl from live AWS (acme-scratch). CloudFormation does not adopt it by\n"
        "+  # itself: bring it into the stack with a resource import (an IMPORT change set).\n"
        "+  # DeletionPolicy Retain keeps it if it is removed from the stack again.\n"
        "+  AcmeScratch:\n"
        "+    Type: AWS::S3::Bucket\n"
        "+    DeletionPolicy: Retain\n"
        "+    Properties:\n"
        "+      BucketName: acme-scratch\n"
        "+      Tags:\n"
        "+        - Key: Team\n"
        "+          Value: data\n"
        "+\n"
        " Outputs:\n"
        "   DataArn:\n"
        "     Value: !GetAtt Data.Arn\n"
    ),
    "cfn-json-tags-and-versioning": (
        "--- a/stack.json\n"
        "+++ b/stack.json\n"
        "@@ -1,18 +1,18 @@\n"
        " {\n"
        '     "AWSTemplateFormatVersion": "2010-09-09",\n'
        '     "Parameters": {\n'
        '-        "Owner": {"Type": "String", "Default": "alice"}\n'
        '+        "Owner": {"Type": "String", "Default": "bob"}\n'
        "     },\n"
        '     "Resources": {\n'
        '         "Data": {\n'
        '             "Type": "AWS::S3::Bucket",\n'
        '             "Properties": {\n'
        '                 "BucketName": "acme-data",\n'
        '-                "VersioningConfiguration": {"Status": "Enabled"},\n'
        '+                "VersioningConfiguration": {"Status": "Suspended"},\n'
        '                 "Tags": [\n'
        '-                    {"Key": "Team", "Value": "core"},\n'
        '+                    {"Key": "Team", "Value": "platform"},\n'
        '                     {"Key": "Owner", "Value": {"Ref": "Owner"}},\n'
        '-                    {"Key": "Old", "Value": "x"}\n'
        '+                    {"Key": "Cost", "Value": "cc-42"}\n'
        "                 ]\n"
        "             }\n"
        "         },\n"
        "@@ -24,6 +24,10 @@\n"
        "                     {\n"
        '                         "Key": "Name",\n'
        '                         "Value": "main"\n'
        "+                    },\n"
        "+                    {\n"
        '+                        "Key": "Team",\n'
        '+                        "Value": "net"\n'
        "                     }\n"
        "                 ]\n"
        "             }\n"
    ),
    "cfn-json-import": (
        "--- a/stack.json\n"
        "+++ b/stack.json\n"
        "@@ -27,6 +27,22 @@\n"
        "                     }\n"
        "                 ]\n"
        "             }\n"
        "+        },\n"
        '+        "AcmeScratch": {\n'
        '+            "Type": "AWS::S3::Bucket",\n'
        '+            "DeletionPolicy": "Retain",\n'
        '+            "Metadata": {\n'
        '+                "driftctl": "Imported by driftctl from live AWS (acme-scratch). CloudFormation does not adopt it by itself: bring it into the stack with a resource import (an IMPORT change set). DeletionPolicy Retain keeps it if it is removed from the stack again."\n'
        "+            },\n"
        '+            "Properties": {\n'
        '+                "BucketName": "acme-scratch",\n'
        '+                "Tags": [\n'
        "+                    {\n"
        '+                        "Key": "Team",\n'
        '+                        "Value": "data"\n'
        "+                    }\n"
        "+                ]\n"
        "+            }\n"
        "         }\n"
        "     }\n"
        " }\n"
    ),
    "dyaml-tags-versioning-ingress-policy": (
        "--- a/declared.yaml\n"
        "+++ b/declared.yaml\n"
        "@@ -6,14 +6,14 @@\n"
        "     attrs:\n"
        "       bucket: acme-data   # finance owns it\n"
        "       tags:\n"
        "-        Team: core        # changed in the console\n"
        "-        Old: x\n"
        "+        Team: platform        # changed in the console\n"
        "+        Cost: cc-42\n"
        " \n"
        "   - type: aws_s3_bucket_versioning\n"
        "     name: data_versioning\n"
        "     attrs:\n"
        "       bucket: acme-data\n"
        "-      versioning_configuration: [{status: Enabled}]\n"
        "+      versioning_configuration: [{status: Suspended}]\n"
        " \n"
        "   - type: aws_security_group\n"
        "     name: web\n"
        "@@ -23,10 +23,11 @@\n"
        "       vpc_id: vpc-0abc\n"
        "       ingress:\n"
        "         - {protocol: tcp, from_port: 443, to_port: 443, cidr_blocks: [0.0.0.0/0]}\n"
        "+        - {protocol: tcp, from_port: 22, to_port: 22, cidr_blocks: [10.0.0.0/8], description: ssh}\n"
        " \n"
        "   - type: aws_iam_role\n"
        "     name: app\n"
        "     attrs:\n"
        "       name: app\n"
        '-      assume_role_policy: \'{"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Principal": {"Service": "ec2.amazonaws.com"}, "Action": "sts:AssumeRole"}]}\'\n'
        '+      assume_role_policy: \'{"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Principal": {"Service": ["ec2.amazonaws.com", "lambda.amazonaws.com"]}, "Action": "sts:AssumeRole"}]}\'\n'
        "       tags: {Team: {$ref: data.tags.Team}}\n"
    ),
    "dyaml-ingress-port": (
        "--- a/declared.yaml\n"
        "+++ b/declared.yaml\n"
        "@@ -22,7 +22,7 @@\n"
        "       description: web tier\n"
        "       vpc_id: vpc-0abc\n"
        "       ingress:\n"
        "-        - {protocol: tcp, from_port: 443, to_port: 443, cidr_blocks: [0.0.0.0/0]}\n"
        "+        - {protocol: tcp, from_port: 8443, to_port: 8443, cidr_blocks: [0.0.0.0/0]}\n"
        " \n"
        "   - type: aws_iam_role\n"
        "     name: app\n"
    ),
    "dyaml-import": (
        "--- a/declared.yaml\n"
        "+++ b/declared.yaml\n"
        "@@ -30,3 +30,20 @@\n"
        "       name: app\n"
        '       assume_role_policy: \'{"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Principal": {"Service": "ec2.amazonaws.com"}, "Action": "sts:AssumeRole"}]}\'\n'
        "       tags: {Team: {$ref: data.tags.Team}}\n"
        "+\n"
        "+  - type: aws_security_group\n"
        "+    name: sg-9\n"
        "+    id: sg-9\n"
        "+    attrs:\n"
        "+      description: db tier\n"
        "+      ingress:\n"
        "+        - protocol: tcp\n"
        "+          from_port: 22\n"
        "+          to_port: 22\n"
        "+          cidr_blocks:\n"
        "+            - 10.0.0.0/8\n"
        "+          description: ssh\n"
        "+      name: db\n"
        "+      tags:\n"
        "+        Team: db\n"
        "+      vpc_id: vpc-0abc\n"
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_codify_writes_exactly_the_expected_patch(tmp_path: Path, name: str) -> None:
    file, text, lives = CASES[name]
    path = tmp_path / file
    path.write_text(text)
    before = load(path)
    plan = codify(path, lives)
    assert plan.humans == []
    assert plan.diff == DIFFS[name]
    assert plan.changed_files == [file]
    path.write_text(plan.files[file][1])
    check_codified(path, lives, before)


SHARED_PARAMETER = CFN_YAML.replace(
    "        - Key: Old\n          Value: x\n", "        - Key: Env\n          Value: !Ref Env\n"
)
IF_TAGS = """\
AWSTemplateFormatVersion: "2010-09-09"
Parameters:
  Env: {Type: String, Default: prod}
Conditions:
  IsProd: !Equals [!Ref Env, prod]
Resources:
  Vpc:
    Type: AWS::EC2::VPC
    Properties:
      CidrBlock: 10.7.0.0/16
      Tags: !If [IsProd, [{Key: Name, Value: main}, {Key: Tier, Value: prod}], [{Key: Name, Value: main}]]
  Net:
    Type: AWS::EC2::Subnet
    Properties:
      VpcId: vpc-0abc
      CidrBlock: 10.7.1.0/24
      AvailabilityZone: us-east-1a
"""
ALIASED = CFN_YAML.replace("Value: core   # changed", "Value: &team core   # changed").replace(
    "Tags: [{Key: Team, Value: core}]", "Tags: [{Key: Team, Value: *team}]"
)
SUBNET = {
    "vpc_id": "vpc-0abc",
    "cidr_block": "10.7.1.0/24",
    "map_public_ip_on_launch": False,
    "tags": {},
}
DATA = {"bucket": "acme-data"}

# name -> (file, text, live, --parameter given, where, reason)
HUMAN_CASES = {
    "sub": (
        "stack.yaml",
        CFN_YAML,
        Live(
            "aws_s3_bucket",
            "Data",
            "acme-data",
            {**DATA, "tags": {**DATA_TAGS, "Name": "staging-data"}},
        ),
        (),
        "stack.yaml:26",
        "set by !Sub: driftctl does not edit intrinsic functions",
    ),
    "parameter-used-twice": (
        "stack.yaml",
        SHARED_PARAMETER,
        Live(
            "aws_s3_bucket",
            "Data",
            "acme-data",
            {**DATA, "tags": {"Team": "core", "Owner": "alice", "Name": "prod-data", "Env": "dev"}},
        ),
        (),
        "stack.yaml:28",
        "set by parameter Env, used 2 times",
    ),
    "parameter-given": (
        "stack.yaml",
        CFN_YAML,
        Live("aws_s3_bucket", "Data", "acme-data", {**DATA, "tags": {**DATA_TAGS, "Owner": "bob"}}),
        ("Owner=alice",),
        "stack.yaml:24",
        "set by parameter Owner, given on the command line",
    ),
    "tags-from-if": (
        "stack.yaml",
        IF_TAGS,
        Live("aws_vpc", "Vpc", "vpc-1", {**VPC, "tags": {"Name": "main", "Tier": "gold"}}),
        (),
        "stack.yaml:11",
        "the tags are set by !If",
    ),
    "unmapped-attribute": (
        "stack.yaml",
        IF_TAGS,
        Live("aws_subnet", "Net", "subnet-1", {**SUBNET, "availability_zone": "us-east-1b"}),
        (),
        "stack.yaml:13",
        "driftctl does not map availability_zone to a property",
    ),
    "yaml-alias": (
        "stack.yaml",
        ALIASED,
        Live("aws_s3_bucket", "Data", "acme-data", {**DATA, "tags": {**DATA_TAGS, "Team": "data"}}),
        (),
        "stack.yaml:22",
        "written once and used again through a YAML anchor and alias",
    ),
    "dyaml-ref": (
        "declared.yaml",
        DYAML,
        Live(
            "aws_iam_role",
            "app",
            "app",
            {"tags": {"Team": "platform"}},
            (Change("tags.Team", "core", "platform"),),
        ),
        (),
        "declared.yaml:32",
        "written as {$ref: ...}",
    ),
}


@pytest.mark.parametrize("name", sorted(HUMAN_CASES))
def test_what_is_not_a_lone_literal_needs_a_human(tmp_path: Path, name: str) -> None:
    file, text, live, parameters, where, reason = HUMAN_CASES[name]
    (tmp_path / file).write_text(text)
    plan = codify(tmp_path / file, [live], parameters)
    assert plan.files == {} and plan.codified == []
    [human] = plan.humans
    assert (human.where, human.reason[: len(reason)]) == (where, reason)
    assert human.path is not None and human.live is not None


def test_a_new_declaration_goes_only_into_the_source_file(tmp_path: Path) -> None:
    path = tmp_path / "stack.yaml"
    path.write_text(CFN_YAML)
    declared = load(path)
    scratch = Live("aws_s3_bucket", None, "acme-scratch", {"bucket": "acme-scratch"})
    [drift] = drifts(declared, [scratch])
    index = {("aws_s3_bucket", "acme-scratch"): normalized(scratch)}
    ctx = Context(
        tmp_path, declared, index, {drift.fingerprint: "imported.tf"}, "yaml", "stack.yaml"
    )
    plan = make_plan([drift], ctx)
    assert plan.files == {}
    assert (
        "a yaml:// source is one file: new declarations go into stack.yaml" in plan.humans[0].reason
    )


def test_drifts_of_a_format_without_codifier_need_a_human(tmp_path: Path) -> None:
    path = tmp_path / "stack.yaml"
    path.write_text(CFN_YAML)
    declared = load(path)
    live = Live(
        "aws_s3_bucket_versioning",
        "Data",
        "acme-data",
        {"versioning_configuration": {"status": "Suspended"}},
    )
    found = drifts(declared, [live])
    plan = make_plan(found, Context(tmp_path, declared, {}, {}, "tfstate"))
    assert plan.files == {}
    assert plan.humans[0].reason == "driftctl cannot edit tfstate:// sources yet"


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_crlf_file_gets_the_same_minimal_patch(tmp_path: Path, name: str) -> None:
    """A file with CRLF line endings: the same bytes change (not every line), the lines
    driftctl adds end in CRLF like the others."""
    file, text, lives = CASES[name]
    path = tmp_path / file
    path.write_bytes(crlf(text).encode())
    before = load(path)
    plan = codify(path, lives)
    assert plan.humans == []
    assert plan.diff == crlf_patch(DIFFS[name])
    write_text(path, plan.files[file][1])
    data = path.read_bytes()
    assert data.count(b"\n") == data.count(b"\r\n")
    check_codified(path, lives, before)


BUCKET = """\
Resources:
  Data:
    Type: AWS::S3::Bucket
    Properties:
      BucketName: acme-data
      Tags:{tags}"""


def bucket(**tags: str) -> list[Live]:
    return [Live("aws_s3_bucket", "Data", "acme-data", {"bucket": "acme-data", "tags": tags})]


# name -> (file, text, live resources, expected patch): bugs found in review
EDGE_CASES: dict[str, tuple[str, str, list[Live], str]] = {
    # a tag key with dots is one key of the map, not a path of nested maps
    "dyaml-dotted-tag-keys": (
        "declared.yaml",
        "driftctl: 1\n"
        "resources:\n"
        "  - type: aws_s3_bucket\n"
        "    name: data\n"
        "    attrs:\n"
        "      bucket: acme-data\n"
        "      tags:\n"
        "        app.kubernetes.io/name: web\n"
        "        Team: core\n",
        [
            Live(
                "aws_s3_bucket",
                "data",
                "acme-data",
                {
                    "bucket": "acme-data",
                    "tags": {"app.kubernetes.io/name": "api", "Team": "core", "k8s.io/role": "x"},
                },
            )
        ],
        "--- a/declared.yaml\n"
        "+++ b/declared.yaml\n"
        "@@ -5,5 +5,6 @@\n"
        "     attrs:\n"
        "       bucket: acme-data\n"
        "       tags:\n"
        "-        app.kubernetes.io/name: web\n"
        "+        app.kubernetes.io/name: api\n"
        "         Team: core\n"
        "+        k8s.io/role: x\n",
    ),
    # strings other YAML readers take for a bool, null or number are quoted
    "cfn-yaml-strings-that-read-as-other-types": (
        "stack.yaml",
        BUCKET.format(tags="\n        - Key: Team\n          Value: core\n"),
        bucket(Team="y", A="on", B="1e3", C="0o17", D="0x1F", E=".inf", F="~", G="08"),
        "--- a/stack.yaml\n"
        "+++ b/stack.yaml\n"
        "@@ -5,4 +5,18 @@\n"
        "       BucketName: acme-data\n"
        "       Tags:\n"
        "         - Key: Team\n"
        "-          Value: core\n"
        '+          Value: "y"\n'
        "+        - Key: A\n"
        '+          Value: "on"\n'
        "+        - Key: B\n"
        '+          Value: "1e3"\n'
        "+        - Key: C\n"
        '+          Value: "0o17"\n'
        "+        - Key: D\n"
        '+          Value: "0x1F"\n'
        "+        - Key: E\n"
        '+          Value: ".inf"\n'
        "+        - Key: F\n"
        '+          Value: "~"\n'
        "+        - Key: G\n"
        '+          Value: "08"\n',
    ),
    # a tab-indented JSON template is JSON (not YAML, which forbids the tabs)
    "cfn-json-tabs": (
        "stack.json",
        '{\n\t"Resources": {\n\t\t"Data": {\n\t\t\t"Type": "AWS::S3::Bucket",\n'
        '\t\t\t"Properties": {\n\t\t\t\t"BucketName": "acme-data"\n\t\t\t}\n\t\t}\n\t}\n}\n',
        bucket(Team="core"),
        "--- a/stack.json\n"
        "+++ b/stack.json\n"
        "@@ -3,7 +3,13 @@\n"
        ' \t\t"Data": {\n'
        ' \t\t\t"Type": "AWS::S3::Bucket",\n'
        ' \t\t\t"Properties": {\n'
        '-\t\t\t\t"BucketName": "acme-data"\n'
        '+\t\t\t\t"BucketName": "acme-data",\n'
        '+\t\t\t\t"Tags": [\n'
        "+\t\t\t\t\t{\n"
        '+\t\t\t\t\t\t"Key": "Team",\n'
        '+\t\t\t\t\t\t"Value": "core"\n'
        "+\t\t\t\t\t}\n"
        "+\t\t\t\t]\n"
        " \t\t\t}\n"
        " \t\t}\n"
        " \t}\n",
    ),
    # two new resources whose ids make the same logical id get different ones
    "cfn-yaml-two-imports-one-name": (
        "stack.yaml",
        BUCKET.format(tags=" [{Key: Team, Value: core}]\n"),
        [
            Live("aws_s3_bucket", None, "acme-scratch", {"bucket": "acme-scratch", "tags": {}}),
            Live("aws_s3_bucket", None, "acme.scratch", {"bucket": "acme.scratch", "tags": {}}),
        ],
        "--- a/stack.yaml\n"
        "+++ b/stack.yaml\n"
        "@@ -4,3 +4,19 @@\n"
        "     Properties:\n"
        "       BucketName: acme-data\n"
        "       Tags: [{Key: Team, Value: core}]\n"
        "+  # Imported by driftctl from live AWS (acme-scratch). CloudFormation does not adopt it by\n"
        "+  # itself: bring it into the stack with a resource import (an IMPORT change set).\n"
        "+  # DeletionPolicy Retain keeps it if it is removed from the stack again.\n"
        "+  AcmeScratch:\n"
        "+    Type: AWS::S3::Bucket\n"
        "+    DeletionPolicy: Retain\n"
        "+    Properties:\n"
        "+      BucketName: acme-scratch\n"
        "+  # Imported by driftctl from live AWS (acme.scratch). CloudFormation does not adopt it by\n"
        "+  # itself: bring it into the stack with a resource import (an IMPORT change set).\n"
        "+  # DeletionPolicy Retain keeps it if it is removed from the stack again.\n"
        "+  AcmeScratch2:\n"
        "+    Type: AWS::S3::Bucket\n"
        "+    DeletionPolicy: Retain\n"
        "+    Properties:\n"
        "+      BucketName: acme.scratch\n",
    ),
    "dyaml-two-imports-one-name": (
        "declared.yaml",
        "driftctl: 1\nresources:\n  - type: aws_s3_bucket\n    name: data\n"
        "    attrs:\n      bucket: acme-data\n",
        [
            Live("aws_s3_bucket", None, "acme*scratch", {"bucket": "acme*scratch", "tags": {}}),
            Live("aws_s3_bucket", None, "acme?scratch", {"bucket": "acme?scratch", "tags": {}}),
        ],
        "--- a/declared.yaml\n"
        "+++ b/declared.yaml\n"
        "@@ -4,3 +4,13 @@\n"
        "     name: data\n"
        "     attrs:\n"
        "       bucket: acme-data\n"
        "+  - type: aws_s3_bucket\n"
        "+    name: acme_scratch\n"
        "+    id: acme*scratch\n"
        "+    attrs:\n"
        "+      bucket: acme*scratch\n"
        "+  - type: aws_s3_bucket\n"
        "+    name: acme_scratch_2\n"
        "+    id: acme?scratch\n"
        "+    attrs:\n"
        "+      bucket: acme?scratch\n",
    ),
    # a long value under a key on a `- ` line is indented under the key, not the dash
    "cfn-yaml-long-value-on-a-dash-line": (
        "stack.yaml",
        "Resources:\n"
        "  App:\n"
        "    Type: AWS::IAM::Role\n"
        "    Properties:\n"
        "      RoleName: app\n"
        "      AssumeRolePolicyDocument:\n"
        '        Version: "2012-10-17"\n'
        "        Statement:\n"
        '          - Principal: "*"\n'
        "            Effect: Allow\n"
        "            Action: sts:AssumeRole\n",
        [
            Live(
                "aws_iam_role",
                "App",
                "app",
                {
                    "name": "app",
                    "path": "/",
                    "max_session_duration": 3600,
                    "tags": {},
                    "assume_role_policy": {
                        "Version": "2012-10-17",
                        "Statement": [
                            {
                                "Effect": "Allow",
                                "Principal": {
                                    "AWS": [
                                        "arn:aws:iam::123456789012:role/deployer",
                                        "arn:aws:iam::123456789012:role/admin",
                                    ]
                                },
                                "Action": "sts:AssumeRole",
                            }
                        ],
                    },
                },
            )
        ],
        "--- a/stack.yaml\n"
        "+++ b/stack.yaml\n"
        "@@ -6,6 +6,9 @@\n"
        "       AssumeRolePolicyDocument:\n"
        '         Version: "2012-10-17"\n'
        "         Statement:\n"
        '-          - Principal: "*"\n'
        "+          - Principal:\n"
        "+              AWS:\n"
        "+                - arn:aws:iam::123456789012:role/admin\n"
        "+                - arn:aws:iam::123456789012:role/deployer\n"
        "             Effect: Allow\n"
        "             Action: sts:AssumeRole\n",
    ),
    # a block scalar stays a block scalar
    "cfn-yaml-block-scalar": (
        "stack.yaml",
        BUCKET.format(
            tags="\n        - Key: Team\n          Value: |\n            core\n"
            "        - Key: Other   # other\n          Value: x\n"
        ),
        bucket(Team="platform\n", Other="x"),
        "--- a/stack.yaml\n"
        "+++ b/stack.yaml\n"
        "@@ -6,6 +6,6 @@\n"
        "       Tags:\n"
        "         - Key: Team\n"
        "           Value: |\n"
        "-            core\n"
        "+            platform\n"
        "         - Key: Other   # other\n"
        "           Value: x\n",
    ),
    # an item removed from a multi-line flow list goes with its line and comment; the
    # comments of the items that stay stay
    "cfn-yaml-flow-list-remove-middle": (
        "stack.yaml",
        BUCKET.format(
            tags=" [\n"
            "        {Key: A, Value: a},  # first\n"
            "        {Key: B, Value: b},  # second\n"
            "        {Key: C, Value: c}   # third\n"
            "      ]\n"
        ),
        bucket(A="a", C="c"),
        "--- a/stack.yaml\n"
        "+++ b/stack.yaml\n"
        "@@ -5,6 +5,5 @@\n"
        "       BucketName: acme-data\n"
        "       Tags: [\n"
        "         {Key: A, Value: a},  # first\n"
        "-        {Key: B, Value: b},  # second\n"
        "         {Key: C, Value: c}   # third\n"
        "       ]\n",
    ),
    "cfn-yaml-flow-list-remove-last-add-one": (
        "stack.yaml",
        BUCKET.format(
            tags=" [\n"
            "        {Key: A, Value: a},  # first\n"
            "        {Key: B, Value: b}   # second\n"
            "      ]\n"
        ),
        bucket(A="x", C="c"),
        "--- a/stack.yaml\n"
        "+++ b/stack.yaml\n"
        "@@ -4,6 +4,6 @@\n"
        "     Properties:\n"
        "       BucketName: acme-data\n"
        "       Tags: [\n"
        "-        {Key: A, Value: a},  # first\n"
        "-        {Key: B, Value: b}   # second\n"
        "+        {Key: A, Value: x},  # first\n"
        "+        {Key: C, Value: c}\n"
        "       ]\n",
    ),
    # every tag removed: the key keeps its own comment, the items go with theirs
    "cfn-yaml-remove-every-tag": (
        "stack.yaml",
        BUCKET.format(tags="   # the tags\n        - Key: A\n          Value: a   # a\n")
        + "      VersioningConfiguration: {Status: Enabled}\n",
        bucket(),
        "--- a/stack.yaml\n"
        "+++ b/stack.yaml\n"
        "@@ -3,7 +3,5 @@\n"
        "     Type: AWS::S3::Bucket\n"
        "     Properties:\n"
        "       BucketName: acme-data\n"
        "-      Tags:   # the tags\n"
        "-        - Key: A\n"
        "-          Value: a   # a\n"
        "+      Tags: []   # the tags\n"
        "       VersioningConfiguration: {Status: Enabled}\n",
    ),
}


@pytest.mark.parametrize("name", sorted(EDGE_CASES))
def test_only_the_drifted_bytes_change(tmp_path: Path, name: str) -> None:
    file, text, lives, expected = EDGE_CASES[name]
    path = tmp_path / file
    path.write_text(text)
    before = load(path)
    plan = codify(path, lives)
    assert plan.humans == []
    assert plan.diff == expected
    path.write_text(plan.files[file][1])
    check_codified(path, lives, before)
