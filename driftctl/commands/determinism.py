"""driftctl determinism: render in fresh processes that differ in what must not matter,
compare the hashes, and lint the sources for constructs that are non-deterministic by nature.

Exit 0: identical renders and no finding (or only allowed ones); 1: renders differ or a
finding is not allowed; 2: an error (a bad source, a render that fails).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from driftctl import settings
from driftctl.commands import options, surface
from driftctl.determinism import check as determinism
from driftctl.errors import ExitStatus

Runs = Annotated[
    int,
    typer.Option("--runs", help="How many fresh renders to compare (2 to 32)"),
]
Allow = Annotated[
    list[str] | None,
    typer.Option(
        "--allow",
        help=(
            "Accept the findings matching this glob, on 'FILE:LINE: CONSTRUCT' "
            "or on the construct alone (e.g. 'uuid()', 'random_*', 'module \"vpc\"'); repeatable"
        ),
    ),
]


RuleFiles = Annotated[
    list[Path] | None,
    typer.Option(
        "--rules",
        help="Rule file, or directory of *.yaml rule files, whose `determinism: {allow: [...]}` "
        "patterns accept findings as --allow does (repeatable)",
    ),
]


def determinism_command(
    from_: options.From = None,
    var_file: options.VarFile = None,
    var: options.Var = None,
    runs: Runs = determinism.DEFAULT_RUNS,
    allow: Allow = None,
    rules_: RuleFiles = None,
    kustomize_bin: options.KustomizeBin = None,
    allow_remote_bases: options.AllowRemoteBases = False,
    parameter: options.Parameter = None,
    parameters_file: options.ParametersFile = None,
    stack_name: options.StackName = None,
) -> None:
    """Render N times in fresh processes and compare; lint for non-deterministic constructs."""
    conf = settings.build(
        settings.Options(
            sources=from_ or [],
            var_files=var_file or [],
            variables=var or [],
            var_order=surface.var_order(),
            kustomize_bin=kustomize_bin,
            parameters=parameter or [],
            parameters_file=parameters_file,
            stack_name=stack_name,
            allow_remote_bases=allow_remote_bases,
        )
    )
    allowances = [determinism.Allowance(p) for p in allow or ()]
    allowances += determinism.rule_file_allowances(rules_ or ())
    outcome = determinism.check(
        conf.sources,
        runs,
        allowances,
        conf.var_files,
        conf.variables,
        conf.formats,
        inputs=conf.var_inputs,
    )
    sys.stdout.write("".join(f"{line}\n" for line in report_lines(outcome)))
    raise typer.Exit(int(ExitStatus.OK if outcome.ok else ExitStatus.DRIFT))


def report_lines(outcome: determinism.Outcome) -> list[str]:
    lines = [
        f"run {r.variant.index}: {r.digest}  ({r.variant.describe()})" for r in outcome.renders
    ]
    if outcome.differences:
        for index, differences in outcome.differences:
            lines.append(f"run {index} differs from run 1:")
            lines += [f"  {d}" for d in differences]
    else:
        lines.append(f"renders identical: {outcome.renders[0].digest}")
    lines += [str(f) for f in outcome.findings]
    lines += [f"allowed by {a.describe()}: {f}" for f, a in outcome.allowed]
    lines.append(_verdict(outcome))
    return lines


def _verdict(outcome: determinism.Outcome) -> str:
    problems = []
    if outcome.differences:
        distinct = len({r.digest for r in outcome.renders})
        problems.append(f"{distinct} different renders in {len(outcome.renders)} runs")
    if outcome.findings:
        n = len(outcome.findings)
        problems.append(f"{n} non-deterministic construct{'s' if n != 1 else ''}")
    if not problems:
        return "deterministic"
    hint = (
        " (accept a construct with --allow PATTERN or a rule file's determinism.allow)"
        if outcome.findings
        else ""
    )
    return f"not deterministic: {' and '.join(problems)}{hint}"
