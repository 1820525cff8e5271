"""driftctl revert: put live AWS back to the declared state, for drifts whose rule says so.

Without --approve it prints the plan and changes nothing; with --approve it journals the
prior live state, applies the calls and re-scans what it touched (docs/revert.md).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from driftctl import settings
from driftctl.commands import options, surface
from driftctl.errors import DriftctlError
from driftctl.revert import blast, flow, guards
from driftctl.revert.executor import FAIL_AFTER_ENV

Undo = Annotated[
    Path | None,
    typer.Option("--undo", help="Put back the live state a revert journal recorded (a directory)"),
]

JournalDir = Annotated[
    Path | None,
    typer.Option(
        "--journal-dir",
        help="Where the journal goes. Default: .driftctl/journal/<UTC time>/",
        show_default=False,
    ),
]

Only = Annotated[
    list[str] | None,
    typer.Option(
        "--only",
        help="Revert only the drift named TYPE/ADDRESS (or TYPE/ID), else those this glob "
        "matches (repeatable), e.g. 'aws_iam_*/*'; a value matching no drift is an "
        "error",
    ),
]


def revert(
    from_: options.From = None,
    profile: options.Profile = None,
    region: options.Region = None,
    endpoint_url: options.Endpoint = None,
    var_file: options.VarFile = None,
    var: options.Var = None,
    max_rps: options.MaxRps = None,
    max_attempts: options.MaxAttempts = 8,
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
    attribute: options.Attribute = False,
    cloudtrail: options.CloudTrail = None,
    attribute_window: options.AttributeWindow = None,
    iac_principal: options.IacPrincipal = None,
    approve: options.Approve = False,
    undo: Undo = None,
    journal_dir: JournalDir = None,
    allow_dirty: options.AllowDirty = False,
    only: Only = None,
    max_deletes: options.MaxDeletes = None,
    max_delete_share: options.MaxDeleteShare = None,
    confirm_deletes: options.ConfirmDeletes = None,
    delete_data: options.DeleteData = None,
) -> None:
    """Revert the drifts rules mark `revert` (0 done or nothing to do, 1 not converged, 2 error)."""
    out = Console(highlight=False, soft_wrap=True)

    def say(line: str) -> None:
        out.print(line, markup=False)

    options = settings.Options(
        sources=from_ or [],
        profile=profile,
        regions=region or [],
        endpoint_url=endpoint_url,
        var_files=var_file or [],
        variables=var or [],
        var_order=surface.var_order(),
        max_rps=max_rps,
        max_attempts=max_attempts,
        rules=rules_ or [],
        driftignore=driftignore,
        no_default_rules=no_default_rules,
        no_cache=no_cache,
        max_eval_items=max_eval_items,
        eval_timeout=eval_timeout,
        kustomize_bin=kustomize_bin,
        parameters=parameter or [],
        parameters_file=parameters_file,
        stack_name=stack_name,
        allow_remote_bases=allow_remote_bases,
        attribute=attribute,
        cloudtrail=cloudtrail,
        attribute_window=attribute_window,
        iac_principals=iac_principal or [],
    )
    limits = blast.parse(max_deletes, max_delete_share, confirm_deletes)
    opts = flow.Options(
        approve,
        allow_dirty,
        guards.parse_only(only),
        journal_dir,
        _fail_after(),
        limits,
        tuple(delete_data or ()),
    )
    if undo is not None:
        if only or from_:
            raise DriftctlError(
                "--undo restores everything its journal recorded: --only and --from do not apply"
            )
        if max_delete_share is not None:
            raise DriftctlError(
                "--undo has no scan whose managed resources a share would be of: "
                "--max-delete-share does not apply",
                "its deletes are limited by --max-deletes (confirmed with --confirm-deletes)",
            )
        aws_only = settings.build_aws_only(options)
        raise typer.Exit(int(flow.undo(aws_only, undo, opts, say)))
    conf = settings.build(options)
    raise typer.Exit(int(flow.revert(conf, opts, say)))


def _fail_after() -> int | None:
    """The executor's test hook (docs/revert.md#test-hook): fail the call after N calls."""
    text = os.environ.get(FAIL_AFTER_ENV)
    if not text:
        return None
    if not text.isdigit():
        raise DriftctlError(f"{FAIL_AFTER_ENV}={text}: expected a number of calls")
    return int(text)
