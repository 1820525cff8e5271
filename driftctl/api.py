"""driftctl's public Python API (docs/api.md): the CLI's commands as typed functions.

Each function takes the CLI's flags as keyword arguments (`--from` is `from_`, `--var`
is `variables`, `--no-default-rules` is `no_default_rules`) and returns the frozen
dataclasses the JSON outputs are made from. AWS is reached through `session` (a
boto3.Session), else `profile` and the standard credential chain, with `endpoint_url`
(an emulator) and `region`; clients are made when a function runs, so calling one inside
moto's `mock_aws` reads the mock. Every problem raises driftctl.errors.DriftctlError.

Each function makes the settings.Options its command makes from the same flags, and
settings.build parses them (tests/commands/test_options.py). The CLI's commands call these
functions (scan: run_scan, render: render_settings and render_with, revert: the planning
of plan_revert, rules validate: check_rules): one path, not two.
"""

from __future__ import annotations

import dataclasses
import datetime
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias

from driftctl import settings
from driftctl.core.model import Change, Drift, Report, Resource, ScanError, SourceRef
from driftctl.declared.hcl.lang.limits import Limits
from driftctl.engine.rendered import Rendered
from driftctl.errors import DriftctlError

if TYPE_CHECKING:
    import boto3

    from driftctl.aws.canonical import Declared
    from driftctl.aws.connection import Pending
    from driftctl.base.calls import Call
    from driftctl.engine.scopes import LiveRun
    from driftctl.revert.planner import Step
    from driftctl.rules.policy import Policy, Rule

__all__ = [
    "Change",
    "Drift",
    "DriftctlError",
    "LiveSnapshot",
    "Policy",
    "Rendered",
    "Report",
    "Resource",
    "RevertPlan",
    "ScanError",
    "SourceRef",
    "check_rules",
    "evaluate",
    "load_rules",
    "plan_revert",
    "read_live",
    "render",
    "scan",
]

PathLike: TypeAlias = "str | os.PathLike[str]"
# one --from value or several: "infra/", Path("infra"), ["hcl://infra", "tfstate://s.tfstate"]
Paths: TypeAlias = "PathLike | Sequence[PathLike]"
# --var / --parameter: {"NAME": "VALUE"}, or the CLI's "NAME=VALUE" strings
Pairs: TypeAlias = "Mapping[str, str] | Sequence[str]"


def __getattr__(name: str) -> Any:
    if name == "Policy":  # the rules module loads jsonschema: only when asked for
        from driftctl.rules.policy import Policy

        return Policy
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# -- scan -------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class ScanResult:
    """A scan's report, and what it was made from (the CLI writes its outputs from these)."""

    report: Report
    declared: Declared
    run: LiveRun


