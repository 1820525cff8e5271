"""Terraform states read over HTTP: `tfstate+http(s)://URL` and `tfstate+tfcloud://WORKSPACE`.

- `tfstate+https://HOST/PATH` is one GET (redirects followed), with the `-H NAME=VALUE`
  headers (a Terraform `http` backend, a presigned URL, an artifact server);
  `user:password@` in the URL is sent as basic authentication. An https certificate is
  checked against the system's CA certificates (`SSL_CERT_FILE` names another bundle).
- `tfstate+tfcloud://ws-ID` or `tfstate+tfcloud://ORGANIZATION/WORKSPACE` reads the
  workspace's current state from the Terraform Cloud / Enterprise API (`--tfc-endpoint`,
  default https://app.terraform.io/api/v2): `GET /organizations/ORG/workspaces/NAME` for
  the id when a name is given, `GET /workspaces/ID/current-state-version`, then its
  `hosted-state-download-url`. The token is `--tfc-token`, else Terraform's own
  `TF_TOKEN_<host>` variable or `terraform login`'s credentials.tfrc.json. The token is
  sent to the endpoint's origin only: a download URL elsewhere (Terraform Cloud's are
  signed URLs on another host) is read without it.

Credentials go only to the origin they were given for, a state is at most
DRIFTCTL_STATE_MAX_BYTES and read within DRIFTCTL_STATE_DEADLINE (declared/http_get.py).
No header value, password or token is ever printed; URLs are shown without them and
without their query (redact.url).
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.parse import quote, urljoin, urlsplit

from driftctl.declared import http_get
from driftctl.errors import DriftctlError
from driftctl.settings import StateAccess
from driftctl.util import redact


def shown(url: str) -> str:
    """The URL without credentials and query (a presigned URL's query is a secret)."""
    return redact.url(url)


def read_http(url: str, headers: Sequence[tuple[str, str]]) -> tuple[str, str]:
    """(the URL the state came from, redirects followed, as shown(); its text) of a
    `tfstate+http(s)` URL; the headers and the URL's user info go to its origin only."""
    got = http_get.get(url, headers)
    return shown(got.url), _text(got, shown(got.url), "Terraform state")


def _text(got: http_get.Got, label: str, what: str) -> str:
    try:
        return got.body.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DriftctlError(f"{label}: not a UTF-8 {what}") from exc


def read_tfcloud(workspace: str, access: StateAccess) -> tuple[str, str]:
    """(a name for messages, the state's text) of a Terraform Cloud workspace."""
    endpoint = access.tfc_endpoint.rstrip("/")
    token = access.tfc_token or _stored_token(endpoint)
    if not token:
        raise DriftctlError(
            f"tfstate+tfcloud://{workspace}: no Terraform Cloud API token",
            "pass --tfc-token (or DCTL_TFC_TOKEN), or run terraform login",
        )
    auth = [("Authorization", f"Bearer {token}"), ("Accept", "application/vnd.api+json")]
    where = f"tfstate+tfcloud://{workspace}"
    workspace_id = workspace
    if not workspace.startswith("ws-"):
        org, _, name = workspace.partition("/")
        url = f"{endpoint}/organizations/{quote(org, safe='')}/workspaces/{quote(name, safe='')}"
        doc = _api_json(url, auth, where, "the workspace", endpoint)
        workspace_id = str(_dig(doc, ("data", "id"), where))
    url = f"{endpoint}/workspaces/{quote(workspace_id, safe='')}/current-state-version"
    doc = _api_json(url, auth, where, "its current state version", endpoint)
    download = str(_dig(doc, ("data", "attributes", "hosted-state-download-url"), where))
    # the token is the API's: a download URL on another origin (a signed URL) gets none
    got = http_get.get(urljoin(url, download), auth, f"{where} (its state download)", endpoint)
    return where, _text(got, f"{where} (its state download)", "Terraform state")


def _api_json(
    url: str, headers: list[tuple[str, str]], where: str, what: str, endpoint: str
) -> Any:
    try:
        got = http_get.get(url, headers, f"{where} ({what}: {shown(url)})", endpoint)
    except DriftctlError as exc:
        if "HTTP 401" in exc.message:
            raise DriftctlError(
                exc.message, "the API token was rejected: check --tfc-token"
            ) from exc
        if "HTTP 404" in exc.message:
            raise DriftctlError(
                exc.message, "no such workspace, or the token cannot read it"
            ) from exc
        raise
    try:
        return json.loads(_text(got, f"{where} ({what})", "JSON answer"))
    except json.JSONDecodeError as exc:
        raise DriftctlError(f"{where}: {what} is not JSON ({shown(url)})") from exc


def _dig(doc: Any, path: tuple[str, ...], where: str) -> Any:
    value = doc
    for key in path:
        if not isinstance(value, dict) or key not in value:
            raise DriftctlError(
                f"{where}: unexpected API answer (no {'.'.join(path)})",
                "check --tfc-endpoint: it should end in /api/v2",
            )
        value = value[key]
    if value in (None, ""):
        raise DriftctlError(f"{where}: the workspace has no state yet ({'.'.join(path)} empty)")
    return value


def _stored_token(endpoint: str) -> str | None:
    """Terraform's own token for the endpoint's host: TF_TOKEN_<host> (dots as _), else
    credentials.tfrc.json (`terraform login`)."""
    host = urlsplit(endpoint).netloc
    env = "TF_TOKEN_" + host.replace(".", "_").replace("-", "__").replace(":", "_")
    if os.environ.get(env):
        return os.environ[env]
    config = Path(os.environ.get("TF_CLI_CONFIG_DIR") or Path.home() / ".terraform.d")
    try:
        doc = json.loads((config / "credentials.tfrc.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    entry = doc.get("credentials", {}).get(host) if isinstance(doc, dict) else None
    token = entry.get("token") if isinstance(entry, dict) else None
    return token if isinstance(token, str) and token else None
