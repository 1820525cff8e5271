"""AWS provider configurations across modules, as Terraform associates them.

https://developer.hashicorp.com/terraform/language/meta-arguments/module-providers:
a child module inherits its parent's default (unaliased) provider configurations
unless the module block sets `providers`, which then lists every configuration the
child gets (`providers = { aws = aws.west, aws.east = aws.east }`).

Each configuration has a global key: "" for the root's default `aws`, the alias for
the root's `aws.alias` (the keys RawDeclared.default_tags/regions and
RawResource.provider use), `module.x.provider.aws[.alias]` for a legacy provider
block inside a child module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from driftctl.base.raw import RawDeclared
from driftctl.declared.hcl.body import BodyEvaluator, BodyValue
from driftctl.declared.hcl.config import attributes, literal_string
from driftctl.declared.hcl.lang import nodes as n
from driftctl.declared.hcl.lang.eval import Evaluator, Frame, where
from driftctl.declared.hcl.lang.nodes import Expr, static_traversal
from driftctl.declared.hcl.lang.values import (
    as_unknown,
    finalize,
    is_pending,
    sensitive_paths,
    unmark,
    unmark_deep,
)
from driftctl.errors import DriftctlError

if TYPE_CHECKING:
    from driftctl.declared.hcl.loader import Loader
    from driftctl.declared.hcl.module import ModuleInstance

_SKIP = ("assume_role", "assume_role_with_web_identity")


def provider_keys(module: ModuleInstance) -> dict[str, str]:
    """Local provider configuration name ("aws", "aws.west") -> global key."""
    keys: dict[str, str] = {}
    if module.parent is None:
        keys["aws"] = ""
    elif module.call is not None:
        inherited = module.parent.provider_keys
        mapping = module.call.attrs.get("providers")
        if mapping is None:
            keys.update({k: v for k, v in inherited.items() if "." not in k})
        else:
            keys.update(_mapping(module, mapping, inherited))
    for file, block in module.config.providers:
        labels, body = block.labels, block.body
        if tuple(labels) != ("aws",):
            continue
        alias_node = attributes(body).get("alias")
        alias = literal_string(alias_node) if alias_node is not None else ""
        if alias is None:
            raise DriftctlError(
                f"{where(file, alias_node or block)}: provider alias must be a string"
            )
        local = f"aws.{alias}" if alias else "aws"
        key = alias if module.parent is None else f"{module.path}.provider.{local}"
        keys[local] = key
        module.loader.provider_blocks[key] = (module, file, block)
    return keys


def _mapping(module: ModuleInstance, node: Expr, inherited: dict[str, str]) -> dict[str, str]:
    assert module.call is not None
    inner = n.unwrap(node)
    if type(inner) is not n.Object:
        raise DriftctlError(f"{where(module.call.file, node)}: providers must be a map")
    out: dict[str, str] = {}
    for key_node, value_node in inner.items:
        local = static_traversal(key_node.expr)
        given = static_traversal(value_node)
        if local is None or given is None:
            raise DriftctlError(
                f"{where(module.call.file, key_node)}: providers entries look like aws = aws.alias"
            )
        key = inherited.get(".".join(given))
        if key is None:
            module.warn(
                f"{where(module.call.file, value_node)}: provider {'.'.join(given)} is not "
                f"configured in {module.parent.name if module.parent else 'the root module'}"
            )
            continue
        out[".".join(local)] = key
    return out


def provider_body(loader: Loader, key: str) -> BodyValue | None:
    """The evaluated provider block of a configuration (None: no block, e.g. implicit aws)."""
    if key in loader.provider_values:
        return loader.provider_values[key]
    found = loader.provider_blocks.get(key)
    value = None
    if found is not None:
        module, file, block = found
        evaluator = Evaluator(module, Frame(file))
        value = BodyEvaluator(evaluator, provenance=False).eval_body(block.body, _SKIP)
    loader.provider_values[key] = value
    return value


def apply_providers(loader: Loader, declared: RawDeclared) -> None:
    """default_tags and region of every AWS provider configuration, by global key."""
    for key in sorted(loader.provider_blocks):
        body = provider_body(loader, key)
        assert body is not None
        if "region" in body.attrs:
            declared.regions[key] = unmark_deep(finalize(body.attrs["region"]))[0]
        _default_tags(declared, key, body.attrs.get("default_tags"))


def _default_tags(declared: RawDeclared, key: str, blocks: Any) -> None:
    if blocks is None:
        return
    blocks, whole = unmark(blocks)
    tags = blocks
    if isinstance(blocks, list) and blocks:
        last, last_marked = unmark(blocks[-1])
        tags = finalize(last.get("tags", {})) if isinstance(last, dict) else last
        whole = whole or last_marked
    plain, marked = sensitive_paths(tags)
    if isinstance(plain, dict):
        declared.default_tags[key] = plain
        if whole or "" in marked:  # the whole map: every tag it gives is sensitive
            keys = set(plain)
        else:
            keys = {k for k, v in tags.items() if unmark_deep(v)[1]}
        if keys:
            declared.sensitive_default_tags[key] = frozenset(keys)
        return
    tags = plain
    address = f"provider.aws{'.' + key if key else ''}" if "provider" not in key else key
    reason = as_unknown(tags).reason if is_pending(tags) else "default_tags.tags is not a map"
    declared.unknown.append({"address": address, "path": "default_tags.tags", "reason": reason})
