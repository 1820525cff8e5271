"""`driftctl pr` from start to end: read live once, codify in a worktree at the base,
verify by re-diffing, commit, push, and open, update or close the pull request."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import Any, TextIO

from driftctl.codify import verify
from driftctl.codify.base import Context, repo_path, unified_diff, write_text
from driftctl.codify.hcl.imports import DEFAULT_FILE
from driftctl.codify.plan import IMPORT_FILES, Plan, make_plan
from driftctl.core.model import Drift, Report, Resource
from driftctl.declared.cfn.load import read_parameters_file
from driftctl.declared.k8s.kustomize import KUSTOMIZATIONS
from driftctl.engine import pipeline
from driftctl.engine.scopes import LiveRun
from driftctl.errors import DriftctlError
from driftctl.pullrequest import body, git_ops
from driftctl.pullrequest.github import GitHub
from driftctl.rules import policy as rules
from driftctl.rules.decide import Decider
from driftctl.settings import Settings, Source

DEFAULT_LABEL = "driftctl"
# sources whose files are in the repository; hcl://, yaml:// and kustomize:// files are
# edited, the drifts of the others are listed under "needs a human"
LOCAL_SCHEMES = ("hcl", "yaml", "kustomize", "tfstate")


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


def run(
    conf: Settings,
    opts: PrOptions,
    out: TextIO,
    scanned: tuple[dict[str, str] | None, LiveRun] | None = None,
) -> Result:
    """scanned: the identity the declared state is evaluated with and the live state,
    already read (`driftctl watch`'s, kept current by events); else a scan is made."""
    source = _one_source(conf)
    if not opts.dry_run and not (opts.token and opts.repo):
        raise DriftctlError(
            "driftctl pr needs a GitHub token and repository",
            "pass --github-token (or set GITHUB_TOKEN) and --repo owner/name, or use --dry-run",
        )
    policy = rules.policy_for(conf)
    decider = Decider(conf, policy)  # with --attribute: each drift's CloudTrail culprit
    folder = source.path if source.path.is_dir() else source.path.parent
    repo = git_ops.open_repo(folder)
    top = git_ops.root_of(repo)
    try:
        rel = source.path.resolve().relative_to(top)
    except ValueError:
        raise DriftctlError(
            f"--from {source.path}: not inside the git repository at {top}",
            "driftctl pr edits the files of the repository it runs in",
        ) from None
    rel_dir = rel if source.path.is_dir() else rel.parent
    has_remote = opts.remote in [r.name for r in repo.remotes]
    base = opts.base or git_ops.default_base(repo, opts.remote)
    start = git_ops.base_commit(repo, opts.remote, base, fetch=has_remote or not opts.dry_run)
    if scanned is None:
        conn = pipeline.connect(conf)
        scanned = pipeline.declared_context(conf, conn), pipeline.load_live(conf, conn)
    context, live = scanned
    with git_ops.worktree(repo, start) as tree:
        formats = conf.formats
        if formats.parameters_file is not None:
            formats = dataclasses.replace(
                formats, parameters_file=_inside(formats.parameters_file, top, tree)
            )
        wconf = dataclasses.replace(
            conf,
            sources=(Source(source.scheme, tree / rel),),
            var_files=tuple(_inside(p, top, tree) for p in conf.var_files),
            formats=formats,
        )
        declared = pipeline.load_declared(wconf, context, provenance=True)
        report = decider.decide(pipeline.scan_report(declared, live), live.default_region)
        _complete(report)
        wanted = [d for d in report.drifts if d.action == "pr"]
        root_dir = tree / rel_dir
        single = rel.name if _one_file(source) else None
        ctx = Context(
            root_dir,
            declared,
            _live_index(live),
            _import_files(policy, wanted, opts, single, root_dir, source.scheme),
            source.scheme,
            single,
            _given_parameters(conf),
            conf.formats.kustomize_bin,
        )
        plan = make_plan(wanted, ctx)
        existed = _write(plan, root_dir, tree)
        if plan.codified:
            after_declared = pipeline.load_declared(wconf, context, provenance=True)
            after = decider.decide(pipeline.scan_report(after_declared, live), live.default_region)
            stuck = verify.not_adopted(after, plan.codified)
            if stuck:  # a kind driftctl cannot adopt yet: a person's, never a failed run
                _restore(plan, root_dir, existed)
                refused = {d.fingerprint: verify.NOT_ADOPTED for d in stuck}
                plan = make_plan(wanted, dataclasses.replace(ctx, cache={}), refused)
                _write(plan, root_dir, tree)
                after_declared = pipeline.load_declared(wconf, context, provenance=True)
                after = decider.decide(
                    pipeline.scan_report(after_declared, live), live.default_region
                )
            verify.check(report, after, plan.codified, declared, after_declared, plan.settles)
        root = "" if str(rel_dir) == "." else rel_dir.as_posix()
        scope_id = body.scope(rel.as_posix() if single else (root or "."))
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
            (tree, rel_dir, opts.remote, base),
            _labels(policy, plan.codified),
        )


def _write(plan: Plan, root_dir: Path, tree: Path) -> dict[str, bool]:
    """The plan's files written; for each, whether it existed before."""
    existed = {}
    for file in plan.changed_files:
        target = root_dir / file
        if not target.resolve().is_relative_to(tree.resolve()):
            raise DriftctlError(f"{file}: outside the repository; nothing was written")
        existed[file] = target.exists()
        target.parent.mkdir(parents=True, exist_ok=True)
        write_text(target, plan.files[file][1])  # line endings as they are
    return existed


