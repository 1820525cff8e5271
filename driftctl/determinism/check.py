"""The determinism check: render the declared state in fresh processes that differ in
what must not matter, compare the renders, and lint the sources (determinism_lint).

Each run is `python -m driftctl render` in a new process with its own:
- PYTHONHASHSEED (fixed values per run index: a failure reproduces);
- TZ (POSIX TZ strings, so no tz database is needed) and LC_ALL/LANG (locales
  installed here, from `locale -a`; C.UTF-8 and POSIX always);
- working directory (an empty temporary directory; sources are passed as absolute paths);
- environment variable order (the same variables inserted in another order);
- file enumeration order (DRIFTCTL_TEST_REVERSE_FILE_ORDER=1 on every other run: the
  loaders' directory listings come reversed; see driftctl.declared.listing);
- the parse cache: all runs share a cache directory of their own (XDG_CACHE_HOME), never
  the user's; run 1 runs alone and fills it (cold), the others then read it (warm). The
  cache of whole evaluations is off (DRIFTCTL_HCL_RESULT_CACHE=0): every run evaluates.

Source kinds are declared in SOURCE_KINDS: hcl (the *.tf of the directory and of the
modules it calls), kustomize (what `kustomize build` renders), yaml (CloudFormation or
driftctl YAML) and tfstate (rendered, not linted: a state file is data). A kind whose
loader runs an external tool sets `tool_env`: the environment each run gives that tool
so it really runs again from nothing (kustomize: its own HOME, TMPDIR, config and cache
directories inside the run's temp dir) instead of reusing what another run produced.
Every run is a fresh process, so the loader — and the tool it starts — always runs again.
"""

from __future__ import annotations

import concurrent.futures
import dataclasses
import hashlib
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from driftctl.declared.listing import REVERSE_FILE_ORDER
from driftctl.determinism.lint import Finding, lint_hcl_dir, lint_kustomize, lint_manifest
from driftctl.determinism.render_diff import diff_texts
from driftctl.errors import DriftctlError
from driftctl.rules import policy as rules
from driftctl.rules import rulefile
from driftctl.settings import RESULT_CACHE_ENV, FormatSettings, Source

DEFAULT_RUNS = 2
MAX_RUNS = 32
RUN_TIMEOUT = 300.0

# Per run index (cycled; hash seeds stay distinct): values that must not change the rendering.
HASH_SEEDS = ("0", "4242", "1", "2147483647")
TIME_ZONES = ("UTC0", "<+1345>-13:45", "<-11>11", "<+0530>-5:30")
LOCALES = ("C.UTF-8", "POSIX", "tr_TR.UTF-8", "de_DE.UTF-8", "en_US.UTF-8")
_VARIED = frozenset(
    {
        "PYTHONHASHSEED",
        "TZ",
        "LANG",
        "LANGUAGE",
        "PWD",
        "OLDPWD",
        "XDG_CACHE_HOME",
        REVERSE_FILE_ORDER,
    }
)


@dataclasses.dataclass(frozen=True)
class SourceKind:
    """How the determinism check treats the sources of one scheme."""

    # the findings in a source (its path), given the loaders' options
    lint: Callable[[Path, FormatSettings], list[Finding]]
    # For a source rendered by an external tool: the env that makes each run re-run it,
    # given a directory private to the run (e.g. {"XDG_CACHE_HOME": str(dir)}).
    tool_env: Callable[[Path], dict[str, str]] | None = None


def kustomize_env(private: Path) -> dict[str, str]:
    """Everything kustomize (and kubectl, and helm under kustomize) reads or writes outside
    the kustomization, pointed into a directory of the run's own."""
    env = {
        "HOME": "home",
        "TMPDIR": "tmp",
        "XDG_CONFIG_HOME": "config",
        "XDG_DATA_HOME": "data",
        "KUBECACHEDIR": "kube-cache",
        "HELM_CACHE_HOME": "helm-cache",
        "HELM_CONFIG_HOME": "helm-config",
        "HELM_DATA_HOME": "helm-data",
    }
    for name, sub in env.items():
        (private / sub).mkdir()
        env[name] = str(private / sub)
    return env