def scan(
    from_: Paths | None = None,
    *,
    session: boto3.Session | None = None,
    endpoint_url: str | None = None,
    region: str | Sequence[str] | None = None,
    profile: str | None = None,
    live: PathLike | None = None,
    save_live: PathLike | None = None,
    var_files: Paths | None = None,
    variables: Pairs | None = None,
    rules: Paths | None = None,
    driftignore: PathLike | None = None,
    ignore: Sequence[str] | None = None,
    no_default_rules: bool = False,
    policy: Policy | None = None,
    filter: str | None = None,
    only_managed: bool = False,
    only_unmanaged: bool = False,
    strict: bool = False,
    deep_unmanaged: bool = False,
    all_regions: bool = False,
    max_rps: float | None = None,
    accounts: Sequence[str] | None = None,
    organization: bool = False,
    account_role: str | None = None,
    shard: str | None = None,
    max_attempts: int = 8,
    processes: int | None = None,
    no_cache: bool = False,
    config_dir: PathLike | None = None,
    kustomize_bin: str | None = None,
    allow_remote_bases: bool = False,
    parameters: Pairs | None = None,
    parameters_file: PathLike | None = None,
    stack_name: str | None = None,
    headers: Pairs | None = None,
    tfc_token: str | None = None,
    tfc_endpoint: str | None = None,
    backend_config: Sequence[str] | None = None,
    types: Sequence[str] | None = None,
    attribute: bool = False,
    cloudtrail: str | None = None,
    attribute_window: str | None = None,
    iac_principals: Sequence[str] | None = None,
    attribute_now: datetime.datetime | str | None = None,
) -> Report:
    """`driftctl scan`: the report its `-o json://` output is made from.

    from_: the --from sources (default: the current directory; an empty list: nothing is
    declared, every live resource is unmanaged). policy: rules made by
    load_rules(), used instead of rules/driftignore/ignore/no_default_rules. A scope that
    could not be read is an entry of `report.errors` (the CLI exits 2 on it), never left out
    silently. types: the resource types the scan needs (default: every type); only the
    scans serving them (and what their declarations refer to) are read, and the report
    covers the types those scans read (docs/scan.md, "What a scan reads")."""
    from driftctl.rules import policy as rules_module

    conf = settings.build(
        settings.Options(
            sources=_sources(from_),
            profile=profile,
            regions=_regions(region),
            endpoint_url=endpoint_url,
            live_file=_path(live),
            save_live=_path(save_live),
            var_files=_paths(var_files),
            variables=_pairs(variables),
            all_regions=all_regions,
            max_rps=max_rps,
            accounts=list(accounts or ()),
            organization=organization,
            account_role=account_role,
            shard=shard,
            max_attempts=max_attempts,
            processes=processes,
            rules=_paths(rules),
            driftignore=_path(driftignore),
            no_default_rules=no_default_rules,
            ignore=list(ignore or ()),
            no_cache=no_cache,
            config_dir=_path(config_dir),
            kustomize_bin=kustomize_bin,
            parameters=_pairs(parameters),
            parameters_file=_path(parameters_file),
            stack_name=stack_name,
            allow_remote_bases=allow_remote_bases,
            headers=_pairs(headers),
            tfc_token=tfc_token,
            tfc_endpoint=tfc_endpoint,
            backend_config=list(backend_config or ()),
            filter=filter,
            only_managed=only_managed,
            only_unmanaged=only_unmanaged,
            strict=strict,
            deep_unmanaged=deep_unmanaged,
            types=types,
            quiet=True,
            session=session,
            attribute=attribute,
            cloudtrail=cloudtrail,
            attribute_window=attribute_window,
            iac_principals=list(iac_principals or ()),
            attribute_now=attribute_now,
        )
    )
    return run_scan(conf, policy or rules_module.policy_for(conf)).report


def run_scan(conf: settings.Settings, policy: Policy, pending: Pending | None = None) -> ScanResult:
    """The scan of settings already resolved (what `driftctl scan` runs): declared and
    live, matched and diffed, decided by the policy, narrowed to --only-*; the live state
    saved first when --save-live asks. pending: an AWS session already started."""
    from driftctl.aws import snapshot as snapshots
    from driftctl.engine import pipeline, selection
    from driftctl.engine.bind import bind_live
    from driftctl.rules.decide import Decider

    decider = Decider(conf, policy)  # a rule on actor or via without --attribute: an error
    declared, run = pipeline.declared_and_live(conf, pending, policy.ignore)
    if conf.save_live is not None:
        snapshots.save(run, conf.save_live, conf.scale.shard)
    # bound once: its warnings and unknowns are those left after binding (a for_each over
    # a certificate's validation options is declared); nothing is bound again for this run
    declared = dataclasses.replace(bind_live(declared, run), rebind=None)
    report = pipeline.scan_report(declared, run, conf.selection)
    # without --attribute, no CloudTrail call is made
    report = decider.decide(report, run.default_region, conf.selection.kinds)
    report = selection.only_kinds(report, conf.selection.kinds)
    return ScanResult(report, declared, run)


# -- live snapshot ------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class LiveSnapshot:
    """The live resources of an account at one moment, sorted by (type, id)."""

    resources: tuple[Resource, ...]
    errors: tuple[ScanError, ...] = ()

    def keys(self) -> frozenset[tuple[str, str]]:
        """(type, id) of every resource."""
        return frozenset((r.type, str(r.id)) for r in self.resources)


def read_live(
    *,
    session: boto3.Session | None = None,
    endpoint_url: str | None = None,
    region: str | Sequence[str] | None = None,
    profile: str | None = None,
    all_regions: bool = False,
    max_rps: float | None = None,
    max_attempts: int = 8,
) -> LiveSnapshot:
    """Every live resource driftctl reads, as `--save-live` records them (no declared side)."""
    from driftctl.engine import pipeline
    from driftctl.engine.scopes import normalize_live

    conf = settings.build_aws_only(
        settings.Options(
            profile=profile,
            regions=_regions(region),
            endpoint_url=endpoint_url,
            all_regions=all_regions,
            max_rps=max_rps,
            max_attempts=max_attempts,
            quiet=True,
            session=session,
        )
    )
    run = pipeline.load_live(conf)
    resources = normalize_live([r for s in run.states.values() for r in s.resources])
    errors = tuple(e for s in run.states.values() for e in s.errors)
    return LiveSnapshot(tuple(sorted(resources, key=lambda r: (r.type, str(r.id)))), errors)


