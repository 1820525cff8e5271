"""A new Crossplane (or ACK) manifest for an unmanaged resource, in a kustomize:// source.

Crossplane adopts an existing resource by its external name: the manifest carries the
live id in `crossplane.io/external-name`, the live attributes in `spec.forProvider` (the
Upbound provider's kind, camelCase fields, the inverse of declared/k8s/crossplane.py),
`managementPolicies` left at their default, and `deletionPolicy: Orphan`, so deleting
the manifest again does not delete the resource. A source of ACK manifests gets an ACK
manifest with `services.k8s.aws/adoption-policy: adopt` instead, for S3 buckets (other
kinds need ids in `adoption-fields` that driftctl does not write yet: a human).

The manifest is appended to the rule's file (default driftctl_imported.yaml, in the
kustomization's directory), and the file is added to the kustomization's `resources`
when it is not listed yet (one new item, like the others), so the next build includes
it. The controller tags what it adopts (crossplane-kind/-name/-providerconfig; ACK's
namespace tag): those tags are expected to drift until it has, and the verification
step is told so (Outcome.settles).
"""

from __future__ import annotations

import json
import re
from typing import Any

import yaml

from driftctl.base.ack import ADOPTION_FIELDS, ADOPTION_POLICY
from driftctl.base.manifest import ACK, CROSSPLANE, Manifest
from driftctl.codify.base import Context, Outcome, human, live_of, wrap_words
from driftctl.codify.kustomize import patch as kustomize_patch
from driftctl.codify.kustomize.tree import Built, Patch, Tree, kustomization_file
from driftctl.codify.yaml.edit import Editor, Refuse, TextEdit, to_outcome
from driftctl.codify.yaml.spans import parse
from driftctl.core.model import Drift, Resource, SourceRef
from driftctl.declared.k8s.crossplane import EXTERNAL_NAME
from driftctl.resources.registry import ACK_KINDS, CROSSPLANE_KINDS, TYPES

DEFAULT_FILE = "driftctl_imported.yaml"
XP_VERSION = "v1beta1"
# Terraform type -> the Upbound provider kind that declares it
XP_KINDS = {k.type: k for k in CROSSPLANE_KINDS.values()}
# Terraform type -> the ACK kind that can adopt it
ACK_ADOPTS = {k.type: k for k in ACK_KINDS.values() if k.adopt is not None}
XP_NOTE = (
    "Imported by driftctl from live AWS ({id}): Crossplane adopts it by its external name. "
    "deletionPolicy Orphan keeps it in AWS if this manifest is deleted."
)
ACK_NOTE = (
    "Imported by driftctl from live AWS ({id}): the ACK controller adopts it "
    "(adoption-policy: adopt) instead of creating it."
)


class _Unsupported(Exception):
    pass


def declare(drift: Drift, ctx: Context, tree: Tree) -> Outcome:
    found = live_of(drift, ctx)
    if isinstance(found, Outcome):
        return found
    rid, live = found
    if drift.type not in TYPES:
        return human(drift, "its live attributes are not in this scan")
    file = ctx.import_file.get(drift.fingerprint, DEFAULT_FILE)
    if ctx.source is not None and file != ctx.source:
        return human(
            drift,
            f"the rule puts it in {file}, but this kustomize:// source is one file: new "
            f"manifests go into {ctx.source} (name it in the rule, or no file)",
        )
    taken = {name for _, name in tree.objects} | {
        str(r.address).partition("/")[2] for r in ctx.declared.resources if r.address
    }
    family = _family(tree)
    try:
        make = _crossplane if family == CROSSPLANE else _ack
        key = external_name(drift.type, rid, live) if family == CROSSPLANE else rid
        name = ctx.claim("k8s", lambda given: _k8s_name(key, given), taken)
        manifest, settles, note = make(drift, rid, live, name)
    except _Unsupported as exc:
        return human(drift, str(exc))
    edits: tuple[Any, ...] = ()
    if ctx.source is None:
        listed = _list_in_kustomization(drift, ctx, file)
        if isinstance(listed, Outcome):
            return listed
        edits = listed
        patch = _patched_by(manifest, tree)
        if patch is not None:
            return human(
                drift,
                "a patch of the kustomization would change the new manifest, so it would "
                "not declare the live resource: declare it by hand",
                where=patch.where,
            )
    return Outcome(edits, None, (), ((file, render(manifest, note.format(id=drift.id))),), settles)


