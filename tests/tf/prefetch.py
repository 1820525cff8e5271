"""The Terraform groups of a parallel run, run ahead in the controller while the workers
test everything else.

A group (tests/tf/group.py) is mostly waiting: the provider polls moto every few seconds
until a queue's attributes settle (5 s), a certificate is issued (60 s) or a
distribution deploys (30 s), and each terraform command starts the provider again. Run
by a test worker, a group keeps one of the two workers idle for minutes. So, in a run
spread over workers (pytest-xdist), the controller, which otherwise only relays reports,
runs the selected groups as soon as the workers have collected them, several at a time
(DRIFTCTL_TF_CONCURRENCY, 6 by default), the slowest first, each with its own moto
server and its own Terraform (one provider process each: harness.Terraform.serve), and
writes each group's `Outcome` to a file. A worker's `outcome` fixture reads that file
(waiting for it if need be) instead of running the group itself; the tests assert on it
as before. The groups run in the tests' order last (tests/tf sorts after the other
folders), so by then most outcomes are written.

A run in one process (`-n 0`, or naming one test file without -n) runs each group in its
fixture, as before. A group that fails in the controller fails its tests on the worker
with the same message.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import pickle
import queue
import shutil
import tempfile
import threading
import time
import traceback
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from tests.tf import harness
from tests.tf.group import Group, Outcome, run

KEY = "driftctl_tf_outcomes"  # the workers' workerinput: the folder of outcomes
CONCURRENCY_ENV = "DRIFTCTL_TF_CONCURRENCY"
MANIFEST = "groups.txt"  # the names of the groups the controller runs, one a line
WAIT = 3600  # seconds a worker waits for a group's outcome
# groups that wait longest, measured on a full run (the outcome fixture's setup time):
# started first so that they end before the workers reach them
SLOWEST_FIRST = ("patterns", "cdn", "msg", "db", "eks", "ecs", "lb", "today")


def groups_of(ids: Iterable[str]) -> list[Group]:
    """The groups that the selected test ids use: a test class's `group`, or a module's
    `GROUP`, of tests/tf/test_*.py."""
    found: dict[str, Group] = {}
    for test_id in ids:
        path, _, rest = test_id.partition("::")
        if not (path.startswith("tests/tf/test_") and path.endswith(".py")):
            continue
        module = importlib.import_module(path[: -len(".py")].replace("/", "."))
        owner = getattr(module, rest.split("::")[0], None) if "::" in rest else None
        for value in (getattr(owner, "group", None), getattr(module, "GROUP", None)):
            if isinstance(value, Group):
                found.setdefault(value.name, value)
    order = {name: i for i, name in enumerate(SLOWEST_FIRST)}
    return sorted(found.values(), key=lambda g: (order.get(g.name, len(order)), g.name))


def _outcome_file(folder: Path, name: str) -> Path:
    return folder / f"{name}.outcome"


def _error_file(folder: Path, name: str) -> Path:
    return folder / f"{name}.error"


BROKEN = "terraform.broken"  # terraform is installed but `init` fails: the workers' own
# `terraform` fixture says so (a skip, or under CI=true a failure: tests/tf/conftest.py)


class Prefetch:
    """Runs groups in threads of the controller; each thread has a Terraform of its own."""

    def __init__(self, folder: Path, concurrency: int) -> None:
        self.folder = folder
        self.concurrency = max(1, concurrency)
        self._slots: queue.Queue[harness.Terraform] = queue.Queue()
        self._made = 0
        self._lock = threading.Lock()
        self._pool: ThreadPoolExecutor | None = None
        self._terraforms: list[harness.Terraform] = []

    def start(self, groups: list[Group]) -> None:
        names = "".join(f"{g.name}\n" for g in groups)
        (self.folder / f"{MANIFEST}.tmp").write_text(names)
        os.replace(self.folder / f"{MANIFEST}.tmp", self.folder / MANIFEST)
        if not groups:
            return
        self._pool = ThreadPoolExecutor(self.concurrency, thread_name_prefix="tf-group")
        for group in groups:
            self._pool.submit(self._run, group)

    def _terraform(self) -> harness.Terraform:
        with contextlib.suppress(queue.Empty):
            return self._slots.get_nowait()
        with self._lock:
            self._made += 1
            home = self.folder / f"terraform-{self._made}"
        tf = harness.Terraform(home)
        tf.init()
        with self._lock:
            self._terraforms.append(tf)
        return tf

    def _run(self, group: Group) -> None:
        try:
            tf = self._terraform()
        except (harness.HarnessError, OSError) as exc:
            (self.folder / BROKEN).write_text(str(exc))
            return
        try:
            try:
                outcome = run(group, tf, self.folder / "stacks")
            finally:
                self._slots.put(tf)
            data = pickle.dumps(outcome)
            target = _outcome_file(self.folder, group.name)
        except Exception as exc:  # the worker's tests report it
            detail = "".join(traceback.format_exception_only(type(exc), exc)).strip()
            data, target = detail.encode(), _error_file(self.folder, group.name)
        target.with_suffix(".tmp").write_bytes(data)
        os.replace(target.with_suffix(".tmp"), target)

    def stop(self) -> None:
        """Wait for the groups already running, start no other; stop the providers."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
        for tf in self._terraforms:
            tf.close()


