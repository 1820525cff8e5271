"""One stack, five declarations (tests/fixtures/stack): HCL, Crossplane and ACK manifests
built with the real `kubectl kustomize`, a CloudFormation template (YAML and JSON), and
driftctl's own YAML all render, with `driftctl render`, to the identical canonical state.

Addresses and sources differ by format (`aws_vpc.main`, `VPC/demo-vpc`, `Vpc`), so what is
compared is each resource's type and attributes, natural keys included, with every
reference replaced by what it points at: the target's id where the declaration alone
knows it (a bucket's name), else the target's type, identity and attribute.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from driftctl.base.spec import CFN_KEY
from driftctl.cli import main
from driftctl.resources.registry import TYPES

STACK = Path(__file__).parents[1] / "fixtures" / "stack"
SOURCES = {
    "hcl": f"hcl://{STACK / 'hcl'}",
    "crossplane": f"kustomize://{STACK / 'crossplane' / 'overlays' / 'demo'}",
    "ack": f"kustomize://{STACK / 'ack' / 'overlays' / 'demo'}",
    "cloudformation": f"yaml://{STACK / 'cloudformation' / 'template.yaml'}",
    "cloudformation-json": str(STACK / "cloudformation" / "template.json"),
    "driftctl-yaml": str(STACK / "driftctl.yaml"),
}
# tags a controller adds to what it manages (declared by its loader, absent elsewhere)
CONTROLLER_TAGS = ("crossplane-", "services.k8s.aws/")
REF = re.compile(r"^(?P<prefix>.*)\$\{(?P<target>.+)\}(?P<suffix>.*) is known after apply$", re.S)

needs_kubectl = pytest.mark.skipif(
    shutil.which("kubectl") is None and shutil.which("kustomize") is None,
    reason="needs the real kubectl (or kustomize) to build kustomizations",
)


def render(source: str, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    code = main(["render", "--from", source])
    out, err = capsys.readouterr()
    assert code == 0, err
    doc: dict[str, Any] = json.loads(out)
    return doc


class Canonical:
    """A rendering with references replaced by their targets, comparable across formats."""

    def __init__(self, doc: dict[str, Any]) -> None:
        self.resources = doc["resources"]
        self.targets: dict[str, dict[str, Any]] = {}
        for r in self.resources:  # a Ref to an address means its resource that has no parent
            if TYPES[r["type"]].parent is None:
                self.targets.setdefault(r["address"], r)

    def entries(self) -> list[str]:
        return sorted(
            json.dumps([r["type"], self.value(r["attrs"])], sort_keys=True) for r in self.resources
        )

    def value(self, value: Any) -> Any:
        if isinstance(value, dict) and set(value) == {"$unknown"}:
            return self.reference(value["$unknown"])
        if isinstance(value, dict):
            return {
                k: self.value(v)
                for k, v in value.items()
                if not (isinstance(k, str) and k.startswith(CONTROLLER_TAGS))
            }
        if isinstance(value, list):
            return [self.value(v) for v in value]
        return value

    def reference(self, text: str) -> Any:
        found = REF.match(text)
        assert found, f"not a reference: {text}"
        expression = found["target"]
        address = max((a for a in self.targets if expression.startswith(a + ".")), key=len)
        path = expression[len(address) + 1 :]
        target = self.targets[address]
        if path == "id" and target["id"] is not None:
            return found["prefix"] + target["id"] + found["suffix"]
        key = [self.identity(target), path]
        return {"ref": key, "prefix": found["prefix"], "suffix": found["suffix"]}

    def identity(self, target: dict[str, Any]) -> Any:
        natural = next(k for k in TYPES[target["type"]].natural_keys if k != CFN_KEY)
        attrs = target["attrs"]
        values = [self.value(_get(attrs, key.split("."))) for key in natural]
        return [target["type"], *values]


def _get(attrs: dict[str, Any], path: list[str]) -> Any:
    value: Any = attrs
    for part in path:
        value = value.get(part) if isinstance(value, dict) else None
    return value


@needs_kubectl
def test_every_format_renders_the_identical_canonical_state(
    capsys: pytest.CaptureFixture[str],
) -> None:
    rendered = {name: Canonical(render(source, capsys)) for name, source in SOURCES.items()}
    reference = rendered["hcl"].entries()
    assert len(reference) == 19
    for name, canonical in rendered.items():
        assert canonical.entries() == reference, name


@needs_kubectl
def test_the_same_reference_resolves_alike_in_every_format(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A subnet's vpc_id is a reference to the VPC in each format, never a guessed id."""
    for name, source in SOURCES.items():
        doc = render(source, capsys)
        subnets = [r for r in doc["resources"] if r["type"] == "aws_subnet"]
        assert len(subnets) == 2, name
        for subnet in subnets:
            vpc_id = subnet["attrs"]["vpc_id"]
            assert set(vpc_id) == {"$unknown"}, (name, vpc_id)
            assert "known after apply" in vpc_id["$unknown"]


@needs_kubectl
@pytest.mark.parametrize(
    ("name", "controller_tags"),
    [
        ("crossplane", {"crossplane-kind", "crossplane-name", "crossplane-providerconfig"}),
        ("ack", {"services.k8s.aws/controller-version", "services.k8s.aws/namespace"}),
    ],
)
def test_controllers_declare_the_tags_they_put_on_what_they_manage(
    capsys: pytest.CaptureFixture[str], name: str, controller_tags: set[str]
) -> None:
    doc = render(SOURCES[name], capsys)
    vpc = next(r for r in doc["resources"] if r["type"] == "aws_vpc")
    assert controller_tags <= set(vpc["attrs"]["tags"])
