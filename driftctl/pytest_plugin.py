"""driftctl's pytest plugin (registered through the `pytest11` entry point; docs/api.md).

- `driftctl_config`: where the checks look by default (the --driftctl-from sources, the
  --driftctl-region and --driftctl-endpoint options); override the fixture to give a
  boto3.Session or other scan arguments. No AWS client is made until a check runs, so a
  fixture that starts moto's `mock_aws` may come before or after it.
- `driftctl_snapshot`: the live resources, recorded when the fixture is set up (list it
  after the fixtures that build your stack).
- `assert_no_drift(from_=..., **scan_args)`: fails with a table of each drift.
- `assert_no_leaks(snapshot, from_=..., **scan_args)`: fails listing each live resource that
  neither the declared state nor the snapshot holds.
- `@pytest.mark.no_drift("infra/", **scan_args)` and `@pytest.mark.no_leaks(**scan_args)`:
  the same checks around the test's body (the snapshot is taken right before it).

Rule files and .driftignore apply as in `driftctl scan` (pass rules=, driftignore=,
ignore=). A failure's text (on the terminal and in a JUnit XML report) masks secrets as
every CLI output does (driftctl.core.mask: sensitive values, secret-named attributes
and tags) and names sources without a URL's user info and query (driftctl.util.redact).
This module is imported by every pytest run where driftctl is installed: it imports
nothing of driftctl's until a check runs.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Generator, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from driftctl.api import LiveSnapshot, Paths
    from driftctl.core.model import Drift, Report

_CONFIG = pytest.StashKey["DriftctlConfig"]()
_SNAPSHOT = pytest.StashKey["Snapshot"]()
VALUE_WIDTH = 60  # a value longer than this is cut in the drift table


@dataclasses.dataclass(frozen=True)
class DriftctlConfig:
    """Default arguments of the checks: the declared sources (--driftctl-from) and how AWS
    is reached. scan_args: any other driftctl.api.scan argument (rules=, strict=, ...)."""

    from_: tuple[str, ...] = ()
    region: str | None = None
    endpoint_url: str | None = None
    session: Any = None  # a boto3.Session
    scan_args: Mapping[str, Any] = dataclasses.field(default_factory=dict)

    def aws(self) -> dict[str, Any]:
        """The arguments that say where AWS is."""
        return {"session": self.session, "region": self.region, "endpoint_url": self.endpoint_url}

    def scan_kwargs(
        self, from_: Paths | None, given: Mapping[str, Any], otherwise: Paths | None = None
    ) -> dict[str, Any]:
        """The scan's arguments; its sources: from_, else --driftctl-from, else otherwise."""
        sources = from_ if from_ is not None else (self.from_ or otherwise)
        return {**self.aws(), **self.scan_args, **given, "from_": sources}


class Snapshot:
    """The live resources at one moment, and the configuration to check against later."""

    def __init__(self, config: DriftctlConfig) -> None:
        self.config = config
        self.live: LiveSnapshot = _read_live(config)

    def assert_no_leaks(self, from_: Paths | None = None, **scan_args: Any) -> list[Drift]:
        return assert_no_leaks(self, from_, config=self.config, **scan_args)

    def assert_no_drift(self, from_: Paths | None = None, **scan_args: Any) -> Report:
        return assert_no_drift(from_, config=self.config, **scan_args)


# -- the checks ---------------------------------------------------------------------------


def assert_no_drift(
    from_: Paths | None = None, *, config: DriftctlConfig | None = None, **scan_args: Any
) -> Report:
    """Scan (driftctl.api.scan arguments); fail with a table of each drift (kind, address,
    file:line, attribute, expected → actual), or when part of AWS could not be read."""
    from driftctl import api

    config = config or _CURRENT.config
    kwargs = config.scan_kwargs(from_, scan_args)
    report = _scan(api.scan, kwargs)
    if report.errors:
        pytest.fail(_errors_text(report), pytrace=False)
    if report.drifts:
        pytest.fail(drift_table(report.drifts, _shown(kwargs["from_"])), pytrace=False)
    return report