def fetch(folder: Path, group: Group) -> Outcome | None:
    """The group's outcome as the controller wrote it, waiting for it; None when the
    controller does not run this group (the fixture runs it itself)."""
    deadline = time.monotonic() + WAIT
    manifest = folder / MANIFEST
    while not manifest.is_file():  # the controller writes it once a worker has collected
        if time.monotonic() > deadline:
            return None
        time.sleep(0.2)
    if group.name not in manifest.read_text().split():
        return None
    while time.monotonic() < deadline:
        if (folder / BROKEN).is_file():
            return None
        done = _outcome_file(folder, group.name)
        if done.is_file():
            outcome: Outcome = pickle.loads(done.read_bytes())
            return outcome
        failed = _error_file(folder, group.name)
        if failed.is_file():
            raise harness.HarnessError(f"group {group.name}: {failed.read_text()}")
        time.sleep(0.5)
    raise harness.HarnessError(f"group {group.name}: no outcome after {WAIT} s")


# ---------------------------------------------------------------- pytest, in the controller


class Controller:
    """The hooks of the controller of an xdist run (registered by tests/conftest.py)."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="driftctl-tf-"))
        self.prefetch: Prefetch | None = None

    def configure_node(self, node: Any) -> None:
        node.workerinput[KEY] = str(self.folder)

    def collected(self, ids: list[str]) -> None:
        if self.prefetch is not None:
            return  # every worker collects the same tests: the first one decides
        concurrency = int(os.environ.get(CONCURRENCY_ENV, "6"))
        self.prefetch = Prefetch(self.folder, concurrency)
        # without a working terraform the workers skip (or fail, under CI) as before
        groups = groups_of(ids) if harness.absent() is None else []
        self.prefetch.start(groups)

    def finish(self) -> None:
        if self.prefetch is not None:
            self.prefetch.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


def folder_of(config: Any) -> Path | None:
    """In a worker of an xdist run: the controller's folder of outcomes."""
    given = getattr(config, "workerinput", {}).get(KEY)
    return Path(given) if given else None


def outcome(group: Group, request: Any, tmp_path_factory: Any) -> Outcome:
    """A group's outcome for its tests: the controller's, or run here (one process)."""
    folder = folder_of(request.config)
    if folder is not None:
        found = fetch(folder, group)
        if found is not None:
            return found
    terraform: harness.Terraform = request.getfixturevalue("terraform")
    return run(group, terraform, tmp_path_factory.mktemp(group.name))
