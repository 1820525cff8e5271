"""Every `--from` source loaded into RawDeclared, in the order given, by its scheme.

HCL is loaded by the caller's function (the pipeline owns how the HCL evaluator is
called). A Terraform state given with the HCL of the same configuration is merged into
it (state supplies ids, HCL the values; merge.py) instead of being declared again: a
`tfstate://` file whose directory is an `hcl://` source's directory, or a remote state
(`tfstate+s3://`, `tfstate+http(s)://`, `tfstate+tfcloud://`) when exactly one HCL source
is given. An HCL source given no state reads the one its `backend` block names
(declared/backend.py).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from driftctl.base.raw import Gap, RawDeclared
from driftctl.declared import backend, remote_state
from driftctl.declared.binding import State
from driftctl.declared.cfn.load import is_template, load_cloudformation, read_parameters_file
from driftctl.declared.cfn.parse import parse_template
from driftctl.declared.driftctl_yaml import is_driftctl_yaml, load_driftctl_yaml
from driftctl.declared.k8s.kustomize import load_kustomize
from driftctl.declared.merge import merge_state
from driftctl.declared.tfstate import load_state_s3, load_state_text
from driftctl.errors import DriftctlError
from driftctl.settings import Settings, Source

HclLoader = Callable[[Source], RawDeclared]
REMOTE_STATES = ("tfstate+s3", "tfstate+http", "tfstate+https", "tfstate+tfcloud")


def load_all(settings: Settings, load_hcl: HclLoader) -> list[tuple[Source, RawDeclared]]:
    """(source, its RawDeclared) for each source that declares on its own."""
    pairs = state_pairs(settings.sources)
    merged_states = {state for states in pairs.values() for state in states}
    return [
        (source, load_source(source, settings, load_hcl))
        for source in settings.sources
        if source not in merged_states
    ]


def load_source(
    source: Source, settings: Settings, load_hcl: HclLoader, bound: State | None = None
) -> RawDeclared:
    """One source that declares on its own; `bound`: live values of matched resources
    that its references to computed attributes take (binding.py; HCL's through load_hcl)."""
    if source.scheme == "hcl":
        raw = load_hcl(source)
        if not raw.resources and not raw.gaps:
            raw.gaps.extend(_backend_only(source))
        pairs = state_pairs(settings.sources)
        for state in pairs.get(source, []):
            raw = merge_state(raw, load_state(state, settings))
        if source not in pairs and settings.state.detect_backend:
            raw = _with_backend_state(source, raw, settings)
        return raw
    if source.scheme == "yaml":
        return load_yaml(source.path, settings, bound)
    return load_one(source, settings)


def _backend_only(source: Source) -> list[Gap]:
    """A configuration that declares nothing but a backend block: its resources are
    elsewhere (another directory, modules a wrapper like Terragrunt adds), so the declared
    state was not loaded whole, and everything live would look unmanaged."""
    found = backend.find(source.path) if source.path.is_dir() else None
    if found is None:
        return []
    reason = (
        f"{source.path} declares no resource, only a backend block ({found.origin}): "
        "point --from at the directory of the configuration that declares the resources "
        "(or at its state: --from tfstate://FILE)"
    )
    return [Gap(f"hcl://{source.path}", reason, whole=True)]


def can_bind(source: Source) -> bool:
    """Whether live values can be bound in the source by evaluating it again: Terraform
    HCL and CloudFormation (a file; stdin is read once)."""
    return source.scheme == "hcl" or (source.scheme == "yaml" and str(source.path) != "-")


def state_pairs(sources: tuple[Source, ...]) -> dict[Source, list[Source]]:
    """hcl source -> the state sources that supply its ids."""
    hcl = [s for s in sources if s.scheme == "hcl"]
    pairs: dict[Source, list[Source]] = {}
    for state in sources:
        if state.scheme == "tfstate":
            home = os.path.realpath(state.path.parent)
            owner = next((h for h in hcl if os.path.realpath(h.path) == home), None)
        elif state.scheme in REMOTE_STATES and len(hcl) == 1:
            owner = hcl[0]
        else:
            continue
        if owner is not None:
            pairs.setdefault(owner, []).append(state)
    return pairs


def _with_backend_state(source: Source, raw: RawDeclared, settings: Settings) -> RawDeclared:
    found = backend.state_source(source.path, settings.state, dict(settings.tf_env_vars))
    if found.warning:
        raw.warnings.append(found.warning)
    if found.note:
        raw.notes.append(found.note)
    if found.source is not None:
        raw = merge_state(raw, load_state(found.source, settings))
    return raw


def load_one(source: Source, settings: Settings) -> RawDeclared:
    if source.scheme == "tfstate" or source.scheme in REMOTE_STATES:
        return load_state(source, settings)
    if source.scheme == "kustomize":
        formats = settings.formats
        return load_kustomize(str(source.path), formats.kustomize_bin, formats.allow_remote_bases)
    if source.scheme == "yaml":
        return load_yaml(source.path, settings)
    raise DriftctlError(f"{source.scheme}:// sources cannot be loaded here")


def load_state(source: Source, settings: Settings) -> RawDeclared:
    if source.scheme == "tfstate+s3":
        return load_state_s3(source.path.as_posix(), lambda: _s3_client(settings, source.region))
    if source.scheme in ("tfstate+http", "tfstate+https"):
        url = source.url or f"{source.scheme.removeprefix('tfstate+')}://{source.path}"
        came_from, text = remote_state.read_http(url, settings.state.headers)
        return load_state_text(came_from, text)
    if source.scheme == "tfstate+tfcloud":
        name, text = remote_state.read_tfcloud(source.path.as_posix(), settings.state)
        return load_state_text(name, text)
    raw = load_state_text(source.path.name, _read(source.path), str(source.path))
    raw.inputs = [source.path]
    return raw


def _s3_client(settings: Settings, region: str | None = None) -> Any:
    from driftctl.aws.accounts import base_session

    session = settings.session or base_session(settings.profile)
    region = region or (settings.regions or (session.region_name or "us-east-1",))[0]
    return session.client("s3", region_name=region, endpoint_url=settings.endpoint_url)


def load_yaml(path: Path, settings: Settings, bound: State | None = None) -> RawDeclared:
    """A CloudFormation template (YAML or JSON), or driftctl's own YAML format."""
    text = sys.stdin.read() if str(path) == "-" else _read(path)
    name = path.name
    data, lines = parse_template(name, text)
    if is_driftctl_yaml(data):
        return load_driftctl_yaml(name, text)
    if not is_template(data):
        raise DriftctlError(
            f"{path}: neither a CloudFormation template nor driftctl YAML",
            "a template has AWSTemplateFormatVersion or Resources; see docs/declared-yaml.md",
        )
    formats = settings.formats
    parameters = read_parameters_file(formats.parameters_file) if formats.parameters_file else {}
    parameters.update(dict(formats.parameters))
    region = settings.regions[0] if settings.regions else None
    raw = load_cloudformation(name, data, lines, parameters, formats.stack_name, region, bound)
    raw.inputs = [p for p in (path, formats.parameters_file) if p is not None and str(p) != "-"]
    return raw


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DriftctlError(f"cannot read {path}: {exc.strerror}") from exc
    except UnicodeDecodeError as exc:
        raise DriftctlError(f"{path}: not a UTF-8 text file") from exc
