"""The determinism lint: non-deterministic constructs, each with file:line and why."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from driftctl.declared.hcl.lang.functions.registry import NON_DETERMINISTIC
from driftctl.determinism.lint import Finding, lint_hcl_dir, lint_manifest
from driftctl.errors import DriftctlError


def found(tmp_path: Path, files: dict[str, str]) -> list[tuple[str, int, str]]:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"))
    return [
        (Path(f.file).relative_to(tmp_path).as_posix(), f.line, f.construct)
        for f in lint_hcl_dir(tmp_path)
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('resource "aws_s3_bucket" "b" {\n  bucket = "x-${uuid()}"\n}\n', [(2, "uuid()")]),
        ("locals {\n  at = plantimestamp()\n}\n", [(2, "plantimestamp()")]),
        (
            'resource "x" "y" {\n  tags = merge(local.t, {\n    At = timestamp()\n  })\n}\n',
            [(3, "timestamp()")],
        ),
        (
            'locals {\n  doc = <<-EOT\n    a\n    h ${bcrypt("pw")}\n  EOT\n}\n',
            [(4, "bcrypt()")],
        ),
        (
            'locals {\n  doc = <<EOT\n%{ if uuid() != "" }x%{ endif }\nEOT\n}\n',
            [(3, "uuid()")],
        ),
        ("# timestamp() in a comment\nlocals {\n  a = 1 // uuid()\n}\n", []),
        ('locals {\n  note = "call uuid() later"\n  u = upper("x")\n}\n', []),
    ],
    ids=["template", "local", "nested", "heredoc", "directive", "comments", "literal"],
)
def test_non_deterministic_function_calls(
    tmp_path: Path, text: str, expected: list[tuple[int, str]]
) -> None:
    assert found(tmp_path, {"main.tf": text}) == [("main.tf", n, c) for n, c in expected]


def test_every_non_deterministic_function_has_its_reason(tmp_path: Path) -> None:
    body = "\n".join(f"  f{i} = {name}()" for i, name in enumerate(sorted(NON_DETERMINISTIC)))
    (tmp_path / "main.tf").write_text(f"locals {{\n{body}\n}}\n")
    findings = lint_hcl_dir(tmp_path)
    assert sorted(f.construct for f in findings) == sorted(f"{n}()" for n in NON_DETERMINISTIC)
    assert all(f.why != "non-deterministic" for f in findings)


def test_random_resources_without_keepers(tmp_path: Path) -> None:
    text = """
        resource "random_password" "db" {
          length = 16
        }

        resource "random_id" "suffix" {
          keepers     = { env = var.env }
          byte_length = 4
        }
        """
    assert found(tmp_path, {"main.tf": text}) == [("main.tf", 1, "random_password.db")]


MODULES = """
    module "a" {
      source = "terraform-aws-modules/vpc/aws"
    }
    module "b" {
      source  = "terraform-aws-modules/vpc/aws"
      version = "~> 5.0"
    }
    module "c" {
      source  = "terraform-aws-modules/vpc/aws"
      version = "5.1.2"
    }
    module "d" {
      source  = "app.terraform.io/acme/vpc/aws"
      version = "= 1.0.0"
    }
    module "e" {
      source = "git::https://example.com/vpc.git"
    }
    module "f" {
      source = "github.com/acme/vpc?ref=main"
    }
    module "g" {
      source = "git::https://example.com/vpc.git//modules/x?ref=v1.2.0"
    }
    module "h" {
      source = "./modules/local"
    }
    module "i" {
      source = "app.terraform.io/acme/vpc/aws"
    }
    """


def test_unpinned_module_sources(tmp_path: Path) -> None:
    findings = {(f.line, f.construct): f.why for f in lint_hcl_dir(_write(tmp_path, MODULES))}
    assert findings == {
        (2, 'module "a"'): "registry source terraform-aws-modules/vpc/aws has no version: "
        "each init takes the newest release",
        (6, 'module "b"'): "version '~> 5.0' is a range: each init takes the newest release "
        "that matches",
        (17, 'module "e"'): "git source git::https://example.com/vpc.git has no ?ref=: each "
        "init takes what the default branch is then",
        (20, 'module "f"'): "git source pins ?ref=main, a branch: it moves with every push",
        (29, 'module "i"'): "registry source app.terraform.io/acme/vpc/aws has no version: "
        "each init takes the newest release",
    }


def _write(directory: Path, text: str) -> Path:
    (directory / "main.tf").write_text(textwrap.dedent(text).lstrip("\n"))
    return directory


def test_helm_leftovers_in_manifests(tmp_path: Path) -> None:
    manifest = """
        apiVersion: v1
        kind: Secret
        stringData:
          password: {{ randAlphaNum 16 }}
          created: "{{ now | date "2006-01-02" }}"
          fine: "{{ .Values.now }}"
          alsofine: now is not in a template
          id: {{- uuidv4 -}}
        """
    result = found(
        tmp_path,
        {
            "main.tf": "",
            "k8s/secret.yaml": manifest,
            ".terraform/modules/x/chart.yaml": "a: {{ now }}\n",
            "notes.txt": "{{ now }}\n",
        },
    )
    assert result == [
        ("k8s/secret.yaml", 4, "randAlphaNum"),
        ("k8s/secret.yaml", 5, "now"),
        ("k8s/secret.yaml", 8, "uuidv4"),
    ]


def test_a_multi_line_template_action_names_the_line_of_the_call(tmp_path: Path) -> None:
    path = tmp_path / "m.yaml"
    path.write_text("a: 1\nb: {{\n  randAlpha\n  5 }}\n")
    assert lint_manifest(path, "m.yaml") == [
        Finding(
            "m.yaml",
            3,
            "randAlpha",
            "a Helm template call left in a manifest: a new random value on every render",
        )
    ]


def test_findings_print_as_file_line_construct_why() -> None:
    finding = Finding("infra/main.tf", 4, "timestamp()", "why")
    assert str(finding) == "infra/main.tf:4: timestamp() — why"
    assert finding.allowed_by("infra/main.tf:4: timestamp()")
    assert finding.allowed_by("timestamp()") and finding.allowed_by("infra/*")
    assert not finding.allowed_by("main.tf:4: timestamp()") and not finding.allowed_by("uuid()")


def test_a_syntax_error_is_a_driftctl_error_naming_the_file(tmp_path: Path) -> None:
    (tmp_path / "main.tf").write_text("locals {\n  a = \n}\n")
    with pytest.raises(DriftctlError, match=r"main\.tf:2:7: syntax error"):
        lint_hcl_dir(tmp_path)


CALLED_MODULES = {
    "main.tf": """
        module "b" {
          source = "./modules/b"
        }
        module "vpc" {
          source  = "terraform-aws-modules/vpc/aws"
          version = "5.1.2"
        }
        """,
    "modules/b/main.tf": """
        resource "aws_s3_bucket" "b" {
          bucket = "acme-b"
          tags   = { Id = uuid() }
        }
        module "c" {
          source = "../c"
        }
        """,
    "modules/c/main.tf": 'locals {\n  at = timestamp()\n}\nmodule "up" {\n  source = "../b"\n}\n',
    "modules/unused/main.tf": "locals {\n  id = uuid()\n}\n",
    ".terraform/modules/modules.json": """
        {"Modules": [{"Key": "", "Source": "", "Dir": "."},
                     {"Key": "vpc", "Source": "registry.terraform.io/terraform-aws-modules/vpc/aws",
                      "Dir": ".terraform/modules/vpc"}]}
        """,
    ".terraform/modules/vpc/main.tf": 'locals {\n  salt = bcrypt("x")\n}\n',
}


def test_modules_the_root_calls_are_linted_transitively_with_paths_from_the_source(
    tmp_path: Path,
) -> None:
    assert found(tmp_path, CALLED_MODULES) == [
        (".terraform/modules/vpc/main.tf", 2, "bcrypt()"),
        ("modules/b/main.tf", 3, "uuid()"),
        ("modules/c/main.tf", 2, "timestamp()"),
    ]


def test_module_findings_are_named_relative_to_the_source_as_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    found(tmp_path / "infra", CALLED_MODULES)
    monkeypatch.chdir(tmp_path)
    where = [f.where for f in lint_hcl_dir(Path("infra"))]
    assert "infra/modules/b/main.tf:3: uuid()" in where
    monkeypatch.chdir(tmp_path / "infra")
    assert "modules/b/main.tf:3: uuid()" in [f.where for f in lint_hcl_dir(Path("."))]


def test_a_module_outside_the_source_is_linted_with_its_yaml(tmp_path: Path) -> None:
    files = {
        "live/main.tf": 'module "shared" {\n  source = "../shared"\n}\n',
        "shared/main.tf": "locals {\n  id = uuid()\n}\n",
        "shared/tpl/cm.yaml": 'a: "{{ now }}"\n',
        "elsewhere/x.yaml": 'a: "{{ now }}"\n',
    }
    found(tmp_path, files)
    findings = lint_hcl_dir(tmp_path / "live")
    assert [
        (Path(f.file).relative_to(tmp_path).as_posix(), f.line, f.construct) for f in findings
    ] == [
        ("shared/main.tf", 2, "uuid()"),
        ("shared/tpl/cm.yaml", 1, "now"),
    ]