# -- render and evaluate ------------------------------------------------------------------


def render(
    from_: Paths | None = None,
    *,
    var_files: Paths | None = None,
    variables: Pairs | None = None,
    region: str | Sequence[str] | None = None,
    no_cache: bool = False,
    kustomize_bin: str | None = None,
    allow_remote_bases: bool = False,
    parameters: Pairs | None = None,
    parameters_file: PathLike | None = None,
    stack_name: str | None = None,
    eval_limits: Limits | None = None,
) -> Rendered:
    """`driftctl render`: the declared state, evaluated and normalized, exactly as the diff
    compares it. Offline: no AWS call, and a backend block's state is not read."""
    limits = eval_limits or Limits()
    return render_with(
        render_settings(
            settings.Options(
                sources=_strings(from_),
                regions=_regions(region),
                var_files=_paths(var_files),
                variables=_pairs(variables),
                no_cache=no_cache,
                max_eval_items=limits.max_items,
                eval_timeout=limits.timeout,
                kustomize_bin=kustomize_bin,
                parameters=_pairs(parameters),
                parameters_file=_path(parameters_file),
                stack_name=stack_name,
                allow_remote_bases=allow_remote_bases,
            )
        )
    )


def render_settings(options: settings.Options) -> settings.Settings:
    """render()'s settings: options' (the CLI's render makes them from its flags, with the
    command line's order of --var and --var-file), offline: a backend block's state is not
    read. render_with renders them."""
    return settings.build(dataclasses.replace(options, detect_backend=False))


def render_with(conf: settings.Settings) -> Rendered:
    """The declared state that settings made by render_settings name, rendered."""
    from driftctl.engine import pipeline

    return Rendered.of(pipeline.load_declared(conf))


def evaluate(
    expression: str,
    from_: PathLike = ".",
    *,
    var_files: Paths | None = None,
    variables: Pairs | None = None,
) -> Any:
    """The value of one Terraform expression in the root module at from_ (a directory, or
    hcl://DIR), as `terraform console` would print it: `evaluate("local.name", "infra")`.
    A value known only after apply (`aws_s3_bucket.b.arn`) is a driftctl.core.model.Ref or
    Unknown; driftctl.core.model.to_plain() turns it into {"$unknown": ...}."""
    from driftctl.declared.hcl.console import evaluate as evaluate_in

    text = os.fspath(from_)
    scheme, sep, rest = text.partition("://")
    if sep and scheme != "hcl":
        raise DriftctlError(f"evaluate: {text}: expected a Terraform directory or hcl://DIR")
    conf = settings.build(
        settings.Options(sources=None, var_files=_paths(var_files), variables=_pairs(variables))
    )
    return evaluate_in(
        expression,
        Path(rest if sep else text),
        conf.var_files,
        dict(conf.variables),
        env=dict(conf.tf_env_vars),
    )


# -- rules --------------------------------------------------------------------------------


def load_rules(
    rules: Paths | None = None,
    *,
    driftignore: PathLike | None = None,
    ignore: Sequence[str] | None = None,
    no_default_rules: bool = False,
) -> Policy:
    """The policy a scan applies (--rules files or directories, then the shipped defaults
    unless no_default_rules; the .driftignore: driftignore, else ./.driftignore when
    present, or the `ignore` lines instead, as --ignore). The first problem in a rule file
    raises DriftctlError naming file:line; check_rules() lists them all."""
    from driftctl.rules import policy as rules_module

    rule_settings = settings.rule_settings(
        settings.Options(
            rules=_paths(rules),
            driftignore=_path(driftignore),
            no_default_rules=no_default_rules,
            ignore=list(ignore or ()),
        )
    )
    # not policy_for: rules on actor or via load here, and need --attribute only in a scan
    rs = rule_settings
    return rules_module.load_policy(rs.paths, rs.driftignore, rs.defaults, rs.ignore_text)


def check_rules(
    rules: Paths, *, no_default_rules: bool = False
) -> tuple[tuple[Rule, ...], tuple[str, ...]]:
    """`driftctl rules validate`: the rules found, and every problem (file:line: what)."""
    from driftctl.rules import policy as rules_module

    found, errors = rules_module.check(_paths(rules), defaults=not no_default_rules)
    return tuple(found), tuple(errors)


