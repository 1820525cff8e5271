"""`driftctl pr` from start to end: read live once, codify in a worktree at the base,
verify by re-diffing, commit, push, and open, update or close the pull request."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from driftctl import pipeline, rules
from driftctl.codify import verify
from driftctl.codify.base import Context, unified_diff
from driftctl.codify.hcl_import import DEFAULT_FILE
from driftctl.codify.plan import Plan, make_plan
from driftctl.errors import DriftctlError
from driftctl.model import Drift, Resource
from driftctl.pullrequest import body, git_ops
from driftctl.pullrequest.github import GitHub
from driftctl.scopes import LiveRun
from driftctl.settings import Settings, Source

DEFAULT_LABEL = "driftctl"


@dataclasses.dataclass(frozen=True)
class PrOptions:
    base: str | None = None
    remote: str = "origin"
    repo: str | None = None  # owner/name on GitHub
    token: str | None = None
    api_url: str = "https://api.github.com"
    dry_run: bool = False
    import_file: str | None = None  # where unmanaged resources go unless their rule says


@dataclasses.dataclass
class Result:
    plan: Plan
    body: str
    branch: str | None = None
    pull: dict[str, Any] | None = None
    action: str = "none"  # created | updated | closed | none | dry-run
    closed: list[int] = dataclasses.field(default_factory=list)


def run(conf: Settings, opts: PrOptions, out: TextIO) -> Result:
    if len(conf.sources) != 1 or conf.sources[0].scheme != "hcl":
        raise DriftctlError("driftctl pr codifies one hcl:// source at a time", "pass one --from")
    if not opts.dry_run and not (opts.token and opts.repo):
        raise DriftctlError(
            "driftctl pr needs a GitHub token and repository",
            "pass --github-token (or set GITHUB_TOKEN) and --repo owner/name, or use --dry-run",
        )
    policy = rules.policy_for(conf)
    source = conf.sources[0]
    repo = git_ops.open_repo(source.path)
    top = git_ops.root_of(repo)
    rel = source.path.resolve().relative_to(top)
    has_remote = opts.remote in [r.name for r in repo.remotes]
    base = opts.base or git_ops.default_base(repo, opts.remote)
    start = git_ops.base_commit(repo, opts.remote, base, fetch=has_remote or not opts.dry_run)
    conn = pipeline.connect(conf)
    context = pipeline.declared_context(conf, conn)
    live = pipeline.load_live(conf, conn)
    with git_ops.worktree(repo, start) as tree:
        wconf = dataclasses.replace(
            conf,
            sources=(Source(source.scheme, tree / rel),),
            var_files=tuple(_inside(p, top, tree) for p in conf.var_files),
        )
        declared = pipeline.load_declared(wconf, context)
        report = rules.apply(policy, pipeline.scan_report(declared, live))
        wanted = [d for d in report.drifts if d.action == "pr"]
        ctx = Context(tree / rel, declared, _live_index(live), _import_files(policy, wanted, opts))
        plan = make_plan(wanted, ctx)
        for file in plan.changed_files:
            (tree / rel / file).parent.mkdir(parents=True, exist_ok=True)
            (tree / rel / file).write_text(plan.files[file][1], encoding="utf-8")
        if plan.codified:
            after_declared = pipeline.load_declared(wconf, context)
            after = rules.apply(policy, pipeline.scan_report(after_declared, live))
            verify.check(report, after, plan.codified, declared, after_declared)
        root = "" if str(rel) == "." else rel.as_posix()
        scope_id = body.scope(root or ".")
        text = body.render(report, plan, root, scope_id)
        if opts.dry_run:
            out.write(unified_diff(plan.files, root) or "# no source change: nothing to codify\n")
            out.write("\n" + text)
            return Result(plan, text, action="dry-run")
        assert opts.token is not None and opts.repo is not None
        github = GitHub(opts.token, opts.repo, opts.api_url)
        return _publish(
            github,
            plan,
            text,
            scope_id,
            (tree, rel, opts.remote, base),
            _labels(policy, plan.codified),
        )


def _publish(
    github: GitHub,
    plan: Plan,
    text: str,
    scope_id: str,
    where: tuple[Path, Path, str, str],
    labels: list[str],
) -> Result:
    tree, rel, remote, base = where
    mark = body.marker(scope_id)
    ours = [
        p
        for p in github.open_pulls()
        if str(p.get("head", {}).get("ref", "")).startswith(body.BRANCH_PREFIX)
        and mark in str(p.get("body") or "")
    ]
    if not plan.codified:
        closed = _close(
            github,
            ours,
            "driftctl: the drift this pull request codified is gone "
            "from live AWS (or no longer has a `pr` rule); closing.",
        )
        return Result(plan, text, action="closed" if closed else "none", closed=closed)
    branch = body.branch(plan.codified)
    files = [(rel / f).as_posix() for f in plan.changed_files]
    git_ops.commit(tree, files, body.commit_message(plan))
    git_ops.push(tree, remote, branch)
    existing = next((p for p in ours if p["head"]["ref"] == branch), None)
    if existing is None:
        existing = github.open_pull_for(branch)
    if existing is not None:
        number = int(existing["number"])
        pull = github.update_pull(number, title=body.title(plan), body=text)
        action = "updated"
    else:
        pull = github.create_pull(body.title(plan), branch, base, text)
        number = int(pull["number"])
        action = "created"
    github.add_labels(number, labels)
    others = [p for p in ours if p["head"]["ref"] != branch]
    closed = _close(github, others, f"driftctl: superseded by #{number}; closing.")
    return Result(plan, text, branch, pull, action, closed)


def _close(github: GitHub, pulls: Sequence[dict[str, Any]], comment: str) -> list[int]:
    closed = []
    for p in sorted(pulls, key=lambda p: int(p["number"])):
        number = int(p["number"])
        github.comment(number, comment)
        github.update_pull(number, state="closed")
        closed.append(number)
    return closed


def _labels(policy: rules.Policy, codified: Sequence[Drift]) -> list[str]:
    by_name = {r.name: r for r in policy.rules}
    found = {label for d in codified if d.rule in by_name for label in by_name[d.rule].labels}
    return sorted(found) or [DEFAULT_LABEL]


def _import_files(policy: rules.Policy, drifts: Sequence[Drift], opts: PrOptions) -> dict[str, str]:
    by_name = {r.name: r for r in policy.rules}
    out = {}
    for d in drifts:
        rule = by_name.get(d.rule or "")
        out[d.fingerprint] = (rule.file if rule and rule.file else None) or (
            opts.import_file or DEFAULT_FILE
        )
    return out


def _live_index(live: LiveRun) -> dict[tuple[str, str], Resource]:
    out: dict[tuple[str, str], Resource] = {}
    for state in live.states.values():
        for r in pipeline.normalize_live(state.resources):
            if r.id is not None:
                out.setdefault((r.type, r.id), r)
    return out


def _inside(path: Path, top: Path, tree: Path) -> Path:
    """A --var-file inside the repository, read from the worktree instead."""
    try:
        return tree / path.resolve().relative_to(top)
    except ValueError:
        return path