def assert_no_leaks(
    before: Snapshot | LiveSnapshot,
    from_: Paths | None = None,
    *,
    config: DriftctlConfig | None = None,
    **scan_args: Any,
) -> list[Drift]:
    """Fail when live resources exist that neither the declared state (from_; an empty
    list: nothing declared) nor the snapshot `before` holds, listing each (type, id, tags).
    Rules and .driftignore apply: an ignored resource is no leak."""
    from driftctl import api

    if isinstance(before, Snapshot):
        config, live = config or before.config, before.live
    else:
        config, live = config or _CURRENT.config, before
    # no source given anywhere: nothing is declared, every new live resource is a leak
    kwargs = config.scan_kwargs(from_, {**scan_args, "only_unmanaged": True}, otherwise=[])
    report = _scan(api.scan, kwargs)
    if report.errors:
        pytest.fail(_errors_text(report), pytrace=False)
    known = live.keys()
    leaks = [d for d in report.drifts if (d.type, str(d.id)) not in known]
    if leaks:
        pytest.fail(leak_table(leaks, _shown(kwargs["from_"])), pytrace=False)
    return leaks


def _scan(scan: Any, kwargs: dict[str, Any]) -> Report:
    """scan(**kwargs); a DriftctlError (a bad source, unreachable AWS) is a failure of one
    line (its URLs redacted), not a traceback whose frames hold the arguments."""
    from driftctl.errors import DriftctlError

    try:
        report: Report = scan(**kwargs)
    except DriftctlError as exc:
        pytest.fail(f"driftctl: {exc}", pytrace=False)
    return report


# -- what a failure says ------------------------------------------------------------------


def drift_table(drifts: Sequence[Drift], sources: str) -> str:
    """Each drift's changes, their values masked as every CLI output masks them."""
    from driftctl.core.mask import shown

    rows = [("kind", "address", "file:line", "attribute", "expected → actual")]
    for d in drifts:
        where = f"{_redact(d.source.file)}:{d.source.line}" if d.source else "-"
        name = d.address or f"{d.type}.{d.id}"
        if not d.changes:
            rows.append((d.kind, name, where, "-", "-"))
        for c in d.changes:
            expected = _value(shown(c.path, c.expected, c.sensitive))
            actual = _value(shown(c.path, c.actual, c.sensitive))
            rows.append((d.kind, name, where, c.path, f"{expected} → {actual}"))
    n = len(drifts)
    head = f"driftctl: {n} drift{'s' * (n != 1)} between {sources} and live AWS"
    return f"{head}\n{_table(rows)}"


def leak_table(leaks: Sequence[Drift], sources: str) -> str:
    """Each leaked resource with its tags, a secret-named tag's value masked."""
    from driftctl.core.mask import mask_at

    rows = [("type", "id", "tags")]
    rows += [
        (d.type, str(d.id), _value(mask_at("tags", dict(sorted(d.tags.items()))))) for d in leaks
    ]
    n = len(leaks)
    head = (
        f"driftctl: the test left {n} live resource{'s' * (n != 1)} that neither "
        f"{sources} declares nor existed before it"
    )
    return f"{head}\n{_table(rows)}"


def _table(rows: Iterable[tuple[str, ...]]) -> str:
    rows = list(rows)
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return "\n".join(
        "  ".join(cell.ljust(w) for cell, w in zip(r, widths, strict=True)).rstrip() for r in rows
    )


def _value(value: Any) -> str:
    from driftctl.core.mask import SENSITIVE
    from driftctl.core.model import to_plain

    if value == SENSITIVE:
        return SENSITIVE
    text = json.dumps(to_plain(value), sort_keys=True, ensure_ascii=False)
    return text if len(text) <= VALUE_WIDTH else text[: VALUE_WIDTH - 1] + "…"


