"""driftctl scan: the full pipeline, printed and written as the -o options say."""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from driftctl import settings
from driftctl.commands import compat, options, surface
from driftctl.core.model import KINDS, Report
from driftctl.engine import selection
from driftctl.errors import ExitStatus
from driftctl.report import writer
from driftctl.util import redact

if TYPE_CHECKING:
    from driftctl.aws.connection import Pending
    from driftctl.engine.scopes import LiveRun


def scan(
    from_: options.From = None,
    output: options.Output = None,
    profile: options.Profile = None,
    region: options.Region = None,
    endpoint_url: options.Endpoint = None,
    var_file: options.VarFile = None,
    var: options.Var = None,
    live: Annotated[
        Path | None, typer.Option("--live", help="Read live state from a saved snapshot")
    ] = None,
    save_live: Annotated[
        Path | None, typer.Option("--save-live", help="Write the live snapshot to FILE")
    ] = None,
    all_regions: options.AllRegions = False,
    max_rps: options.MaxRps = None,
    accounts: options.Accounts = None,
    organization: options.Organization = False,
    account_role: options.AccountRole = None,
    shard: options.Shard = None,
    max_attempts: options.MaxAttempts = 8,
    processes: options.Processes = None,
    rules_: options.Rules = None,
    driftignore: options.DriftIgnore = None,
    no_default_rules: options.NoDefaultRules = False,
    no_cache: options.NoCache = False,
    max_eval_items: options.MaxEvalItems = None,
    eval_timeout: options.EvalTimeout = None,
    kustomize_bin: options.KustomizeBin = None,
    allow_remote_bases: options.AllowRemoteBases = False,
    parameter: options.Parameter = None,
    parameters_file: options.ParametersFile = None,
    stack_name: options.StackName = None,
    quiet: options.Quiet = False,
    to: options.To = "aws+tf",
    filter_: options.Filter = None,
    only_managed: options.OnlyManaged = False,
    only_unmanaged: options.OnlyUnmanaged = False,
    strict: options.Strict = False,
    deep_unmanaged: options.DeepUnmanaged = False,
    deep: options.Deep = False,
    headers: options.Headers = None,
    tfc_token: options.TfcToken = None,
    tfc_endpoint: options.TfcEndpoint = None,
    backend_config: options.BackendConfig = None,
    tf_provider_version: options.TfProviderVersion = None,
    tf_lockfile: options.TfLockfile = None,
    config_dir: options.ConfigDir = None,
    ignore: options.Ignore = None,
    azurerm_storage_account: options.AzurermStorageAccount = None,
    azurerm_account_key: options.AzurermAccountKey = None,
    min_compared: options.MinCompared = None,
    attribute: options.Attribute = False,
    cloudtrail: options.CloudTrail = None,
    attribute_window: options.AttributeWindow = None,
    iac_principal: options.IacPrincipal = None,
) -> None:
    """Compare the declared state with live AWS; report drift (exit 0 in sync, 1 drift, 2 error).

    Examples:

      driftctl scan --from infra/ --region eu-west-1

      driftctl scan --from tfstate+s3://acme-state/prod.tfstate -o json://drift.json

      driftctl scan -o json://stdout | driftctl gen-driftignore

      driftctl scan --from infra/ -o html://drift.html -o sarif://drift.sarif --quiet

      driftctl scan --filter "Type=='aws_s3_bucket'" --only-managed
    """
    outputs = settings.parse_outputs(output)
    writer.clear_previous(outputs)  # from here on, a report at these paths is this run's
    compat.check_to(to)
    compat.check_one_filter(surface.RAW_ARGS.get())
    notes = compat.notes(
        tf_provider_version, tf_lockfile, deep, azurerm_storage_account, azurerm_account_key
    )
    conf = settings.build(
        settings.Options(
            sources=from_ or [],
            outputs=output or [],
            profile=profile,
            regions=region or [],
            endpoint_url=endpoint_url,
            live_file=live,
            save_live=save_live,
            var_files=var_file or [],
            variables=var or [],
            var_order=surface.var_order(),
            all_regions=all_regions,
            max_rps=max_rps,
            accounts=accounts or [],
            organization=organization,
            account_role=account_role,
            shard=shard,
            max_attempts=max_attempts,
            processes=processes,
            rules=rules_ or [],
            driftignore=driftignore,
            no_default_rules=no_default_rules,
            ignore=ignore or [],
            no_cache=no_cache,
            config_dir=config_dir,
            max_eval_items=max_eval_items,
            eval_timeout=eval_timeout,
            kustomize_bin=kustomize_bin,
            parameters=parameter or [],
            parameters_file=parameters_file,
            stack_name=stack_name,
            allow_remote_bases=allow_remote_bases,
            headers=headers or [],
            tfc_token=tfc_token,
            tfc_endpoint=tfc_endpoint,
            backend_config=backend_config or [],
            filter=filter_,
            only_managed=only_managed,
            only_unmanaged=only_unmanaged,
            strict=strict,
            deep_unmanaged=deep_unmanaged,
            quiet=quiet,
            min_compared=min_compared,
            attribute=attribute,
            cloudtrail=cloudtrail,
            attribute_window=attribute_window,
            iac_principals=iac_principal or [],
        )
    )
    started = time.monotonic()
    # the identity call goes out first and travels while the rules and sources load; its
    # errors are raised later, so a bad rule file or source is still reported first
    pending = None if conf.live_file is not None else _start_session(conf)
    from rich.console import Console
    from rich.markup import escape

    from driftctl import api
    from driftctl.engine import pipeline
    from driftctl.rules import policy as rules

    stderr = Console(stderr=True, soft_wrap=True, highlight=False, quiet=conf.quiet)
    for note in notes:
        stderr.print(f"[dim]note: {escape(note)}[/dim]")
    policy = rules.policy_for(conf)
    if policy.ignore is not None:
        for warning in policy.ignore.warnings:
            stderr.print(f"[yellow]warning[/] {escape(warning)}")
    result = api.run_scan(conf, policy, pending)
    report, declared, run = result.report, result.declared, result.run
    write_outputs(report, conf, run)
    for note in declared.notes:
        stderr.print(f"[dim]note: {escape(note)}[/dim]")
    for warning in declared.warnings:
        stderr.print(f"[yellow]warning[/] {escape(warning)}")
    if conf.selection.filter and not (report.summary["declared"] or report.summary["live"]):
        stderr.print(
            f"[yellow]warning[/] --filter {escape(selection.shown_filter(conf.selection.filter))} "
            "matched no declared or live resource: nothing was compared"
        )
    for unscanned in pipeline.unscanned_regions(declared, run) if conf.scale.shard[1] == 1 else ():
        stderr.print(
            f"[yellow]warning[/] resources declared in {unscanned} were not compared: "
            f"that region was not scanned (add --region {unscanned})"
        )
    if run.counter is not None:
        calls = sum(run.counter.calls.values())
        stderr.print(
            f"[dim]scanned in {time.monotonic() - started:.1f}s with {calls} API calls"
            f" ({run.counter.retries} retries, {run.limiter_wait:.1f}s waiting for rate limits"
            f"{f'; {run.processes} processes' if run.processes > 1 else ''})[/dim]"
        )
    short = below_min_compared(report, conf.min_compared)
    if short:
        stderr.print(f"[bold red]error[/] {escape(short)}", highlight=False)
    raise typer.Exit(int(exit_status(report, conf.min_compared)))