def _restore(plan: Plan, root_dir: Path, existed: dict[str, bool]) -> None:
    """The files as they were before the plan was written."""
    for file in plan.changed_files:
        target = root_dir / file
        if existed.get(file):
            write_text(target, plan.files[file][0])
        else:
            target.unlink(missing_ok=True)


def _complete(report: Report) -> None:
    """An incomplete scan decides nothing: a drift that looks gone may only be unread, so
    no pull request is opened, updated, or closed (as "drift gone") from it."""
    if not report.errors:
        return
    first, more = report.errors[0], len(report.errors) - 1
    others = f" and {more} more error{'s' * (more != 1)}" if more else ""
    raise DriftctlError(
        f"the scan is incomplete ({first.scope}: {first.message}{others}); pr needs a "
        "complete one: no pull request was opened, updated or closed",
        "give the credentials read access everywhere driftctl scans, then run it again",
    )


def _one_source(conf: Settings) -> Source:
    if len(conf.sources) != 1:
        raise DriftctlError("driftctl pr codifies one source at a time", "pass one --from")
    source = conf.sources[0]
    if source.scheme not in LOCAL_SCHEMES or str(source.path) == "-":
        raise DriftctlError(
            f"driftctl pr needs a source in the git repository, not {source.scheme}://"
            f"{source.path}",
            "pass --from hcl://DIR, yaml://FILE or kustomize://DIR",
        )
    return source


def _one_file(source: Source) -> bool:
    """A source that is one file: a yaml:// file, or a rendered kustomize:// manifest file
    (not a kustomization)."""
    if source.scheme == "yaml":
        return True
    return (
        source.scheme == "kustomize"
        and source.path.is_file()
        and source.path.name not in KUSTOMIZATIONS
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
    if not plan.codified and not plan.humans:
        closed = _close(
            github,
            ours,
            "driftctl: the drift this pull request codified is gone "
            "from live AWS (or no longer has a `pr` rule); closing.",
        )
        return Result(plan, text, action="closed" if closed else "none", closed=closed)
    if not plan.codified:
        return _humans_only(github, plan, text, ours, (tree, remote))
    branch = body.branch(plan.codified)
    files = [repo_path(rel.as_posix(), f) for f in plan.changed_files]
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


def _humans_only(
    github: GitHub,
    plan: Plan,
    text: str,
    ours: Sequence[dict[str, Any]],
    where: tuple[Path, str],
) -> Result:
    """Drifts with a `pr` rule remain, but none can be edited. An open pull request stays
    open: its branch is rebuilt from the base with no change (an empty commit: GitHub
    needs the head to be ahead of the base, and the edit of an earlier run must not stay
    mergeable) and its body lists what needs a human. No new pull request is opened:
    there is nothing to commit, and the drifts are printed."""
    if not ours:
        return Result(plan, text, action="none")
    tree, remote = where
    keep = min(ours, key=lambda p: int(p["number"]))
    number, branch = int(keep["number"]), str(keep["head"]["ref"])
    git_ops.commit(tree, [], body.commit_message(plan), allow_empty=True)
    git_ops.push(tree, remote, branch)
    pull = github.update_pull(number, title=body.title(plan), body=text)
    others = [p for p in ours if int(p["number"]) != number]
    closed = _close(github, others, f"driftctl: superseded by #{number}; closing.")
    return Result(plan, text, branch, pull, "updated", closed)


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


def _import_files(
    policy: rules.Policy,
    drifts: Sequence[Drift],
    opts: PrOptions,
    single: str | None,
    root: Path,
    scheme: str = "hcl",
) -> dict[str, str]:
    """drift fingerprint -> the file its new declaration goes to: the rule's `file`, else
    --import-file, else driftctl_imported.tf (kustomize://: driftctl_imported.yaml; a
    source that is one file: that file). A file outside the source directory is an error."""
    by_name = {r.name: r for r in policy.rules}
    out = {}
    for d in drifts:
        if d.kind != "unmanaged":
            continue
        rule = by_name.get(d.rule or "")
        if rule is not None and rule.file:
            file, what = rule.file, f"rule {rule.name}: file"
        elif opts.import_file:
            file, what = opts.import_file, "--import-file"
        else:
            file, what = single or IMPORT_FILES.get(scheme, DEFAULT_FILE), "file"
        confined(root, file, what)
        out[d.fingerprint] = PurePosixPath(file).as_posix()
    return out


def confined(root: Path, file: str, what: str) -> Path:
    """root/file, when file is a relative path that stays inside root; else an error."""
    posix, windows = PurePosixPath(file), PureWindowsPath(file)
    escapes = (
        not file.strip()
        or posix.is_absolute()
        or windows.is_absolute()
        or bool(windows.drive)
        or ".." in posix.parts
        or ".." in windows.parts
    )
    target = root / file
    if not escapes:
        try:
            target.resolve().relative_to(root.resolve())
        except ValueError:
            escapes = True  # a symbolic link that leads out
    if escapes:
        raise DriftctlError(
            f"{what} {file!r} is not inside the source directory",
            "name a file relative to the --from directory, without '..' (e.g. imported.tf)",
        )
    return target


def _given_parameters(conf: Settings) -> frozenset[str]:
    names = {k for k, _ in conf.formats.parameters}
    if conf.formats.parameters_file is not None:
        names |= set(read_parameters_file(conf.formats.parameters_file))
    return frozenset(names)


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