# -- revert plan --------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class RevertPlan:
    """What `driftctl revert` would do, without --approve: one step per drift its rules
    mark `revert`, each with the boto3 calls it would make; nothing was changed."""

    steps: tuple[Step, ...]
    notes: tuple[str, ...] = ()  # drifts left alone, and why

    @property
    def calls(self) -> tuple[Call, ...]:
        return tuple(c for s in self.steps for c in s.calls)

    @property
    def refusals(self) -> tuple[str, ...]:
        return tuple(r for s in self.steps for r in s.refusals)

    def to_json(self) -> dict[str, Any]:
        return {"steps": [s.to_json() for s in self.steps], "notes": list(self.notes)}

    def lines(self, title: str = "revert plan") -> list[str]:
        """The plan as `driftctl revert` prints it."""
        from driftctl.revert import render as render_plan
        from driftctl.revert.planner import Plan

        return render_plan.plan_lines(Plan(list(self.steps), list(self.notes)), title)


def plan_revert(
    from_: Paths | None = None,
    *,
    session: boto3.Session | None = None,
    endpoint_url: str | None = None,
    region: str | Sequence[str] | None = None,
    profile: str | None = None,
    var_files: Paths | None = None,
    variables: Pairs | None = None,
    rules: Paths | None = None,
    driftignore: PathLike | None = None,
    ignore: Sequence[str] | None = None,
    no_default_rules: bool = False,
    policy: Policy | None = None,
    only: Sequence[str] | None = None,
    max_rps: float | None = None,
    max_attempts: int = 8,
    no_cache: bool = False,
    kustomize_bin: str | None = None,
    allow_remote_bases: bool = False,
    parameters: Pairs | None = None,
    parameters_file: PathLike | None = None,
    stack_name: str | None = None,
    delete_data: Sequence[str] | None = None,
    attribute: bool = False,
    cloudtrail: str | None = None,
    attribute_window: str | None = None,
    iac_principals: Sequence[str] | None = None,
    attribute_now: datetime.datetime | str | None = None,
) -> RevertPlan:
    """`driftctl revert` without --approve: the plan, from a scan (read calls only); no call
    that changes AWS is made. only: --only TYPE/ADDRESS globs. delete_data: --delete-data
    TYPE.ID, the resources holding data the plan may delete. attribute, cloudtrail,
    attribute_window, iac_principals, attribute_now: as scan()'s, for rules on `actor` or
    `via` (docs/attribution.md)."""
    from driftctl.revert import flow, guards
    from driftctl.rules import policy as rules_module

    conf = settings.build(
        settings.Options(
            sources=_strings(from_),
            profile=profile,
            regions=_regions(region),
            endpoint_url=endpoint_url,
            var_files=_paths(var_files),
            variables=_pairs(variables),
            max_rps=max_rps,
            max_attempts=max_attempts,
            rules=_paths(rules),
            driftignore=_path(driftignore),
            no_default_rules=no_default_rules,
            ignore=list(ignore or ()),
            no_cache=no_cache,
            kustomize_bin=kustomize_bin,
            parameters=_pairs(parameters),
            parameters_file=_path(parameters_file),
            stack_name=stack_name,
            allow_remote_bases=allow_remote_bases,
            quiet=True,
            session=session,
            attribute=attribute,
            cloudtrail=cloudtrail,
            attribute_window=attribute_window,
            iac_principals=list(iac_principals or ()),
            attribute_now=attribute_now,
        )
    )
    chosen = guards.parse_only(only)
    aws = flow.connect(conf)
    wanted = tuple(delete_data or ())
    policy = policy or rules_module.policy_for(conf)
    _, plan = flow.first_plan(conf, policy, aws, chosen, delete_data=wanted)
    return RevertPlan(tuple(plan.steps), tuple(plan.notes))


# -- arguments ----------------------------------------------------------------------------


def _strings(value: Paths | None) -> list[str]:
    if value is None:
        return []
    if isinstance(value, (str, os.PathLike)):
        return [os.fspath(value)]
    return [os.fspath(v) for v in value]


def _sources(value: Paths | None) -> list[str] | None:
    """--from values: None is the current directory; an empty list, nothing declared."""
    if value is None:
        return []
    return _strings(value) or None


def _paths(value: Paths | None) -> list[Path]:
    return [Path(v) for v in _strings(value)]


def _path(value: PathLike | None) -> Path | None:
    return Path(value) if value is not None else None


def _regions(region: str | Sequence[str] | None) -> list[str]:
    return [region] if isinstance(region, str) else list(region or ())


def _pairs(values: Pairs | None) -> list[str]:
    if values is None:
        return []
    if isinstance(values, Mapping):
        return [f"{k}={v}" for k, v in values.items()]
    if isinstance(values, str):
        raise DriftctlError(f"{values!r}: expected a mapping or a list of NAME=VALUE")
    return list(values)
