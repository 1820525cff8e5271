"""The corpus of bad inputs: each one a command line, the files it reads, and what the one
error line must name (the file and line, the flag, or the JSON path).

Every case is run through the real CLI (tests/badinput/test_corpus.py) and must end with
exit 2, exactly one `error:` line (and at most a hint), no `internal error`, no traceback,
and no report written. The cases cover issue #11's list (the 13 inputs that gave
`internal error`, the inputs accepted silently) and the neighbours of each.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

ACCOUNT = "123456789012"
BUCKET_TF = 'resource "aws_s3_bucket" "logs" {\n  bucket = "acme-logs"\n}\n'
TEMPLATE = (
    "Resources:\n  Logs:\n    Type: AWS::S3::Bucket\n    Properties:\n      BucketName: acme-logs\n"
)
# the classic billion-laughs: 9 levels of 9 aliases, 9^9 values from a few hundred bytes
BOMB_LINES = [
    'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
    *(
        f"{c}: &{c} [{','.join(f'*{p}' for _ in range(9))}]"
        for p, c in zip("abcdefgh", "bcdefghi", strict=True)
    ),
]
BOMB = "\n".join(BOMB_LINES) + "\n"
RULE = "rules:\n  - name: r\n    match: {kind: unmanaged}\n    action: report\n"
OUT = "out.json"  # every scan writes its report here; no case may leave it behind


def snapshot(**changes: Any) -> dict[str, Any]:
    """A valid --save-live snapshot with one bucket."""
    return {
        "snapshot_version": 2,
        "default_region": "us-east-1",
        "pairs": [[ACCOUNT, "global"], [ACCOUNT, "us-east-1"]],
        "accounts": {
            ACCOUNT: {
                "resources": [
                    {
                        "type": "aws_s3_bucket",
                        "id": "acme-logs",
                        "region": "us-east-1",
                        "attrs": {"bucket": "acme-logs", "tags": {"Env": "prod"}},
                    }
                ],
                "errors": [],
                "incomplete_scans": [],
            }
        },
        "context": {"account_id": ACCOUNT, "partition": "aws", "region": "us-east-1"},
        **changes,
    }


def broken(edit: Callable[[dict[str, Any]], None]) -> str:
    doc = snapshot()
    edit(doc)
    return json.dumps(doc, indent=1)


def state(doc: dict[str, Any]) -> dict[str, Any]:
    return doc["accounts"][ACCOUNT]  # type: ignore[no-any-return]


def res(doc: dict[str, Any]) -> dict[str, Any]:
    return state(doc)["resources"][0]  # type: ignore[no-any-return]


Files = dict[str, "str | bytes"]


@dataclasses.dataclass(frozen=True)
class Case:
    id: str
    argv: tuple[str, ...]
    expect: str  # a substring of the error line (FILE:LINE, the flag, the JSON path)
    files: Files = dataclasses.field(default_factory=dict)
    env: dict[str, str] = dataclasses.field(default_factory=dict)
    setup: Callable[[Path], None] | None = None  # symlinks and the like
    unreadable: str | None = None  # chmod 000 this path, run as a user it stops (subprocess)
    organization: bool = False  # in moto, an organization without an active account


def scan(*args: str) -> tuple[str, ...]:
    return ("scan", *args, "-o", f"json://{OUT}")


def live_scan(*args: str) -> tuple[str, ...]:
    return scan("--from", "hcl://tf", "--live", "live.json", *args)


WITH_TF: Files = {"tf/main.tf": BUCKET_TF, "live.json": json.dumps(snapshot())}


def flag(id: str, expect: str, *args: str, **kw: Any) -> Case:
    return Case(id, live_scan(*args), expect, WITH_TF, **kw)


def snap(id: str, expect: str, text: str | bytes) -> Case:
    return Case(id, live_scan(), expect, {"tf/main.tf": BUCKET_TF, "live.json": text})


def hcl(id: str, expect: str, files: Files, **kw: Any) -> Case:
    tree = {f"tf/{name}": text for name, text in files.items()}
    return Case(
        id,
        scan("--from", "hcl://tf", "--live", "live.json"),
        expect,
        {**tree, "live.json": json.dumps(snapshot())},
        **kw,
    )


def cfn(id: str, expect: str, text: str | bytes, name: str = "t.yaml", *args: str) -> Case:
    files: Files = {name: text, "live.json": json.dumps(snapshot())}
    return Case(id, scan("--from", f"yaml://{name}", "--live", "live.json", *args), expect, files)


def rules(id: str, expect: str, text: str | bytes) -> Case:
    return Case(id, live_scan("--rules", "rules.yaml"), expect, {**WITH_TF, "rules.yaml": text})


def kustomize(id: str, expect: str, files: Files) -> Case:
    tree = {f"k8s/{name}": text for name, text in files.items()}
    argv = scan("--from", "kustomize://k8s/overlay", "--live", "live.json")
    return Case(id, argv, expect, {**tree, "live.json": json.dumps(snapshot())})


def deep_json(levels: int) -> str:
    return "[" * levels + "]" * levels


def symlink(link: str, target: str) -> Callable[[Path], None]:
    def make(root: Path) -> None:
        os.symlink(target, root / link)

    return make


def _set(path: list[Any], value: Any) -> Callable[[dict[str, Any]], None]:
    def edit(doc: dict[str, Any]) -> None:
        here: Any = doc
        for step in path[:-1]:
            here = here[step]
        here[path[-1]] = value

    return edit


R0 = ["accounts", ACCOUNT, "resources", 0]
CM = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\n"

CASES: list[Case] = [
    # ---------------------------------------------------------------- flags
    flag("max-rps-nan", "--max-rps nan", "--max-rps", "nan"),
    flag("max-rps-inf", "--max-rps inf", "--max-rps", "inf"),
    flag("max-rps-zero", "--max-rps 0", "--max-rps", "0"),
    flag("max-rps-negative", "--max-rps -3", "--max-rps", "-3"),
    flag("max-attempts-zero", "--max-attempts 0", "--max-attempts", "0"),
    flag("shard-beyond", "--shard 3/2", "--shard", "3/2"),
    flag("shard-garbage", "--shard x", "--shard", "x"),
    flag("accounts-not-ids", "--accounts: 12345", "--accounts", "12345"),
    flag("accounts-without-role", "--account-role", "--accounts", ACCOUNT),
    flag(
        "account-role-template",
        "--account-role arn:aws:iam::1:role/r",
        "--organization",
        "--account-role",
        "arn:aws:iam::1:role/r",
    ),
    flag(
        "live-with-accounts",
        "--accounts cannot be used with --live",
        "--accounts",
        ACCOUNT,
        "--account-role",
        "arn:aws:iam::{account}:role/r",
    ),
    flag(
        "live-with-organization",
        "--organization cannot be used with --live",
        "--organization",
        "--account-role",
        "arn:aws:iam::{account}:role/r",
    ),
    flag("live-with-shard", "--shard cannot be used with --live", "--shard", "1/2"),
    flag("live-with-all-regions", "--all-regions cannot be used with --live", "--all-regions"),
    Case(
        "endpoint-scheme-typo",
        scan("--from", "tf", "--endpoint-url", "htp:/bad"),
        "--endpoint-url htp:/bad",
        WITH_TF,
    ),
    Case(
        "endpoint-ftp",
        scan("--from", "tf", "--endpoint-url", "ftp://h"),
        "--endpoint-url ftp://h",
        WITH_TF,
    ),
    Case(
        "endpoint-no-host",
        scan("--from", "tf", "--endpoint-url", "http://"),
        "--endpoint-url http://",
        WITH_TF,
    ),
    Case(
        "endpoint-bad-port",
        scan("--from", "tf", "--endpoint-url", "http://h:port"),
        "--endpoint-url http://h:port",
        WITH_TF,
    ),
    Case(
        "endpoint-env",
        scan("--from", "tf"),
        "AWS_ENDPOINT_URL htp:/bad",
        WITH_TF,
        env={"AWS_ENDPOINT_URL": "htp:/bad"},
    ),
    Case(
        "region-nowhere",
        scan("--from", "tf", "--region", "xx-nowhere-9"),
        "--region xx-nowhere-9: not an AWS region",
        WITH_TF,
    ),
    Case(
        "region-typo",
        scan("--from", "tf", "--region", "us-east1"),
        "--region us-east1: not an AWS region",
        WITH_TF,
    ),
    Case(
        "region-empty",
        scan("--from", "tf", "--region", ""),
        "--region : not an AWS region",
        WITH_TF,
    ),
    Case(
        "region-env-typo",
        scan("--from", "tf"),
        "AWS_REGION=us-east1: not an AWS region",
        WITH_TF,
        env={"AWS_REGION": "us-east1"},
    ),
    Case("region-with-live", live_scan("--region", "eu-west1"), "--region eu-west1", WITH_TF),
    Case(
        "organization-without-active-account",
        scan("--from", "tf", "--organization", "--account-role", "arn:aws:iam::{account}:role/r"),
        "--organization: organizations:ListAccounts lists no ACTIVE account",
        WITH_TF,
        organization=True,
    ),
    flag("output-unknown", "-o bogus://x", "-o", "bogus://x"),
    flag("output-no-path", "-o json://", "-o", "json://"),
    Case("from-unknown-scheme", scan("--from", "svn://x"), "unknown source scheme svn://", {}),
    Case("from-missing", scan("--from", "nowhere"), "--from nowhere: no such file", {}),
    Case("from-hcl-file", scan("--from", "hcl://tf/main.tf"), "is not a directory", WITH_TF),
    Case(
        "from-tfstate-missing",
        scan("--from", "tfstate://x.tfstate"),
        "--from tfstate://x.tfstate: no such file or directory",
        {},
    ),
    Case(
        "from-unknown-format",
        scan("--from", "notes.txt"),
        "cannot tell the format",
        {"notes.txt": "hello\n"},
    ),
    flag("var-no-equals", "--var noequals", "--var", "noequals"),
    flag("var-undeclared", "--var undeclared", "--var", "undeclared=1"),
    flag("var-file-missing", "nope.tfvars", "--var-file", "nope.tfvars"),
    flag("parameter-no-equals", "--parameter x", "--parameter", "x"),
    flag("parameters-file-missing", "--parameters-file p.json", "--parameters-file", "p.json"),
    flag("driftignore-missing", "--driftignore nope", "--driftignore", "nope"),
    flag("rules-missing", "nope.yaml", "--rules", "nope.yaml"),
    flag("live-missing", "cannot read the live snapshot nope.json", "--live", "nope.json"),
    Case(
        "kustomize-bin-missing",
        scan("--from", "kustomize://k8s", "--kustomize-bin", "/nonexistent/kustomize"),
        "cannot run /nonexistent/kustomize",
        {"k8s/kustomization.yaml": "resources: []\n"},
    ),
    # ---------------------------------------------------------------- live snapshots
    snap("snapshot-not-json", "live.json:1: not a JSON live snapshot", "{oops"),
    snap("snapshot-binary", "live.json: not a JSON live snapshot (not UTF-8", b"\xff\xfe\x00"),
    snap("snapshot-array", "not a driftctl live snapshot", "[]"),
    snap("snapshot-version", "not a driftctl live snapshot", json.dumps({"snapshot_version": 9})),
    snap(
        "snapshot-100k-deep",
        "live.json:1: not a JSON live snapshot: nested deeper",
        deep_json(100_000),
    ),
    snap(
        "snapshot-attrs-string",
        f"accounts.{ACCOUNT}.resources[0].attrs: expected an object",
        broken(_set([*R0, "attrs"], "oops")),
    ),
    snap(
        "snapshot-unknown-type",
        "resources[0].type: 'aws_nope' is not a resource type",
        broken(_set([*R0, "type"], "aws_nope")),
    ),
    snap(
        "snapshot-duplicate-resource",
        "resources[1]: aws_s3_bucket acme-logs is given twice",
        broken(lambda d: state(d)["resources"].append(copy.deepcopy(res(d)))),
    ),
    snap(
        "snapshot-tags-list",
        "resources[0].attrs.tags: expected an object",
        broken(_set([*R0, "attrs", "tags"], [1, 2])),
    ),
    snap(
        "snapshot-tag-number",
        "resources[0].attrs.tags.Env: expected a string",
        broken(_set([*R0, "attrs", "tags", "Env"], 1)),
    ),
    snap(
        "snapshot-resources-object",
        "resources: expected an array",
        broken(_set(["accounts", ACCOUNT, "resources"], {})),
    ),
    snap(
        "snapshot-no-global-pair",
        f"pairs: no ['{ACCOUNT}', 'global'] pair",
        broken(_set(["pairs"], [[ACCOUNT, "us-east-1"]])),
    ),
    snap(
        "snapshot-account-without-state",
        "no state for account 210987654321",
        broken(lambda d: d["pairs"].append(["210987654321", "global"])),
    ),
    snap(
        "snapshot-account-without-pair",
        "accounts.210987654321: an account that no pair",
        broken(lambda d: d["accounts"].__setitem__("210987654321", state(d))),
    ),
    snap("snapshot-no-pairs", "pairs: no (account, region) pair", broken(_set(["pairs"], []))),
    snap(
        "snapshot-pair-shape",
        "pairs[0]: expected an [account, region] pair",
        broken(_set(["pairs", 0], "global")),
    ),
    snap(
        "snapshot-pair-account",
        "pairs[0][0]: '12' is not a 12-digit",
        broken(_set(["pairs", 0, 0], "12")),
    ),
    snap(
        "snapshot-pair-region",
        "pairs[1][1]: 'mars-1' is not an AWS region",
        broken(_set(["pairs", 1, 1], "mars-1")),
    ),
    snap(
        "snapshot-duplicate-pair",
        "pairs[2]: the same pair as pairs[0]",
        broken(lambda d: d["pairs"].append([ACCOUNT, "global"])),
    ),
    snap(
        "snapshot-default-region",
        "default_region: 'nowhere' is not an AWS region",
        broken(_set(["default_region"], "nowhere")),
    ),
    snap("snapshot-unknown-key", "(top level): unknown key 'extra'", broken(_set(["extra"], 1))),
    snap(
        "snapshot-missing-accounts",
        "(top level): missing key 'accounts'",
        broken(lambda d: d.pop("accounts")),
    ),
    snap(
        "snapshot-resource-no-id",
        "resources[0]: missing key 'id'",
        broken(lambda d: res(d).pop("id")),
    ),
    snap("snapshot-resource-empty-id", "resources[0].id: empty", broken(_set([*R0, "id"], ""))),
    snap(
        "snapshot-resource-unscanned-region",
        "is in eu-west-1, which no pair",
        broken(
            lambda d: state(d)["resources"].append(
                {"type": "aws_vpc", "id": "vpc-1", "region": "eu-west-1", "attrs": {}}
            )
        ),
    ),
    snap(
        "snapshot-error-shape",
        "errors[0]: expected an object",
        broken(_set(["accounts", ACCOUNT, "errors"], ["boom"])),
    ),
    snap(
        "snapshot-incomplete-shape",
        "incomplete_scans[0]: expected a [scan name, region]",
        broken(_set(["accounts", ACCOUNT, "incomplete_scans"], [["nope", "us-east-1"]])),
    ),
    snap("snapshot-context-shape", "context: expected an object", broken(_set(["context"], "me"))),
    # ---------------------------------------------------------------- Terraform (HCL)
    hcl(
        "hcl-5000-deep-brackets",
        "main.tf:2:",
        {"main.tf": "locals {\n  x = " + "[" * 5000 + "]" * 5000 + "\n}\n"},
    ),
    hcl(
        "hcl-3000-deep-parentheses",
        "main.tf:2:",
        {"main.tf": "locals {\n  x = " + "(" * 3000 + "1" + ")" * 3000 + "\n}\n"},
    ),
    hcl(
        "hcl-5000-deep-objects",
        "main.tf:2:",
        {"main.tf": "locals {\n  x = " + "{a = " * 5000 + "1" + " }" * 5000 + "\n}\n"},
    ),
    hcl(
        "hcl-module-sources-itself",
        "main.tf:1: module \"me\" has source './'",
        {"main.tf": 'module "me" {\n  source = "./"\n}\n'},
    ),
    hcl(
        "hcl-modules-in-a-cycle",
        "m/b/main.tf:1: module \"a\" has source '../a', the directory of module.a",
        {
            "main.tf": 'module "a" {\n  source = "./m/a"\n}\n',
            "m/a/main.tf": 'module "b" {\n  source = "../b"\n}\n',
            "m/b/main.tf": 'module "a" {\n  source = "../a"\n}\n',
        },
    ),
    hcl("hcl-syntax", "main.tf:2:", {"main.tf": 'resource "aws_s3_bucket" "b" {\n  = 1\n}\n'}),
    hcl("hcl-not-utf8", "main.tf", {"main.tf": b'resource "a" "b" {\n  x = "\xff"\n}\n'}),
    hcl(
        "hcl-dangling-symlink",
        "dangling.tf: a symbolic link to nowhere.tf",
        {"main.tf": BUCKET_TF},
        setup=symlink("tf/dangling.tf", "nowhere.tf"),
    ),
    hcl(
        "hcl-symlink-loop",
        "loop.tf: a symbolic link loop",
        {"main.tf": BUCKET_TF},
        setup=symlink("tf/loop.tf", "loop.tf"),
    ),
    hcl(
        "hcl-dangling-auto-tfvars",
        "x.auto.tfvars: a symbolic link",
        {"main.tf": BUCKET_TF},
        setup=symlink("tf/x.auto.tfvars", "gone.tfvars"),
    ),
    hcl(
        "hcl-duplicate-resource",
        "main.tf:5: resource aws_s3_bucket.logs is declared more",
        {"main.tf": BUCKET_TF + "\n" + BUCKET_TF},
    ),
    hcl(
        "hcl-local-cycle",
        "local values refer to each other in a cycle",
        {
            "main.tf": "locals {\n  a = local.b\n  b = local.a\n}\n"
            'resource "aws_s3_bucket" "b" {\n  bucket = local.a\n}\n'
        },
    ),
    hcl(
        "hcl-undeclared-variable",
        "main.tf:2:",
        {"main.tf": 'resource "aws_s3_bucket" "b" {\n  bucket = var.nope\n}\n'},
    ),
    hcl("hcl-no-tf-files", "no *.tf files", {"readme.md": "x\n"}),
    hcl(
        "hcl-module-source-missing",
        "main.tf:1: module \"m\": source './nope'",
        {"main.tf": 'module "m" {\n  source = "./nope"\n}\n'},
    ),
    hcl(
        "hcl-tfvars-syntax",
        "terraform.tfvars:1:",
        {"main.tf": 'variable "x" {}\n', "terraform.tfvars": "x = = 1\n"},
    ),
    hcl(
        "hcl-yamldecode-bomb",
        "too many YAML aliases",
        {
            "main.tf": 'locals {\n  x = yamldecode(file("${path.module}/bomb.yaml"))\n}\n'
            'resource "aws_s3_bucket" "b" {\n  bucket = length(local.x)\n}\n',
            "bomb.yaml": BOMB,
        },
    ),
    hcl(
        "hcl-tfvars-json-100k-deep",
        "terraform.tfvars.json:1:",
        {
            "main.tf": 'variable "x" {}\n' + BUCKET_TF,
            "terraform.tfvars.json": '{"x": ' + deep_json(100_000) + "}",
        },
    ),
    hcl(
        "hcl-modules-json-deep",
        ".terraform/modules/modules.json",
        {"main.tf": BUCKET_TF, ".terraform/modules/modules.json": deep_json(100_000)},
    ),
    Case(
        "hcl-directory-unreadable",
        scan("--from", "hcl://tf", "--live", "live.json"),
        "--from hcl://tf: cannot read tf: Permission denied",
        WITH_TF,
        unreadable="tf",
    ),
    Case(
        "hcl-file-unreadable",
        scan("--from", "hcl://tf", "--live", "live.json"),
        "main.tf",
        WITH_TF,
        unreadable="tf/main.tf",
    ),
    Case(
        "bare-directory-unreadable",
        scan("--from", "tf", "--live", "live.json"),
        "--from tf: cannot read tf: Permission denied",
        WITH_TF,
        unreadable="tf",
    ),
    # ---------------------------------------------------------------- Terraform state
    Case(
        "tfstate-100k-deep",
        scan("--from", "tfstate://deep.tfstate", "--live", "live.json"),
        "deep.tfstate:1: not a Terraform state file: nested deeper",
        {
            "deep.tfstate": '{"version": 4, "resources": ' + deep_json(100_000) + "}",
            "live.json": json.dumps(snapshot()),
        },
    ),
    Case(
        "tfstate-not-json",
        scan("--from", "tfstate://x.tfstate"),
        "x.tfstate:1:",
        {"x.tfstate": "{"},
    ),
    Case(
        "tfstate-version-3",
        scan("--from", "tfstate://x.tfstate"),
        "state format version 3",
        {"x.tfstate": '{"version": 3}'},
    ),
    Case(
        "tfstate-encrypted",
        scan("--from", "tfstate://x.tfstate"),
        "encrypted OpenTofu",
        {"x.tfstate": '{"encrypted_data": "x", "version": 4}'},
    ),
    Case(
        "tfstate-binary",
        scan("--from", "tfstate://x.tfstate"),
        "x.tfstate: not a UTF-8",
        {"x.tfstate": b"\xff\xfe"},
    ),
    Case(
        "tfstate-a-list",
        scan("--from", "tfstate://x.tfstate"),
        "not a Terraform state",
        {"x.tfstate": "[]"},
    ),
    # ---------------------------------------------------------------- CloudFormation
    cfn(
        "cfn-properties-a-string",
        "t.yaml:2: Resources.Logs.Properties: expected a mapping",
        "Resources:\n  Logs:\n    Type: AWS::S3::Bucket\n    Properties: hello\n",
    ),
    cfn(
        "cfn-tags-a-map",
        "t.yaml:2: Resources.Logs.Properties.Tags: a mapping",
        TEMPLATE + "      Tags: {Env: prod}\n",
    ),
    cfn(
        "cfn-tag-without-value",
        "Resources.Logs.Properties.Tags[0]: expected {Key",
        TEMPLATE + "      Tags: [{Key: Env}]\n",
    ),
    cfn(
        "cfn-duplicate-logical-id",
        "t.yaml:6: duplicate key 'Logs' (first at line 2)",
        TEMPLATE + "  Logs:\n    Type: AWS::S3::Bucket\n",
    ),
    cfn(
        "cfn-duplicate-property",
        "t.yaml:6: duplicate key 'BucketName' (first at line 5)",
        TEMPLATE + "      BucketName: other\n",
    ),
    cfn(
        "cfn-alias-bomb",
        "t.yaml:12: too many YAML aliases (a YAML bomb?)",
        TEMPLATE + "Metadata:\n" + "".join(f"  {line}\n" for line in BOMB_LINES),
    ),
    cfn(
        "cfn-alias-bomb-in-properties",
        "t.yaml:7: too many YAML aliases (a YAML bomb?)",
        "Metadata:\n"
        + "".join(f"  {line}\n" for line in BOMB_LINES)
        + TEMPLATE.replace("Metadata", "")
        + "      Foo: *i\n",
    ),
    cfn(
        "cfn-20k-deep-list",
        "t.yaml:7: YAML nested deeper than 100 levels",
        TEMPLATE + "Metadata:\n  x: " + "[" * 20_000 + "]" * 20_000 + "\n",
    ),
    cfn(
        "cfn-recursive-alias",
        "t.yaml:8: recursive YAML alias *a",
        TEMPLATE + "Metadata:\n  x: &a\n  - *a\n",
    ),
    cfn(
        "cfn-two-documents",
        "t.yaml:7: a template is one YAML document",
        TEMPLATE + "---\n" + TEMPLATE,
    ),
    cfn(
        "cfn-no-resources",
        "a template needs a Resources section",
        "AWSTemplateFormatVersion: '2010-09-09'\n",
    ),
    cfn(
        "cfn-resource-without-type",
        "t.yaml:3: Resources.Logs has no Type",
        "AWSTemplateFormatVersion: '2010-09-09'\nResources:\n  Logs:\n    Properties: {}\n",
    ),
    cfn(
        "cfn-json-duplicate-key",
        "t.json:1: invalid JSON: duplicate key 'Logs'",
        '{"Resources": {"Logs": {"Type": "AWS::S3::Bucket"}, "Logs": {"Type": "AWS::S3::Bucket"}}}',
        "t.json",
    ),
    cfn(
        "cfn-json-deep",
        "t.json:1: invalid JSON: nested deeper than 100 levels",
        '{"Resources": ' + deep_json(5000) + "}",
        "t.json",
    ),
    cfn("cfn-invalid-yaml", "t.yaml:2: invalid YAML", "Resources:\n  - [\n"),
    cfn(
        "cfn-circular-dependency",
        "circular dependency between resources: A -> B -> A",
        "Resources:\n  A:\n    Type: AWS::S3::Bucket\n    DependsOn: B\n"
        "  B:\n    Type: AWS::S3::Bucket\n    DependsOn: A\n",
    ),
    cfn(
        "cfn-parameters-not-a-mapping",
        "t.yaml: Parameters must be a mapping",
        "Parameters: [a]\n" + TEMPLATE,
    ),
    cfn(
        "cfn-allowed-values",
        "parameter Env='dev' is not one of",
        "Parameters:\n  Env:\n    Type: String\n    AllowedValues: [prod]\n    Default: dev\n"
        + TEMPLATE,
    ),
    cfn(
        "cfn-undeclared-parameter",
        "--parameter Nope: the template declares no such parameter",
        TEMPLATE,
        "t.yaml",
        "--parameter",
        "Nope=1",
    ),
    cfn(
        "cfn-neither-format",
        "neither a CloudFormation template nor driftctl YAML",
        "Resources: {}\nfoo: 1\n",
    ),
    cfn("cfn-binary", "t.yaml: not a UTF-8 text file", b"Resources:\n  \xff\n"),
    # ---------------------------------------------------------------- driftctl YAML
    cfn(
        "dyaml-alias-bomb",
        "d.yaml:12: too many YAML aliases",
        "driftctl: 1\nresources:\n  - type: aws_s3_bucket\n    attrs:\n      bucket: b\n"
        + "x:\n"
        + "".join(f"  {line}\n" for line in BOMB_LINES),
        "d.yaml",
    ),
    cfn(
        "dyaml-deep",
        "d.yaml:4: YAML nested deeper than 100 levels",
        "driftctl: 1\nresources:\n  - type: aws_s3_bucket\n    attrs: {bucket: "
        + "[" * 20_000
        + "]" * 20_000
        + "}\n",
        "d.yaml",
    ),
    cfn(
        "dyaml-duplicate-key",
        "d.yaml:5: duplicate key 'bucket' (first at line 4)",
        "driftctl: 1\nresources:\n  - type: aws_s3_bucket\n    attrs: {bucket: a,\n"
        "      bucket: b}\n",
        "d.yaml",
    ),
    cfn(
        "dyaml-schema", "d.yaml:3:", "driftctl: 1\nresources:\n  - typo: aws_s3_bucket\n", "d.yaml"
    ),
    # ---------------------------------------------------------------- rule files
    rules(
        "rules-alias-bomb",
        "rules.yaml:11: too many YAML aliases",
        RULE + "x:\n" + "".join(f"  {line}\n" for line in BOMB_LINES),
    ),
    rules(
        "rules-deep",
        "rules.yaml:5: YAML nested deeper than 100 levels",
        RULE + "x: " + "[" * 20_000 + "]" * 20_000 + "\n",
    ),
    rules(
        "rules-duplicate-key",
        "rules.yaml:5: rules[0]: duplicate key 'action'",
        RULE + "    action: ignore\n",
    ),
    rules(
        "rules-unknown-action",
        "rules.yaml:4: rules[0].action: 'fix' is not a valid action",
        RULE.replace("report", "fix"),
    ),
    rules("rules-binary", "rules.yaml: not UTF-8 text", b"rules:\n  - \xff\n"),
    rules("rules-recursive-alias", "rules.yaml:2: recursive YAML alias *r", "rules: &r\n  - *r\n"),
    # ---------------------------------------------------------------- .driftignore
    flag(
        "driftignore-binary",
        "bad.driftignore:1: not a .driftignore: not UTF-8",
        "--driftignore",
        "bad.driftignore",
        setup=lambda root: (root / "bad.driftignore").write_bytes(b"\xff\xfe\x00binary"),
    ),
    flag(
        "driftignore-nul",
        "nul.driftignore:2: not a .driftignore: a binary file",
        "--driftignore",
        "nul.driftignore",
        setup=lambda root: (root / "nul.driftignore").write_bytes(b"aws_s3_bucket.a\n\x00\x01\n"),
    ),
    # a bad glob in a .driftignore is not here: as in snyk's driftctl, its line is skipped
    # with a warning naming FILE:LINE (tests/test_rules_driftignore.py)
    # ---------------------------------------------------------------- kustomize
    kustomize(
        "kustomize-remote-resource",
        "k8s/overlay/kustomization.yaml:3: resources entry "
        "'github.com/acme/infra//base?ref=v1' is remote",
        {
            "overlay/kustomization.yaml": (
                "resources:\n- cm.yaml\n- github.com/acme/infra//base?ref=v1\n"
            ),
            "overlay/cm.yaml": CM,
        },
    ),
    kustomize(
        "kustomize-remote-url",
        "resources entry 'https://example.com/x.yaml' is remote",
        {"overlay/kustomization.yaml": "resources:\n- https://example.com/x.yaml\n"},
    ),
    kustomize(
        "kustomize-remote-git-ssh",
        "'git@github.com:acme/infra.git' is remote",
        {"overlay/kustomization.yaml": "resources:\n- git@github.com:acme/infra.git\n"},
    ),
    kustomize(
        "kustomize-remote-in-base",
        "k8s/base/kustomization.yaml:2: components entry",
        {
            "overlay/kustomization.yaml": "resources:\n- ../base\n",
            "base/kustomization.yaml": "components:\n- https://example.com/c\n",
        },
    ),
    kustomize(
        "kustomize-remote-patch",
        "k8s/overlay/kustomization.yaml:4: patches entry 'https://example.com/p.yaml' is remote",
        {
            "overlay/kustomization.yaml": "resources:\n- cm.yaml\npatches:\n- path: https://example.com/p.yaml\n",
            "overlay/cm.yaml": CM,
        },
    ),
    kustomize(
        "kustomize-remote-strategic-merge",
        "patchesStrategicMerge entry",
        {
            "overlay/kustomization.yaml": "resources:\n- cm.yaml\npatchesStrategicMerge:\n"
            "- https://example.com/p.yaml\n",
            "overlay/cm.yaml": CM,
        },
    ),
    Case(
        "rendered-alias-bomb",
        scan("--from", "kustomize://r.yaml", "--live", "live.json"),
        "r.yaml:11: too many YAML aliases",
        {
            "r.yaml": CM + "data:\n" + "".join(f"  {line}\n" for line in BOMB_LINES),
            "live.json": json.dumps(snapshot()),
        },
    ),
    Case(
        "rendered-duplicate-key",
        scan("--from", "kustomize://r.yaml", "--live", "live.json"),
        "r.yaml:5: duplicate key 'kind' (first at line 2)",
        {"r.yaml": CM + "kind: Secret\n", "live.json": json.dumps(snapshot())},
    ),
    Case(
        "rendered-not-an-object",
        scan("--from", "kustomize://r.yaml", "--live", "live.json"),
        "r.yaml:1: not a Kubernetes object",
        {"r.yaml": "hello: world\n", "live.json": json.dumps(snapshot())},
    ),
    Case(
        "rendered-declared-twice",
        scan("--from", "kustomize://r.yaml", "--live", "live.json"),
        "Bucket/b is declared twice",
        {
            "r.yaml": (
                "apiVersion: s3.aws.upbound.io/v1beta1\nkind: Bucket\nmetadata:\n"
                "  name: b\nspec:\n  forProvider:\n    region: us-east-1\n---\n"
            )
            * 2,
            "live.json": json.dumps(snapshot()),
        },
    ),
    # ---------------------------------------------------------------- other commands
    Case(
        "render-deep-brackets",
        ("render", "--from", "hcl://tf"),
        "main.tf:2:",
        {"tf/main.tf": "locals {\n  x = " + "[" * 5000 + "]" * 5000 + "\n}\n"},
    ),
    Case(
        "rules-validate-bomb",
        ("rules", "validate", "rules.yaml"),
        "rules.yaml:11: too many YAML aliases",
        {"rules.yaml": RULE + "x:\n" + "".join(f"  {line}\n" for line in BOMB_LINES)},
    ),
    Case(
        "merge-deep",
        ("merge", "a.json", "-o", OUT),
        "a.json:1: not a JSON report: nested",
        {"a.json": deep_json(100_000)},
    ),
    Case(
        "merge-binary",
        ("merge", "a.json", "-o", OUT),
        "a.json: not a JSON report",
        {"a.json": b"\xff\xfe"},
    ),
    Case(
        "merge-not-a-report",
        ("merge", "a.json", "-o", OUT),
        "not a driftctl JSON report",
        {"a.json": "{}"},
    ),
    Case(
        "gen-driftignore-binary",
        ("gen-driftignore", "-i", "r.json", "-o", OUT),
        "r.json: not a JSON report",
        {"r.json": b"\xff"},
    ),
    Case(
        "gen-driftignore-deep",
        ("gen-driftignore", "-i", "r.json", "-o", OUT),
        "r.json:1: not a JSON report: nested deeper",
        {"r.json": deep_json(100_000)},
    ),
]
