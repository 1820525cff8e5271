"""A real browser for tests: Debian's headless Chromium, driven through the DevTools
protocol over a pipe (--remote-debugging-pipe: NUL-separated JSON on fds 3 and 4), so no
websocket client or webdriver package is needed.

`open_page(url)` loads a page and returns what a person would notice: its text, console
messages and errors, the requests it made, and a screenshot."""

from __future__ import annotations

import base64
import contextlib
import dataclasses
import json
import os
import shutil
import subprocess
import tempfile
from typing import Any

import pytest

FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--remote-debugging-pipe",
]


def chromium() -> str:
    """The Chromium binary; skipped locally without one, a failure in CI (.ci/run
    installs Debian's chromium)."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        message = "needs Debian's chromium (apt-get install chromium)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return found


@dataclasses.dataclass
class Page:
    text: str
    console: list[tuple[str, str]]  # (type or level, text): console calls and log entries
    exceptions: list[str]
    requests: list[str]  # every URL the page asked for, itself included
    screenshot: bytes  # PNG
    evaluated: Any  # what `evaluate` returned


class _Pipe:
    def __init__(self, binary: str, profile: str) -> None:
        commands_r, self._commands_w = os.pipe()
        self._events_r, events_w = os.pipe()

        def fds() -> None:  # in the child: its fd 3 reads commands, fd 4 writes answers
            high_r, high_w = os.dup(commands_r), os.dup(events_w)
            os.dup2(high_r, 3)
            os.dup2(high_w, 4)

        self.proc = subprocess.Popen(
            [binary, *FLAGS, f"--user-data-dir={profile}", "about:blank"],
            pass_fds=(3, 4),
            preexec_fn=fds,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(commands_r)
        os.close(events_w)
        self._buffer = b""
        self._next = 0
        self.events: list[dict[str, Any]] = []

    def call(self, method: str, params: dict[str, Any] | None = None, session: str = "") -> Any:
        self._next += 1
        message: dict[str, Any] = {"id": self._next, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._commands_w, json.dumps(message).encode() + b"\0")
        while True:
            answer = self._read()
            if answer.get("id") == self._next:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer.get("result", {})
            self.events.append(answer)

    def wait_for(self, method: str) -> None:
        while not any(e.get("method") == method for e in self.events):
            self.events.append(self._read())

    def _read(self) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            chunk = os.read(self._events_r, 1 << 16)
            if not chunk:
                raise RuntimeError("chromium closed the DevTools pipe")
            self._buffer += chunk
        message, _, self._buffer = self._buffer.partition(b"\0")
        return json.loads(message)  # type: ignore[no-any-return]

    def close(self) -> None:
        with contextlib.suppress(RuntimeError, OSError):
            self.call("Browser.close")
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self._commands_w)
        os.close(self._events_r)


def open_page(url: str, evaluate: str = "null", width: int = 1200, height: int = 1400) -> Page:
    binary = chromium()
    with tempfile.TemporaryDirectory(prefix="driftctl-chromium-") as profile:
        pipe = _Pipe(binary, profile)
        try:
            target = pipe.call("Target.createTarget", {"url": "about:blank"})["targetId"]
            session = pipe.call("Target.attachToTarget", {"targetId": target, "flatten": True})[
                "sessionId"
            ]
            for domain in ("Runtime", "Log", "Page", "Network"):
                pipe.call(f"{domain}.enable", session=session)
            pipe.call(
                "Emulation.setDeviceMetricsOverride",
                {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
                session=session,
            )
            pipe.events.clear()
            pipe.call("Page.navigate", {"url": url}, session=session)
            pipe.wait_for("Page.loadEventFired")
            text = pipe.call(
                "Runtime.evaluate",
                {"expression": "document.body.innerText", "returnByValue": True},
                session=session,
            )["result"]["value"]
            evaluated = pipe.call(
                "Runtime.evaluate", {"expression": evaluate, "returnByValue": True}, session=session
            )["result"].get("value")
            shot = pipe.call("Page.captureScreenshot", {"format": "png"}, session=session)
        finally:
            pipe.close()
    events = pipe.events
    console = [
        (e["params"]["type"], " ".join(str(a.get("value", "")) for a in e["params"]["args"]))
        for e in events
        if e.get("method") == "Runtime.consoleAPICalled"
    ] + [
        (e["params"]["entry"]["level"], e["params"]["entry"]["text"])
        for e in events
        if e.get("method") == "Log.entryAdded"
    ]
    exceptions = [
        str(e["params"]["exceptionDetails"].get("text"))
        for e in events
        if e.get("method") == "Runtime.exceptionThrown"
    ]
    requests = [
        e["params"]["request"]["url"]
        for e in events
        if e.get("method") == "Network.requestWillBeSent"
    ]
    return Page(text, console, exceptions, requests, base64.b64decode(shot["data"]), evaluated)