SOURCE_KINDS: dict[str, SourceKind] = {
    "hcl": SourceKind(lint=lambda path, _: lint_hcl_dir(path)),
    "kustomize": SourceKind(
        lint=lambda path, formats: lint_kustomize(
            path, formats.kustomize_bin, formats.allow_remote_bases
        ),
        tool_env=kustomize_env,
    ),
    "yaml": SourceKind(lint=lambda path, _: lint_manifest(path, path.as_posix())),
    "tfstate": SourceKind(lint=lambda _path, _formats: []),
}


@dataclasses.dataclass(frozen=True)
class Allowance:
    """A pattern that accepts lint findings, and where it was given."""

    pattern: str
    origin: str = "--allow"  # or the rule file's FILE:LINE

    def describe(self) -> str:
        return f"{self.origin} {self.pattern!r}"


def rule_file_allowances(paths: Sequence[Path]) -> list[Allowance]:
    """The `determinism.allow` patterns of these rule files (files or directories), in
    order; the files are validated as `driftctl scan --rules` validates them."""
    rules.load_rules(paths, defaults=False)  # raises naming FILE:LINE of the first problem
    found: list[Allowance] = []
    for path in paths:
        for file in rules.rule_files(path):
            parsed = rulefile.parse(str(file), file.read_text(encoding="utf-8"))
            found += [Allowance(a.pattern, a.origin) for a in parsed.determinism_allow]
    return found


# The command that renders: driftctl itself, as the interpreter running this check sees it.
DRIFTCTL_COMMAND: tuple[str, ...] = (sys.executable, "-m", "driftctl")


@dataclasses.dataclass(frozen=True)
class Variant:
    """What one run changes."""

    index: int  # 1-based
    hash_seed: str
    tz: str
    locale: str
    reverse_files: bool
    env_order: str  # "sorted" or "reversed", then rotated by index

    @property
    def cache(self) -> str:
        return "cold" if self.index == 1 else "warm"

    def describe(self) -> str:
        files = "files reversed" if self.reverse_files else "files as listed"
        return (
            f"PYTHONHASHSEED={self.hash_seed} TZ={self.tz} LC_ALL={self.locale} "
            f"{files}, env {self.env_order}, cache {self.cache}"
        )


@dataclasses.dataclass(frozen=True)
class Render:
    variant: Variant
    text: str

    @property
    def digest(self) -> str:
        return f"sha256:{hashlib.sha256(self.text.encode()).hexdigest()}"


@dataclasses.dataclass(frozen=True)
class Outcome:
    renders: tuple[Render, ...]
    findings: tuple[Finding, ...]  # not allowed
    allowed: tuple[tuple[Finding, Allowance], ...]  # (finding, the first pattern accepting it)
    # (run index, lines saying where it differs from run 1)
    differences: tuple[tuple[int, tuple[str, ...]], ...]

    @property
    def ok(self) -> bool:
        return not self.findings and not self.differences


def variants(runs: int, locales: Sequence[str]) -> list[Variant]:
    return [
        Variant(
            index=i + 1,
            hash_seed=HASH_SEEDS[i] if i < len(HASH_SEEDS) else str(7919 * i),
            tz=TIME_ZONES[i % len(TIME_ZONES)],
            locale=locales[i % len(locales)],
            reverse_files=i % 2 == 1,
            env_order="reversed" if i % 2 else "sorted",
        )
        for i in range(runs)
    ]


def available_locales() -> list[str]:
    """LOCALES installed on this machine, in LOCALES order; C.UTF-8 and POSIX always."""
    try:
        listed = subprocess.run(
            ["locale", "-a"], capture_output=True, text=True, timeout=10, check=False
        ).stdout
    except OSError:
        listed = ""
    have = {_locale_key(name) for name in listed.split()}
    return [n for n in LOCALES if n in ("C.UTF-8", "POSIX") or _locale_key(n) in have]