def _family(tree: Tree) -> str:
    """ACK when the source declares ACK kinds and no Crossplane ones; else Crossplane."""
    families = set()
    for obj in tree.objects.values():
        m = Manifest(obj.api_version, obj.kind, obj.name, None, {}, {}, {}, SourceRef("", 1))
        families.add(m.family)
    return ACK if ACK in families and CROSSPLANE not in families else CROSSPLANE


Settles = tuple[tuple[str, str, str], ...]
Made = tuple[dict[str, Any], Settles, str]


def _crossplane(drift: Drift, rid: str, live: Resource, name: str) -> Made:
    kind = XP_KINDS.get(drift.type)
    if kind is None or not kind.importable:
        raise _Unsupported(f"driftctl cannot declare a {drift.type} as a Crossplane manifest yet")
    rtype = TYPES[drift.type]
    attrs = {
        k: v
        for k, v in sorted(live.attrs.items())
        if k in rtype.compared and v not in (None, {}, [])
    }
    probe: dict[str, Any] = {}
    kind.external_name(rid, rid, probe)  # the attribute the external name sets says it
    for said in probe:
        attrs.pop(said, None)
    external = external_name(drift.type, rid, live)
    for attr, why in kind.import_refuse.items():
        if attrs.get(attr):
            raise _Unsupported(why)
        attrs.pop(attr, None)
    for attr in kind.import_skip:
        attrs.pop(attr, None)
    for_provider: dict[str, Any] = {}
    if kind.regional and live.region and live.region != "global":
        for_provider["region"] = live.region
    for key, value in attrs.items():
        if isinstance(value, dict) and key in rtype.documents:
            value = json.dumps(value, indent=2, sort_keys=False) + "\n"
        elif isinstance(value, (dict, list)) and key != "tags":
            raise _Unsupported(f"driftctl cannot write its {key} as a Crossplane field yet")
        for_provider[_camel(key)] = dict(sorted(value.items())) if key == "tags" else value
    manifest = {
        "apiVersion": f"{kind.service}.aws.upbound.io/{XP_VERSION}",
        "kind": kind.kind,
        "metadata": {"name": name, "annotations": {EXTERNAL_NAME: external}},
        "spec": {"deletionPolicy": "Orphan", "forProvider": for_provider},
    }
    settles: Settles = ()
    if kind.tagged:
        tags = ("crossplane-kind", "crossplane-name", "crossplane-providerconfig")
        settles = tuple((drift.type, rid, f"tags.{t}") for t in tags)
    return manifest, settles, XP_NOTE


def external_name(rtype: str, rid: str, live: Resource) -> str:
    """The external name Crossplane adopts the live resource by: the live value of the
    attribute the kind's external name sets (a queue's name, where its id is its URL),
    else the id."""
    kind = XP_KINDS.get(rtype)
    if kind is None:
        return rid
    probe: dict[str, Any] = {}
    kind.external_name(rid, rid, probe)
    for said, value in sorted(probe.items()):
        held = live.attrs.get(said)
        if value == rid and isinstance(held, str) and held:
            return held
    return rid


def _ack(drift: Drift, rid: str, live: Resource, name: str) -> Made:
    kind = ACK_ADOPTS.get(drift.type)
    if kind is None or kind.adopt is None:
        raise _Unsupported(f"driftctl cannot declare a {drift.type} as an ACK manifest yet")
    spec, fields = kind.adopt(rid, live.attrs)
    manifest = {
        "apiVersion": f"{kind.service}.services.k8s.aws/{kind.version}",
        "kind": kind.kind,
        "metadata": {
            "name": name,
            "annotations": {ADOPTION_POLICY: "adopt", ADOPTION_FIELDS: json.dumps(fields)},
        },
        "spec": spec,
    }
    settles: Settles = ((drift.type, rid, "tags.services.k8s.aws/namespace"),)
    return manifest, settles, ACK_NOTE