def _shown(sources: Paths | None) -> str:
    from driftctl.api import _strings

    names = _strings(sources) if sources is not None else ["."]
    return ", ".join(_redact(n) for n in names) if names else "nothing declared"


def _redact(text: str) -> str:
    from driftctl.util import redact

    return redact.text(text)


def _errors_text(report: Report) -> str:
    lines = [f"  {e.scope}: {_redact(e.message)}" for e in report.errors]
    return "driftctl: the scan is incomplete, so drift and leaks cannot be told:\n" + "\n".join(
        lines
    )


def _read_live(config: DriftctlConfig) -> LiveSnapshot:
    from driftctl import api
    from driftctl.aws.inprocess import import_moto_backends

    import_moto_backends()  # an in-process moto, scanned by many threads at once
    live = api.read_live(**config.aws())
    if live.errors:
        first = live.errors[0]
        pytest.fail(
            f"driftctl: cannot record the live resources ({first.scope}: {first.message})",
            pytrace=False,
        )
    return live


# -- pytest hooks and fixtures ------------------------------------------------------------


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("driftctl", "driftctl: drift and leaked cloud resources")
    group.addoption(
        "--driftctl-from",
        action="append",
        metavar="SRC",
        help="Declared source the driftctl checks compare with (repeatable; driftctl scan's "
        "--from)",
    )
    group.addoption("--driftctl-region", metavar="REGION", help="AWS region of the checks")
    group.addoption(
        "--driftctl-endpoint", metavar="URL", help="AWS endpoint of the checks (an emulator)"
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "no_drift(*sources, **scan_args): fail the test when live AWS differs from the "
        "declared sources after it ran (driftctl)",
    )
    config.addinivalue_line(
        "markers",
        "no_leaks(*sources, **scan_args): fail the test when it left live AWS resources that "
        "neither the declared sources nor the account before it hold (driftctl)",
    )


@pytest.fixture
def driftctl_config(pytestconfig: pytest.Config) -> DriftctlConfig:
    """The checks' defaults, from --driftctl-from/-region/-endpoint; override to change."""
    return DriftctlConfig(
        tuple(pytestconfig.getoption("driftctl_from") or ()),
        pytestconfig.getoption("driftctl_region"),
        pytestconfig.getoption("driftctl_endpoint"),
    )


@pytest.fixture
def driftctl_snapshot(driftctl_config: DriftctlConfig) -> Snapshot:
    """The live resources when this fixture is set up; `.assert_no_leaks()` checks later."""
    return Snapshot(driftctl_config)


class _Current:
    """The configuration of the running test, for checks called without one."""

    config = DriftctlConfig()


_CURRENT = _Current()


@pytest.fixture(autouse=True)
def _driftctl_current(request: pytest.FixtureRequest) -> Generator[None, None, None]:
    """Remember the test's driftctl_config: set up only for tests that use driftctl."""
    marked = request.node.get_closest_marker("no_drift") or request.node.get_closest_marker(
        "no_leaks"
    )
    if not marked and "driftctl_config" not in request.fixturenames:
        yield
        return
    config: DriftctlConfig = request.getfixturevalue("driftctl_config")
    request.node.stash[_CONFIG] = config
    _CURRENT.config = config
    try:
        yield
    finally:
        _CURRENT.config = DriftctlConfig()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, object, object]:
    leaks = item.get_closest_marker("no_leaks")
    drift = item.get_closest_marker("no_drift")
    if not (leaks or drift):
        return (yield)
    config = item.stash.get(_CONFIG, None) or DriftctlConfig()
    before = Snapshot(config) if leaks else None
    result = yield  # a failing test fails as it is: its own failure comes first
    if drift:
        assert_no_drift(_marker_from(drift), config=config, **drift.kwargs)
    if leaks and before is not None:
        assert_no_leaks(before, _marker_from(leaks), config=config, **leaks.kwargs)
    return result


def _marker_from(mark: pytest.Mark) -> list[str] | None:
    return [str(a) for a in mark.args] if mark.args else None
