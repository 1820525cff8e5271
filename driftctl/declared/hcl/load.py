"""Load a Terraform configuration (the root module and the modules it calls) into RawDeclared.

The evaluation follows Terraform's semantics (see the modules of this package); what it cannot know
before apply is Unknown, never guessed.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from driftctl import deepstack, gcpause
from driftctl.declared.binding import Binding, State
from driftctl.declared.hcl.cache import ParseCache
from driftctl.declared.hcl.config import attributes
from driftctl.declared.hcl.eval import Evaluator, Frame
from driftctl.declared.hcl.loader import Loader
from driftctl.declared.hcl.module import ModuleInstance
from driftctl.declared.hcl.parse import (
    Node,
    block_parts,
    name_of,
    parse,
    trees,
    unwrap,
    where,
)
from driftctl.declared.hcl.providers import apply_providers
from driftctl.declared.hcl.values import is_pending, key_suffix, unmark_deep
from driftctl.declared.hcl.vars import resolve_variables, tfvars_files
from driftctl.declared.raw import RawDeclared, RawResource
from driftctl.errors import DriftctlError

ENVIRONMENT_FILE = Path(".terraform") / "environment"


def load_hcl(
    directory: Path,
    var_files: Sequence[Path] = (),
    variables: Mapping[str, str] | None = None,
    *,
    env: Mapping[str, str] | None = None,
    context: Mapping[str, Any] | None = None,
    cache_dir: Path | None = None,
    state: State | None = None,
) -> RawDeclared:
    """Evaluate the resources declared by the root module in directory and its modules.

    env: Terraform's environment variables (TF_VAR_name, TF_WORKSPACE), as Settings read them.
    context: the live AWS session when scanning: account_id, region, partition (and
      optionally arn, user_id); it fills aws_caller_identity, aws_region, aws_partition.
      Without it (rendering) those data sources are Unknown.
    cache_dir: where parsed files are cached by content hash; None parses every file.
    state: matched address -> live values of its computed attributes (binding.py): a
      reference to one the configuration does not set takes the live value.

    Evaluation recurses once per reference it follows, so it runs on a big stack
    (driftctl.deepstack): a chain of thousands of locals evaluates as Terraform's does;
    one deeper than even that is an error naming where, not a RecursionError.
    """

    def work() -> RawDeclared:
        try:
            return _load(directory, var_files, variables, env, context, cache_dir, state)
        except RecursionError as exc:
            raise _too_deep(exc) from None

    with gcpause.paused():
        return deepstack.run(work)


def _too_deep(exc: RecursionError) -> DriftctlError:
    """The error for an evaluation deeper than the stack: where the innermost expression
    being evaluated is (found in the traceback), and what to do."""
    place = "the configuration"
    tb = exc.__traceback__
    while tb is not None:
        frame = tb.tb_frame
        if frame.f_code.co_name == "evaluate":
            evaluator, node = frame.f_locals.get("self"), frame.f_locals.get("node")
            if isinstance(evaluator, Evaluator) and node is not None and not node.meta.empty:
                place = where(evaluator.frame.file, node)
        tb = tb.tb_next
    return DriftctlError(
        f"{place}: references nested too deeply to evaluate (deeper than "
        f"{deepstack.RECURSION_LIMIT:,} Python frames; tens of thousands of chained locals)",
        hint="shorten the chain of references (a cycle through module outputs?)",
    )


def _load(
    directory: Path,
    var_files: Sequence[Path],
    variables: Mapping[str, str] | None,
    env: Mapping[str, str] | None,
    context: Mapping[str, Any] | None,
    cache_dir: Path | None,
    state: State | None = None,
) -> RawDeclared:
    directory = Path(os.path.normpath(directory))
    if not directory.is_dir():
        raise DriftctlError(
            f"{directory}: not a directory", hint="point --from at a Terraform directory"
        )
    env = env or {}
    parser = ParseCache(cache_dir).parse if cache_dir is not None else parse
    workspace = _workspace(directory, env)
    loader = Loader(directory, parser, context or {}, workspace, Binding(state))
    try:
        return _evaluate(loader, directory, var_files, variables or {}, env)
    finally:
        loader.release()


def _evaluate(
    loader: Loader,
    directory: Path,
    var_files: Sequence[Path],
    variables: Mapping[str, str],
    env: Mapping[str, str],
) -> RawDeclared:
    config = loader.config(directory)
    values = resolve_variables(config.variables, directory, var_files, variables, loader.warn, env)
    root = ModuleInstance(loader, config, values=values)
    resources: list[RawResource] = []
    unknown: list[dict[str, str]] = []
    root.collect(resources, unknown)
    _apply_imports(root, resources)
    declared = RawDeclared(
        resources=resources,
        unknown=unknown,
        warnings=list(loader.warnings),
        nondeterministic=list(loader.nondeterministic),
        inputs=sorted({*loader.inputs(), *tfvars_files(directory, var_files)}),
    )
    apply_providers(loader, declared)
    declared.unknown.sort(key=lambda e: (e["address"], e["path"]))
    return declared


def _workspace(directory: Path, env: Mapping[str, str]) -> str:
    if env.get("TF_WORKSPACE"):
        return env["TF_WORKSPACE"]
    try:
        return (directory / ENVIRONMENT_FILE).read_text(encoding="utf-8").strip() or "default"
    except (OSError, UnicodeDecodeError):
        return "default"


# ---------------------------------------------------------------------------- import blocks


def _apply_imports(root: ModuleInstance, resources: list[RawResource]) -> None:
    by_address = {r.address: r for r in resources}
    for file, block in root.config.imports:
        attrs = attributes(block_parts(block)[2])
        place = f"{file}:{block.meta.line}"
        if "for_each" in attrs or "to" not in attrs or "id" not in attrs:
            root.warn(f"{place}: import block without to/id or with for_each is not supported yet")
            continue
        evaluator = Evaluator(root, Frame(file))
        address = _import_address(evaluator, attrs["to"])
        import_id = unmark_deep(evaluator.evaluate(attrs["id"]))[0]
        if address is None or not isinstance(import_id, str):
            root.warn(f"{place}: import block needs a literal resource address and a known id")
        elif address not in by_address:
            root.warn(f"{place}: import block for {address} matches no declared resource")
        else:
            by_address[address].import_id = import_id


def _import_address(evaluator: Evaluator, node: Node) -> str | None:
    """`module.a["k"].aws_s3_bucket.b[0]` as an address string, keys evaluated."""
    current = unwrap(node)
    steps: list[Node] = []
    while current.data in ("get_attr_expr_term", "index_expr_term"):
        inner, step = trees(current)
        steps.append(step)
        current = unwrap(inner)
    if current.data != "identifier":
        return None
    names: list[str] = [name_of(current)]
    keys: list[int | str | None] = [None]
    for step in reversed(steps):
        if step.data == "get_attr":
            names.append(name_of(trees(step)[0]))
            keys.append(None)
            continue
        key = (
            int(str(step.children[-1]))
            if step.data == "short_index"
            else unmark_deep(evaluator.evaluate(trees(step)[0]))[0]
        )
        if is_pending(key) or not isinstance(key, (str, int)) or keys[-1] is not None:
            return None
        keys[-1] = key
    return _address_text(names, keys)


def _address_text(names: list[str], keys: list[int | str | None]) -> str | None:
    """module.NAME[key] ... TYPE.NAME[key]: keys only after module names and resource names."""
    out: list[str] = []
    i = 0
    while i + 1 < len(names) and names[i] == "module" and keys[i] is None:
        out.append(f"module.{names[i + 1]}{key_suffix(keys[i + 1])}")
        i += 2
    if len(names) - i != 2 or keys[i] is not None:
        return None
    out.append(f"{names[i]}.{names[i + 1]}{key_suffix(keys[i + 1])}")
    return ".".join(out)
