"""The Terraform state a configuration's `backend` block names, read without being asked.

A Terraform directory given as `hcl://DIR` (or found as the default `.`) usually names its
state in `terraform { backend "s3" { ... } }`. Without that state, resources whose
identity only state knows (a security group's sg- id) match by their natural keys only.
So driftctl reads it, as snyk's driftctl does when no `--from` is given:

- `backend "s3"`: `tfstate+s3://BUCKET/KEY` (for a workspace other than `default`:
  `WORKSPACE_KEY_PREFIX/WORKSPACE/KEY`, the prefix `env:` by default), read with the
  block's `region`, the scan's credentials and `--endpoint-url`;
- `backend "local"`: its `path` (default `terraform.tfstate`; for another workspace
  `WORKSPACE_DIR/WORKSPACE/terraform.tfstate`), relative to DIR; absent until the first
  apply, which is a note, not an error.

Settings the block leaves out (a partial configuration, completed by `terraform init
-backend-config=...`) are given with `--backend-config FILE` (HCL `key = "value"` lines)
or `--backend-config KEY=VALUE`, as terraform init takes them. The workspace is
TF_WORKSPACE, else the one `terraform workspace select` wrote to DIR/.terraform/environment.

Other backends are not read: `gcs` and `azurerm` (not supported), `remote` and the `cloud`
block (`--from tfstate+tfcloud://ORG/WORKSPACE` reads them), and the rest; each is a
warning that says what to pass instead. A configuration given a state explicitly
(`--from tfstate://...` in its directory, or `tfstate+s3://`) is not searched.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from driftctl.declared import listing
from driftctl.errors import DriftctlError
from driftctl.settings import Source, StateAccess

DEFAULT_WORKSPACE = "default"
_BLOCK = re.compile(r'\bbackend\s+"([^"]+)"|\bcloud\s*\{')


@dataclasses.dataclass(frozen=True)
class Backend:
    kind: str  # "s3", "local", ..., or "cloud" for a `cloud` block
    settings: dict[str, Any]
    origin: str  # FILE:LINE of the block


@dataclasses.dataclass(frozen=True)
class Found:
    source: Source | None  # the state to read, if driftctl reads this backend
    note: str | None = None  # what was found, for the console
    warning: str | None = None  # why it is not read


def find(directory: Path) -> Backend | None:
    """The backend (or cloud) block of the configuration in directory, if any."""
    import hcl2

    for path in listing.files(directory):
        if path.suffix != ".tf":
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue  # the HCL loader reports an unreadable file
        found = _BLOCK.search(text)
        if found is None:
            continue
        try:
            doc = hcl2.loads(text)
        except Exception:
            continue
        origin = f"{path.name}:{text.count(chr(10), 0, found.start()) + 1}"
        for block in doc.get("terraform") or ():
            if not isinstance(block, dict):
                continue
            for backend in block.get("backend") or ():
                for kind, body in (backend or {}).items():
                    return Backend(_unquote(kind), _literals(body), origin)
            for body in block.get("cloud") or ():
                return Backend("cloud", _literals(body), origin)
    return None


def state_source(
    directory: Path, access: StateAccess, env: Mapping[str, str] | None = None
) -> Found:
    """The state source the configuration's backend names, or why there is none."""
    backend = find(directory)
    if backend is None:
        if access.backend_config:
            return Found(None, warning=f"--backend-config: {directory} has no backend block")
        return Found(None)
    settings = {**backend.settings, **_partial(access.backend_config)}
    workspace = _workspace(directory, env or {})
    where = f'{_display(directory, backend.origin)} (backend "{backend.kind}")'
    if backend.kind == "s3":
        bucket, key = settings.get("bucket"), settings.get("key")
        if not (isinstance(bucket, str) and bucket and isinstance(key, str) and key):
            raise DriftctlError(
                f"{where}: no bucket or key",
                "complete it with --backend-config FILE or --backend-config key=VALUE",
            )
        if workspace != DEFAULT_WORKSPACE:
            prefix = str(settings.get("workspace_key_prefix") or "env:")
            key = f"{prefix}/{workspace}/{key}"
        region = settings.get("region")
        source = Source(
            "tfstate+s3",
            Path(f"{bucket}/{key}"),
            region=region if isinstance(region, str) and region else None,
            origin=where,
        )
        return Found(source, note=f"reading the Terraform state s3://{bucket}/{key} of {where}")
    if backend.kind == "local":
        path = Path(str(settings.get("path") or "terraform.tfstate"))
        if workspace != DEFAULT_WORKSPACE:
            base = Path(str(settings.get("workspace_dir") or "terraform.tfstate.d"))
            path = base / workspace / "terraform.tfstate"
        state = path if path.is_absolute() else directory / path
        if not state.is_file():
            return Found(None, note=f"{where}: no state at {state} yet (not applied)")
        source = Source("tfstate", state, origin=where)
        return Found(source, note=f"reading the Terraform state {state} of {where}")
    return Found(None, warning=f"{where}: {_unread(backend.kind)}")


def _unread(kind: str) -> str:
    if kind in ("gcs", "azurerm"):
        return (
            f"Terraform state in {kind} is not supported, so resources match by name only; "
            "pass a pulled state: terraform state pull > current.tfstate, "
            "then --from tfstate://current.tfstate"
        )
    if kind in ("remote", "cloud"):
        return (
            "Terraform Cloud state is not read on its own; "
            "pass --from tfstate+tfcloud://ORGANIZATION/WORKSPACE"
        )
    if kind == "http":
        return "pass its address as --from tfstate+https://HOST/PATH (with -H for headers)"
    return (
        f"backend {kind} is not supported, so resources match by name only; pass a pulled "
        "state with --from tfstate://FILE"
    )


def _workspace(directory: Path, env: Mapping[str, str]) -> str:
    if env.get("TF_WORKSPACE"):
        return env["TF_WORKSPACE"]
    try:
        chosen = (directory / ".terraform" / "environment").read_text(encoding="utf-8").strip()
    except OSError:
        return DEFAULT_WORKSPACE
    return chosen or DEFAULT_WORKSPACE


def _partial(items: Sequence[str]) -> dict[str, Any]:
    """--backend-config values in order: files of `key = value` lines, and KEY=VALUE."""
    import hcl2

    out: dict[str, Any] = {}
    for item in items:
        path = Path(item)
        if path.is_file():
            try:
                out.update(_literals(hcl2.loads(path.read_text(encoding="utf-8"))))
            except Exception as exc:
                raise DriftctlError(
                    f'--backend-config {item}: not a file of key = "value" settings',
                    str(exc).splitlines()[0] if str(exc) else None,
                ) from exc
        else:
            key, _, value = item.partition("=")
            out[key.strip()] = value
    return out


def _literals(body: Any) -> dict[str, Any]:
    """A block's attributes as plain values (python-hcl2 keeps the quotes of strings)."""
    if not isinstance(body, dict):
        return {}
    return {k: _unquote(v) for k, v in body.items() if not k.startswith("__")}


def _unquote(value: Any) -> Any:
    if isinstance(value, str) and len(value) >= 2 and value[0] == value[-1] == '"':
        try:
            return json.loads(value)
        except json.JSONDecodeError:
            return value[1:-1]
    if isinstance(value, list):
        return [_unquote(v) for v in value]
    if isinstance(value, dict):
        return _literals(value)
    return value


def _display(directory: Path, origin: str) -> str:
    text = directory.as_posix()
    return origin if text in ("", ".") else f"{text.rstrip('/')}/{origin}"