def _patched_by(manifest: dict[str, Any], tree: Tree) -> Patch | None:
    """The first patch of the top kustomization (where the new file is listed) that would
    change the new manifest: it writes a value the manifest does not have."""
    kfile = kustomization_file(tree.root)
    if kfile is None:
        return None
    meta = manifest["metadata"]
    obj = Built(
        api_version=manifest["apiVersion"],
        kind=manifest["kind"],
        name=meta["name"],
        namespace=None,
        labels={},
        annotations=meta["annotations"],
        origin=None,
        configured_in=(),
        transformers=(),
    )
    for patch in tree.patches(kfile):
        for _, doc in kustomize_patch.applying(patch, obj, {obj.name}):
            if not _agrees(patch, doc, manifest):
                return patch
    return None


def _agrees(patch: Patch, doc: Any, manifest: dict[str, Any]) -> bool:
    if patch.json:
        for op in doc if isinstance(doc, list) else ():
            if not isinstance(op, dict) or op.get("op") == "test":
                continue
            path = op.get("path")
            if op.get("op") not in ("add", "replace") or not isinstance(path, str):
                return False
            found, value = kustomize_patch.dig(manifest, tuple(kustomize_patch.pointer(path)))
            if not found or value != op.get("value"):
                return False
        return True
    rest = {k: v for k, v in doc.items() if k not in ("apiVersion", "kind", "metadata")}
    return _within(rest, manifest)


def _within(patch: Any, have: Any) -> bool:
    """Every value the strategic-merge patch writes is already in have."""
    if isinstance(patch, dict) and isinstance(have, dict):
        return all(k in have and _within(v, have[k]) for k, v in patch.items())
    return bool(patch == have)


def _list_in_kustomization(drift: Drift, ctx: Context, file: str) -> tuple[Any, ...] | Outcome:
    """The edit that lists file in the kustomization's resources (none if it is)."""
    kfile = kustomization_file(ctx.root)
    if kfile is None:
        return human(drift, "the source directory has no kustomization.yaml to list it in")
    doc = parse(kfile, ctx.text(kfile))
    if doc.root.kind != "map":
        return human(drift, f"{kfile} is not a mapping")
    resources = doc.root.get("resources")
    listed = resources.data if resources is not None else []
    if resources is not None and not isinstance(listed, list):
        return human(drift, f"the resources of {kfile} are not a list", where=doc.where(resources))
    if any(isinstance(r, str) and r.removeprefix("./") == file for r in listed):
        return ()
    if (ctx.root / file).exists():
        return human(
            drift,
            f"{file} exists but is not in the resources of {kfile}: listing it would "
            "declare what else it holds too",
            where=f"{file}:1",
        )
    editor = Editor(doc, _never, _none)
    edits: list[TextEdit]
    try:
        if resources is None:
            edits = editor.insert(doc.root, [("resources", [file])])
        else:
            edits = editor.collection(resources, [], [(None, file)], [])
    except Refuse as exc:
        return human(drift, f"cannot list {file} in {kfile}: {exc.reason}", where=f"{kfile}:1")
    return to_outcome(drift, doc, edits).edits


def _never(node: Any) -> bool:
    return False


def _none(node: Any, wanted: Any) -> list[TextEdit]:
    return []


def _camel(key: str) -> str:
    head, *rest = key.split("_")
    return head + "".join(p[:1].upper() + p[1:] for p in rest)


def _k8s_name(rid: str, taken: set[str]) -> str:
    """A Kubernetes object name (DNS subdomain) from a live id, unique among taken."""
    base = re.sub(r"[^a-z0-9.-]+", "-", rid.rsplit("/", 1)[-1].lower()).strip("-.")[:240]
    base = base or "imported"
    name, n = base, 2
    while name in taken:
        name, n = f"{base}-{n}", n + 1
    return name


class _Dumper(yaml.SafeDumper):
    """Kubernetes style: list items indented under their key, multi-line strings as `|`."""

    def increase_indent(self, flow: bool = False, indentless: bool = False) -> None:
        super().increase_indent(flow, False)


def _string(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _string)


def render(manifest: dict[str, Any], note: str) -> str:
    """The manifest as a YAML document of its own, after a comment saying where it came
    from."""
    body = yaml.dump(manifest, Dumper=_Dumper, sort_keys=False, default_flow_style=False, width=88)
    comment = "".join(f"# {line}\n" for line in wrap_words(note, 86))
    return "---\n" + comment + body