def _locale_key(name: str) -> str:
    return name.lower().replace("-", "")


def environment(
    variant: Variant, base: Mapping[str, str], cwd: Path, extra: Mapping[str, str]
) -> dict[str, str]:
    """The environment of one run: base without what runs vary, the variant's values, extra.

    Insertion order is the order the child sees in os.environ: sorted or reversed,
    then rotated by the run index.
    """
    env = {k: v for k, v in base.items() if k not in _VARIED and not k.startswith("LC_")}
    package_parent = str(Path(__file__).resolve().parents[2])
    env["PYTHONPATH"] = os.pathsep.join(p for p in (package_parent, env.get("PYTHONPATH")) if p)
    env.update(
        PYTHONHASHSEED=variant.hash_seed,
        TZ=variant.tz,
        LC_ALL=variant.locale,
        LANG=variant.locale,
        PWD=str(cwd),
        **extra,
    )
    if variant.reverse_files:
        env[REVERSE_FILE_ORDER] = "1"
    keys = sorted(env, reverse=variant.env_order == "reversed")
    shift = variant.index % len(keys)
    return {k: env[k] for k in keys[shift:] + keys[:shift]}


def render_args(
    sources: Sequence[Source],
    var_files: Sequence[Path],
    variables: Sequence[tuple[str, str]],
    formats: FormatSettings | None = None,
    inputs: Sequence[tuple[str, Any]] | None = None,
) -> list[str]:
    """`render` and its options, with absolute paths (each run has its own cwd). inputs:
    --var-file and --var in command-line order (settings.var_inputs), which decides which
    one wins; without it, var_files then variables."""
    args = ["render"]
    for source in sources:
        args += ["--from", f"{source.scheme}://{source.path.resolve()}"]
    ordered: Sequence[tuple[str, Any]] = (
        inputs
        if inputs is not None
        else [("file", f) for f in var_files] + [("var", v) for v in variables]
    )
    for kind, item in ordered:
        if kind == "file":
            args += ["--var-file", str(Path(item).resolve())]
        else:
            args += ["--var", f"{item[0]}={item[1]}"]
    formats = formats or FormatSettings()
    if formats.kustomize_bin:
        binary = formats.kustomize_bin  # a name found on PATH, or a path made absolute
        is_path = os.sep in binary or (os.altsep is not None and os.altsep in binary)
        args += ["--kustomize-bin", str(Path(binary).resolve()) if is_path else binary]
    for key, value in formats.parameters:
        args += ["--parameter", f"{key}={value}"]
    if formats.parameters_file is not None:
        args += ["--parameters-file", str(formats.parameters_file.resolve())]
    if formats.stack_name:
        args += ["--stack-name", formats.stack_name]
    if formats.allow_remote_bases:
        args += ["--allow-remote-bases"]
    return args


def run_once(args: Sequence[str], variant: Variant, env: Mapping[str, str], cwd: Path) -> Render:
    command = [*DRIFTCTL_COMMAND, *args]
    try:
        proc = subprocess.run(
            command,
            capture_output=True,
            env=dict(env),
            cwd=cwd,
            timeout=RUN_TIMEOUT,
            check=False,
        )
    except subprocess.TimeoutExpired:
        raise DriftctlError(f"run {variant.index}: render took over {RUN_TIMEOUT:.0f}s") from None
    except OSError as exc:
        raise DriftctlError(f"run {variant.index}: cannot start {command[0]}: {exc}") from None
    if proc.returncode != 0:
        stderr = proc.stderr.decode("utf-8", "replace").strip().splitlines()
        detail = " ".join(line.strip() for line in stderr[-2:]) or "no message"
        raise DriftctlError(
            f"run {variant.index}: driftctl render failed (exit {proc.returncode}): {detail}",
            hint=f"that run had {variant.describe()}",
        )
    return Render(variant, proc.stdout.decode("utf-8", "replace"))


