"""A local HTTP server speaking the GitHub REST endpoints `driftctl pr` uses, checking each
request against GitHub's documented shapes (Create / Update / List pull requests, Create
an issue comment, Add labels to an issue) and keeping pull requests in memory."""

from __future__ import annotations

import json
import threading
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

CREATE_KEYS = {
    "title",
    "head",
    "head_repo",
    "base",
    "body",
    "maintainer_can_modify",
    "draft",
    "issue",
}
UPDATE_KEYS = {"title", "body", "state", "base", "maintainer_can_modify"}
LIST_QUERY = {"state", "head", "base", "sort", "direction", "per_page", "page"}


@dataclass
class Recorded:
    method: str
    path: str
    query: dict[str, str]
    headers: dict[str, str]
    json: Any


@dataclass
class FakeGitHub:
    owner: str
    repo: str
    url: str = ""
    requests: list[Recorded] = field(default_factory=list)
    pulls: dict[int, dict[str, Any]] = field(default_factory=dict)
    comments: dict[int, list[str]] = field(default_factory=dict)
    labels: dict[int, list[str]] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    # (status, headers) to answer the next request with, once
    fail_next: tuple[int, dict[str, str], dict[str, Any]] | None = None

    def calls(self, method: str | None = None) -> list[tuple[str, str]]:
        return [(r.method, r.path) for r in self.requests if method in (None, r.method)]


def _handler(fake: FakeGitHub) -> type[BaseHTTPRequestHandler]:
    prefix = f"/repos/{fake.owner}/{fake.repo}/"

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:  # quiet
            pass

        def _reply(self, status: int, payload: Any, headers: dict[str, str] | None = None) -> None:
            data = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json; charset=utf-8")
            for k, v in (headers or {}).items():
                self.send_header(k, v)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def _handle(self) -> None:
            parsed = urllib.parse.urlsplit(self.path)
            query = dict(urllib.parse.parse_qsl(parsed.query))
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            body = json.loads(raw) if raw else None
            rec = Recorded(self.command, parsed.path, query, dict(self.headers.items()), body)
            fake.requests.append(rec)
            self._check_headers(rec)
            if fake.fail_next is not None:
                status, headers, payload = fake.fail_next
                fake.fail_next = None
                return self._reply(status, payload, headers)
            if not parsed.path.startswith(prefix):
                return self._reply(404, {"message": "Not Found"})
            tail = parsed.path[len(prefix) :].split("/")
            route = (self.command, tail[0], len(tail))
            if route == ("GET", "pulls", 1):
                return self._list(query)
            if route == ("POST", "pulls", 1):
                return self._create(body)
            if route == ("PATCH", "pulls", 2):
                return self._update(int(tail[1]), body)
            if route == ("POST", "issues", 3) and tail[2] == "comments":
                return self._comment(int(tail[1]), body)
            if route == ("POST", "issues", 3) and tail[2] == "labels":
                return self._labels(int(tail[1]), body)
            return self._reply(404, {"message": "Not Found"})

        do_GET = do_POST = do_PATCH = _handle

        def _check_headers(self, rec: Recorded) -> None:
            h = {k.lower(): v for k, v in rec.headers.items()}
            if h.get("accept") != "application/vnd.github+json":
                fake.problems.append(f"{rec.method} {rec.path}: Accept {h.get('accept')}")
            if not h.get("authorization", "").startswith("Bearer "):
                fake.problems.append(f"{rec.method} {rec.path}: no Bearer token")
            if h.get("x-github-api-version") != "2022-11-28":
                fake.problems.append(f"{rec.method} {rec.path}: no X-GitHub-Api-Version")
            if rec.json is not None and h.get("content-type") != "application/json":
                fake.problems.append(f"{rec.method} {rec.path}: Content-Type")

        def _list(self, query: dict[str, str]) -> None:
            if set(query) - LIST_QUERY or query.get("state", "open") not in (
                "open",
                "closed",
                "all",
            ):
                fake.problems.append(f"list pulls: bad query {query}")
            head = query.get("head")
            if head is not None and ":" not in head:
                fake.problems.append(f"list pulls: head {head!r} is not user:ref")
            found = [
                p
                for n, p in sorted(fake.pulls.items())
                if query.get("state", "open") in ("all", p["state"])
                and (head is None or f"{fake.owner}:{p['head']['ref']}" == head)
            ]
            per_page, page = int(query.get("per_page", 30)), int(query.get("page", 1))
            self._reply(200, found[(page - 1) * per_page : page * per_page])

        def _create(self, body: Any) -> None:
            if (
                not isinstance(body, dict)
                or set(body) - CREATE_KEYS
                or not {"head", "base"} <= set(body)
            ):
                fake.problems.append(f"create pull: bad body {body}")
                return self._reply(422, {"message": "Validation Failed"})
            if any(
                p["head"]["ref"] == body["head"] and p["state"] == "open"
                for p in fake.pulls.values()
            ):
                return self._reply(
                    422,
                    {
                        "message": "Validation Failed",
                        "errors": [{"message": "A pull request already exists"}],
                    },
                )
            number = len(fake.pulls) + 1
            pull = {
                "number": number,
                "state": "open",
                "title": body.get("title"),
                "body": body.get("body"),
                "head": {"ref": body["head"], "label": f"{fake.owner}:{body['head']}"},
                "base": {"ref": body["base"]},
                "html_url": f"https://github.example/{fake.owner}/{fake.repo}/pull/{number}",
            }
            fake.pulls[number] = pull
            self._reply(201, pull)

        def _update(self, number: int, body: Any) -> None:
            if (
                not isinstance(body, dict)
                or set(body) - UPDATE_KEYS
                or body.get("state", "open") not in ("open", "closed")
            ):
                fake.problems.append(f"update pull: bad body {body}")
                return self._reply(422, {"message": "Validation Failed"})
            if number not in fake.pulls:
                return self._reply(404, {"message": "Not Found"})
            fake.pulls[number].update(body)
            self._reply(200, fake.pulls[number])

        def _comment(self, number: int, body: Any) -> None:
            if not isinstance(body, dict) or set(body) != {"body"}:
                fake.problems.append(f"comment: bad body {body}")
            fake.comments.setdefault(number, []).append(body["body"])
            self._reply(201, {"id": len(fake.comments), "body": body["body"]})

        def _labels(self, number: int, body: Any) -> None:
            if not isinstance(body, dict) or not isinstance(body.get("labels"), list):
                fake.problems.append(f"labels: bad body {body}")
            have = fake.labels.setdefault(number, [])
            have += [x for x in body["labels"] if x not in have]
            self._reply(200, [{"name": x} for x in have])

    return Handler


@contextmanager
def fake_github(owner: str = "acme", repo: str = "infra") -> Iterator[FakeGitHub]:
    fake = FakeGitHub(owner, repo)
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(fake))
    fake.url = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield fake
    finally:
        server.shutdown()
        server.server_close()