def below_min_compared(report: Report, minimum: float | None) -> str | None:
    """Why the scan compared less than the share --min-compared asks for, or None."""
    share = report.summary.get("compared_share")
    if minimum is None or not isinstance(share, (int, float)) or share >= minimum:
        return None
    unsupported: dict[str, int] = report.summary.get("unsupported") or {}
    listed = ", ".join(f"{name} ({n})" for name, n in sorted(unsupported.items()))
    if not listed:  # declared in regions the scan did not read (warned about above)
        listed = f"{report.summary.get('not_compared', 0)} resources (see the warnings above)"
    return (
        f"compared {share:.1%} of the declared resources, below --min-compared "
        f"{minimum:.1%}; not compared: {listed}"
    )


def _start_session(conf: settings.Settings) -> Pending:
    from driftctl.aws import connection  # botocore: imported here, not for --help

    return connection.start(conf)


def exit_status(report: Report, min_compared: float | None = None) -> ExitStatus:
    if report.errors or below_min_compared(report, min_compared):
        return ExitStatus.ERROR
    if any(report.summary[k] for k in KINDS):
        return ExitStatus.DRIFT
    return ExitStatus.OK


def write_outputs(report: Report, conf: settings.Settings, run: LiveRun | None = None) -> None:
    """Every -o output: the files all or nothing (report/writer.py), then the console."""
    from rich.console import Console

    from driftctl.report import console as console_report
    from driftctl.report import formats

    # a remote source is named without its secrets (util/redact.py): no local file is under it
    sources = [Path(redact.source(s)) if s.url else s.path for s in conf.sources]
    texts = [
        (
            out.target,
            formats.render(out.scheme, report, sources, out.target, run, conf.selection.kinds),
        )
        for out in conf.outputs
        if out.scheme != "console"
    ]
    writer.write_all(texts)
    for out in conf.outputs:
        if out.scheme == "console":  # soft wrap: piped or in CI, lines are not cut at 80
            console_report.render(report, Console(highlight=False, soft_wrap=True))