def lint(
    sources: Sequence[Source],
    allow: Sequence[str | Allowance],
    formats: FormatSettings | None = None,
) -> tuple[list[Finding], list[tuple[Finding, Allowance]]]:
    """(findings not allowed, [(finding, the first allowance accepting it)])."""
    given = [a if isinstance(a, Allowance) else Allowance(a) for a in allow]
    kinds = [(s, _kind(s)) for s in sources]
    found = sorted({f for s, kind in kinds for f in kind.lint(s.path, formats or FormatSettings())})
    denied: list[Finding] = []
    allowed: list[tuple[Finding, Allowance]] = []
    for finding in found:
        allowance = next((a for a in given if finding.allowed_by(a.pattern)), None)
        if allowance is None:
            denied.append(finding)
        else:
            allowed.append((finding, allowance))
    return denied, allowed


def check(
    sources: Sequence[Source],
    runs: int = DEFAULT_RUNS,
    allow: Sequence[str | Allowance] = (),
    var_files: Sequence[Path] = (),
    variables: Sequence[tuple[str, str]] = (),
    formats: FormatSettings | None = None,
    inputs: Sequence[tuple[str, Any]] | None = None,
) -> Outcome:
    if not 2 <= runs <= MAX_RUNS:
        raise DriftctlError(f"--runs {runs}: must be between 2 and {MAX_RUNS}")
    denied, allowed = lint(sources, allow, formats)
    args = render_args(sources, var_files, variables, formats, inputs)
    renders = _render_all(sources, runs, args)
    first = renders[0]
    differences = tuple(
        (
            r.variant.index,
            tuple(diff_texts(first.text, r.text, ("run 1", f"run {r.variant.index}"))),
        )
        for r in renders[1:]
        if r.digest != first.digest
    )
    return Outcome(tuple(renders), tuple(denied), tuple(allowed), differences)


def _render_all(sources: Sequence[Source], runs: int, args: Sequence[str]) -> list[Render]:
    base = dict(os.environ)
    with tempfile.TemporaryDirectory(prefix="driftctl-determinism-") as tmp:
        jobs = []
        for variant in variants(runs, available_locales()):
            cwd = Path(tmp) / f"run-{variant.index}"
            cwd.mkdir()
            # a shared parse cache, but no shared results: every run evaluates
            extra = {"XDG_CACHE_HOME": str(Path(tmp) / "cache"), RESULT_CACHE_ENV: "0"}
            extra.update(_tool_env(sources, Path(tmp), variant.index))
            jobs.append((variant, environment(variant, base, cwd, extra), cwd))
        first = run_once(args, *jobs[0])  # alone: it fills the cache the others read
        with concurrent.futures.ThreadPoolExecutor(max_workers=min(runs - 1, 4)) as pool:
            futures = [pool.submit(run_once, args, v, env, cwd) for v, env, cwd in jobs[1:]]
            return [first, *(f.result() for f in futures)]


def _tool_env(sources: Sequence[Source], tmp: Path, index: int) -> dict[str, str]:
    env: dict[str, str] = {}
    for scheme in sorted({s.scheme for s in sources}):
        tool_env = SOURCE_KINDS[scheme].tool_env
        if tool_env is not None:
            private = tmp / f"tool-{index}-{scheme}"
            private.mkdir()
            env.update(tool_env(private))
    return env


def _kind(source: Source) -> SourceKind:
    kind = SOURCE_KINDS.get(source.scheme)
    if kind is None:
        raise DriftctlError(
            f"{source.scheme}:// sources have no determinism check yet",
            f"the check takes {', '.join(f'{k}://' for k in SOURCE_KINDS)} sources",
        )
    if str(source.path) == "-":
        raise DriftctlError(
            f"{source.scheme}://-: standard input can be read only once, not once per run",
            "write it to a file and check that: --from kustomize://FILE",
        )
    return kind
