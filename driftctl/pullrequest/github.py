"""The few GitHub REST endpoints `driftctl pr` uses, over plain urllib.

Plain HTTP rather than a client library: five endpoints, JSON in and out, no new
dependency to vet or pin, and the same code talks to GitHub Enterprise
(GITHUB_API_URL) and to the tests' local server. Rate limits (403/429 with
x-ratelimit-remaining 0 or retry-after, per GitHub's "Troubleshooting the REST API")
and every other 4xx/5xx become one DriftctlError line; the token is never printed.
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Mapping
from typing import Any

from driftctl.errors import DriftctlError

API_VERSION = "2022-11-28"
DEFAULT_API = "https://api.github.com"
USER_AGENT = "driftctl"
TIMEOUT = 30
PER_PAGE = 100


class GitHub:
    def __init__(self, token: str, repo: str, api_url: str = DEFAULT_API) -> None:
        if repo.count("/") != 1 or not all(repo.split("/")):
            raise DriftctlError(f"--repo {repo!r}: expected owner/name")
        self.token = token
        self.owner, self.name = repo.split("/")
        self.api = api_url.rstrip("/")

    # -- endpoints -------------------------------------------------------------------

    def open_pulls(self) -> list[dict[str, Any]]:
        """Every open pull request of the repository (List pull requests, all pages)."""
        out: list[dict[str, Any]] = []
        page = 1
        while True:
            query = {"state": "open", "per_page": str(PER_PAGE), "page": str(page)}
            batch = self.request("GET", self._repo("pulls"), query=query)
            if not isinstance(batch, list):
                raise DriftctlError("GitHub: listing pull requests returned no list")
            out += batch
            if len(batch) < PER_PAGE:
                return out
            page += 1

    def open_pull_for(self, branch: str) -> dict[str, Any] | None:
        """The open pull request whose head is owner:branch, if any."""
        query = {"state": "open", "head": f"{self.owner}:{branch}", "per_page": str(PER_PAGE)}
        found = self.request("GET", self._repo("pulls"), query=query)
        return found[0] if isinstance(found, list) and found else None

    def create_pull(self, title: str, head: str, base: str, body: str) -> dict[str, Any]:
        payload = {"title": title, "head": head, "base": base, "body": body}
        return self._object(self.request("POST", self._repo("pulls"), payload))

    def update_pull(self, number: int, **fields: Any) -> dict[str, Any]:
        return self._object(self.request("PATCH", self._repo(f"pulls/{number}"), fields))

    def comment(self, number: int, body: str) -> None:
        self.request("POST", self._repo(f"issues/{number}/comments"), {"body": body})

    def add_labels(self, number: int, labels: list[str]) -> None:
        self.request("POST", self._repo(f"issues/{number}/labels"), {"labels": labels})

    # -- transport -------------------------------------------------------------------

    def _repo(self, tail: str) -> str:
        owner, name = urllib.parse.quote(self.owner), urllib.parse.quote(self.name)
        return f"/repos/{owner}/{name}/{tail}"

    @staticmethod
    def _object(value: Any) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise DriftctlError("GitHub returned an unexpected response (not a JSON object)")
        return value

    def request(
        self,
        method: str,
        path: str,
        payload: Mapping[str, Any] | None = None,
        query: Mapping[str, str] | None = None,
    ) -> Any:
        url = self.api + path + ("?" + urllib.parse.urlencode(query) if query else "")
        data = json.dumps(payload, sort_keys=True).encode() if payload is not None else None
        headers = {
            "Accept": "application/vnd.github+json",
            "Authorization": f"Bearer {self.token}",
            "X-GitHub-Api-Version": API_VERSION,
            "User-Agent": USER_AGENT,
        }
        if data is not None:
            headers["Content-Type"] = "application/json"
        request = urllib.request.Request(url, data=data, headers=headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
                body = response.read()
        except urllib.error.HTTPError as exc:
            raise _error(method, path, exc) from None
        except urllib.error.URLError as exc:
            raise DriftctlError(
                f"GitHub: cannot reach {self.api}: {exc.reason}",
                "check GITHUB_API_URL and the network",
            ) from None
        return json.loads(body) if body.strip() else None


def _error(method: str, path: str, exc: urllib.error.HTTPError) -> DriftctlError:
    what = f"GitHub {method} {path}"
    headers = exc.headers
    try:
        detail = json.loads(exc.read() or b"{}")
    except (json.JSONDecodeError, OSError):
        detail = {}
    message = detail.get("message", exc.reason) if isinstance(detail, dict) else exc.reason
    errors = detail.get("errors") if isinstance(detail, dict) else None
    if isinstance(errors, list) and errors and isinstance(errors[0], dict):
        first = errors[0].get("message") or errors[0].get("code")
        if first:
            message = f"{message}: {first}"
    retry_after = headers.get("Retry-After") if headers else None
    remaining = headers.get("X-RateLimit-Remaining") if headers else None
    if exc.code in (403, 429) and (retry_after or remaining == "0"):
        if retry_after:
            when = f"retry after {retry_after}s"
        else:
            reset = int(headers.get("X-RateLimit-Reset") or 0)
            stamp = time.strftime("%H:%M:%S UTC", time.gmtime(reset))
            when = f"the limit resets at {stamp}"
        return DriftctlError(f"{what}: rate limited by GitHub ({exc.code}); {when}", message)
    hints = {
        401: "check --github-token / GITHUB_TOKEN",
        403: "the token needs contents:write and pull-requests:write on this repository",
        404: "check --repo owner/name and that the token can see the repository",
        422: "GitHub refused the request as sent",
    }
    return DriftctlError(f"{what}: {exc.code} {message}", hints.get(exc.code))
