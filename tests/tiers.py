"""The test tiers, told apart by what a test uses (tests/conftest.py marks each test):

- `terraform`: under tests/tf (real Terraform against moto's server);
- `e2e`: a moto server, a subprocess (the installed CLI, a Python or shell process) or
  pytester: the test, a fixture it uses, or a helper either calls (followed through the
  functions and classes of the tests package) names `subprocess`, `moto_server`,
  `ThreadedMotoServer`, `Popen` or `runpytest_subprocess`, or uses the pytester fixture;
- the rest is the fast tier (in-process moto included).

A new test is classified by what it uses, never by a list of names (docs/testing.md).
"""

from __future__ import annotations

import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

TF_DIR = Path(__file__).parent / "tf"
# fixtures that run a pytest of their own (pytester's runpytest, in or out of process)
E2E_FIXTURES = frozenset({"pytester", "testdir"})
# names whose use starts a server or another process
_SUBPROCESS = "subprocess"  # the module, or what is imported from it (named, not imported here)
E2E_NAMES = frozenset({"moto_server", "ThreadedMotoServer", "Popen", "runpytest_subprocess"})


def tier(item: pytest.Item) -> str | None:
    """ "terraform", "e2e", or None (the fast tier)."""
    path = Path(str(item.path))
    if path == TF_DIR or TF_DIR in path.parents:
        return "terraform"
    names = set(getattr(item, "fixturenames", ()))
    if names & E2E_FIXTURES:
        return "e2e"
    if any(_spawns(f) for f in _functions(item, names)):
        return "e2e"
    return None


def _functions(item: pytest.Item, names: set[str]) -> Iterator[Any]:
    """The test function and the functions of every fixture it uses."""
    yield getattr(item, "obj", None)
    info = getattr(item, "_fixtureinfo", None)
    defs = getattr(info, "name2fixturedefs", {}) if info is not None else {}
    for name in sorted(names):
        for fixturedef in defs.get(name, ()):
            yield fixturedef.func


_SEEN: dict[int, bool] = {}


def _spawns(obj: Any) -> bool:
    """Whether obj (a function, method or class of the tests) starts a process or server,
    itself or through the test helpers it calls."""
    key = id(obj)
    if key not in _SEEN:
        _SEEN[key] = False  # a cycle of helpers: not (yet) known to spawn
        _SEEN[key] = _walk(obj)
    return _SEEN[key]


def _walk(obj: Any) -> bool:
    obj = getattr(obj, "__func__", obj)  # a bound method
    obj = getattr(obj, "__wrapped__", obj)  # functools.wraps, pytest fixtures
    if isinstance(obj, type):
        return any(_spawns(v) for v in vars(obj).values() if _ours(v))
    code = getattr(obj, "__code__", None)
    if not isinstance(code, types.CodeType):
        return False
    scope: dict[str, Any] = getattr(obj, "__globals__", {})
    for names in _names(code):
        if names & E2E_NAMES:
            return True
        for name in names:
            found = scope.get(name)
            if _SUBPROCESS in (
                getattr(found, "__name__", None),
                getattr(found, "__module__", None),
            ):
                return True
            if isinstance(found, types.ModuleType) and found.__name__.startswith("tests."):
                attrs = (getattr(found, n, None) for n in names)
                if any(_ours(a) and _spawns(a) for a in attrs):
                    return True
            elif _ours(found) and _spawns(found):
                return True
    return False


def _names(code: types.CodeType) -> Iterator[set[str]]:
    """The global and attribute names a code object and those nested in it use."""
    stack = [code]
    while stack:
        current = stack.pop()
        yield set(current.co_names)
        stack.extend(c for c in current.co_consts if isinstance(c, types.CodeType))


def _ours(obj: Any) -> bool:
    """A function or class of the tests package (helpers, fixtures, conftest code)."""
    module = getattr(obj, "__module__", None) or ""
    return (isinstance(obj, (types.FunctionType, type))) and (
        module.startswith("tests.") or module == "tests" or module.startswith("conftest")
    )
