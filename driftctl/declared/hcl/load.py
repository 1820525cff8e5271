"""Load a Terraform configuration (the root module and the modules it calls) into RawDeclared.

The evaluation follows Terraform's semantics (see the modules of this package); what it cannot know
before apply is Unknown, never guessed.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from driftctl.base.raw import RawDeclared, RawResource
from driftctl.declared.binding import Binding, State
from driftctl.declared.hcl.cache import ParseCache
from driftctl.declared.hcl.config import attributes
from driftctl.declared.hcl.lang import nodes as n
from driftctl.declared.hcl.lang import number
from driftctl.declared.hcl.lang.eval import Evaluator, Frame, too_deep
from driftctl.declared.hcl.lang.functions.files import exists_state, fileset_matches
from driftctl.declared.hcl.lang.limits import Limits, bounded
from driftctl.declared.hcl.lang.reads import RECORDER, Recorder, record_file
from driftctl.declared.hcl.lang.syntax import parse_expression, parse_file
from driftctl.declared.hcl.lang.values import is_pending, key_suffix, unmark_deep
from driftctl.declared.hcl.loader import Loader
from driftctl.declared.hcl.module import ModuleInstance
from driftctl.declared.hcl.providers import apply_providers
from driftctl.declared.hcl.resultcache import ResultCache, key_of
from driftctl.declared.hcl.vars import VarInput, resolve_variables, tfvars_files
from driftctl.errors import DriftctlError
from driftctl.util import deepstack, gcpause
from driftctl.util.version import __version__

ENVIRONMENT_FILE = Path(".terraform") / "environment"


def load_hcl(
    directory: Path,
    var_files: Sequence[Path] = (),
    variables: Mapping[str, str] | None = None,
    *,
    env: Mapping[str, str] | None = None,
    context: Mapping[str, Any] | None = None,
    cache_dir: Path | None = None,
    inputs: Sequence[VarInput] | None = None,
    provenance: bool = True,
    result_cache: bool = True,
    state: State | None = None,
    limits: Limits | None = None,
) -> RawDeclared:
    """Evaluate the resources declared by the root module in directory and its modules.

    env: Terraform's environment variables (TF_VAR_name, TF_WORKSPACE), as Settings read them.
    context: the live AWS session when scanning: account_id, region, partition (and
      optionally arn, user_id); it fills aws_caller_identity, aws_region, aws_partition.
      Without it (rendering) those data sources are Unknown.
    cache_dir: where parsed files (and whole evaluations, resultcache.py) are cached;
      None evaluates everything again.
    result_cache: False caches parsed files only, so that the evaluation runs.
    provenance: record where each value is written (what `driftctl pr` edits).
    inputs: --var-file and --var in command-line order (then var_files/variables are
      ignored); without it, var_files apply first, then variables.
    state: matched address -> live values of its computed attributes (binding.py): a
      reference to one the configuration does not set takes the live value. An
      evaluation with a state is never cached (live values are not among what a cache
      entry checks, and a pre-binding entry would give back Unknowns that binding knows).
    limits: how many elements and how long the evaluation may take (lang/limits.py; None: the
      defaults); past them it is an error naming where.

    Evaluation recurses once per reference it follows, so it runs on a big stack
    (driftctl.util.deepstack): a chain of thousands of locals evaluates as Terraform's does;
    one deeper than even that is an error naming where, not a RecursionError.
    """
    options = _Options(var_files, variables or {}, env or {}, context or {}, inputs, provenance)
    options.state = state
    with gcpause.paused(), bounded(limits):
        if cache_dir is None or not result_cache or state:
            return _deep(lambda: _load(directory, options, cache_dir))
        results = ResultCache(cache_dir)
        key = key_of(
            __version__,
            os.path.abspath(directory),
            tuple(map(str, var_files)),
            sorted((variables or {}).items()),
            None if inputs is None else [(k, str(v)) for k, v in inputs],
            sorted(options.env.items()),
            sorted((k, str(v)) for k, v in options.context.items()),
            provenance,
        )
        cached = results.get(key, _rerun)
        if isinstance(cached, RawDeclared):
            return cached
        recorder = Recorder()
        token = RECORDER.set(recorder)
        try:
            declared = _deep(lambda: _load(directory, options, cache_dir))
        finally:
            RECORDER.reset(token)
        results.put(key, recorder, declared)
        return declared


def _deep(work: Callable[[], RawDeclared]) -> RawDeclared:
    """work() on a big stack; a RecursionError that escapes the evaluator's own (which
    names the expression) is still a message, never a traceback."""

    def guarded() -> RawDeclared:
        try:
            return work()
        except RecursionError:
            raise DriftctlError(
                f"the configuration: {too_deep()}",
                hint="shorten the chain of references (a cycle through module outputs?)",
            ) from None

    return deepstack.run(guarded)


def _load(directory: Path, options: _Options, cache_dir: Path | None) -> RawDeclared:
    loader, root = _root(directory, options, cache_dir)
    try:
        return _evaluate(loader, root, options)
    finally:
        loader.release()


def _rerun(kind: str, base: str, arg: str) -> Any:
    """A recorded fileexists()/fileset() answered again (for the result cache)."""
    if kind == "fileexists":
        return exists_state(Path(base))
    if kind == "fileset":
        return fileset_matches(Path(base), arg)
    return None


class Console:
    """The root module of a configuration, ready to evaluate expressions in its scope as
    `terraform console` does (nothing else is evaluated until an expression refers to it).
    Use as a context manager; `evaluate` returns the value as the evaluator holds it (see
    values.finalize for plain data, console.format_value for Terraform's notation)."""

    def __init__(
        self,
        directory: Path,
        var_files: Sequence[Path] = (),
        variables: Mapping[str, str] | None = None,
        *,
        env: Mapping[str, str] | None = None,
        cache_dir: Path | None = None,
        inputs: Sequence[VarInput] | None = None,
        context: Mapping[str, Any] | None = None,
        limits: Limits | None = None,
    ) -> None:
        self.limits = limits
        options = _Options(
            var_files, variables or {}, env or {}, context or {}, inputs, provenance=False
        )
        self._pause = gcpause.paused()
        self._pause.__enter__()
        try:
            self.loader, self.root = _root(directory, options, cache_dir)
        except BaseException:
            self._pause.__exit__(None, None, None)
            raise

    def evaluate(self, text: str, display: str = "<expression>") -> Any:
        expr = parse_expression(text, display)
        with bounded(self.limits):
            return Evaluator(self.root, Frame(display)).evaluate(expr)

    @property
    def warnings(self) -> list[str]:
        return list(self.loader.warnings)

    def close(self) -> None:
        self.loader.release()
        self._pause.__exit__(None, None, None)

    def __enter__(self) -> Console:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class _Options:
    def __init__(
        self,
        var_files: Sequence[Path],
        variables: Mapping[str, str],
        env: Mapping[str, str],
        context: Mapping[str, Any],
        inputs: Sequence[VarInput] | None,
        provenance: bool = True,
    ) -> None:
        self.var_files, self.variables, self.env = var_files, variables, env
        self.context, self.inputs = context, inputs
        self.provenance = provenance
        self.state: State | None = None  # live values bound through the match (binding.py)


def _root(
    directory: Path, options: _Options, cache_dir: Path | None
) -> tuple[Loader, ModuleInstance]:
    directory = Path(os.path.normpath(directory))
    if not directory.is_dir():
        raise DriftctlError(
            f"{directory}: not a directory", hint="point --from at a Terraform directory"
        )
    parser = ParseCache(cache_dir).parse if cache_dir is not None else parse_file
    workspace = _workspace(directory, options.env)
    binding = Binding(options.state)
    loader = Loader(directory, parser, options.context, workspace, options.provenance, binding)
    try:
        config = loader.config(directory)
        values = resolve_variables(
            config.variables,
            directory,
            options.var_files,
            options.variables,
            loader.warn,
            options.env,
            options.inputs,
        )
        return loader, ModuleInstance(loader, config, values=values)
    except BaseException:
        loader.release()
        raise


def _evaluate(loader: Loader, root: ModuleInstance, options: _Options) -> RawDeclared:
    resources: list[RawResource] = []
    unknown: list[dict[str, str]] = []
    root.collect(resources, unknown)
    _apply_imports(root, resources)
    declared = RawDeclared(
        resources=resources,
        unknown=unknown,
        warnings=list(loader.warnings),
        waiting=sorted(loader.waiting),
        gaps=list(loader.gaps),
        nondeterministic=list(loader.nondeterministic),
        outputs=root.rendered_outputs(),
        inputs=sorted({*loader.inputs(), *_tfvars(root.config.directory, options)}),
    )
    apply_providers(loader, declared)
    declared.unknown.sort(key=lambda e: (e["address"], e["path"]))
    return declared


def _tfvars(directory: Path, options: _Options) -> list[Path]:
    return tfvars_files(directory, options.var_files, options.inputs)


def _workspace(directory: Path, env: Mapping[str, str]) -> str:
    if env.get("TF_WORKSPACE"):
        return env["TF_WORKSPACE"]
    path = directory / ENVIRONMENT_FILE
    try:
        data = path.read_bytes()
    except OSError:
        record_file(path, None)
        return "default"
    record_file(path, data)
    try:
        return data.decode("utf-8").strip() or "default"
    except UnicodeDecodeError:
        return "default"


# ---------------------------------------------------------------------------- import blocks


def _apply_imports(root: ModuleInstance, resources: list[RawResource]) -> None:
    by_address = {r.address: r for r in resources}
    for file, block in root.config.imports:
        attrs = attributes(block.body)
        place = f"{file}:{block.line}"
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


def _import_address(evaluator: Evaluator, node: n.Expr) -> str | None:
    """`module.a["k"].aws_s3_bucket.b[0]` as an address string, keys evaluated."""
    chain = _chain(evaluator, n.unwrap(node))
    if chain is None:
        return None
    names: list[str] = []
    keys: list[int | str | None] = []
    for kind, value in chain:
        if kind == "attr":
            names.append(value)
            keys.append(None)
            continue
        value = unmark_deep(value)[0]
        if is_pending(value) or not names or keys[-1] is not None:
            return None
        whole = number.to_int(value) if number.is_number(value) else None
        if whole is None and not isinstance(value, str):
            return None
        keys[-1] = whole if whole is not None else value
    return _address_text(names, keys)


def _chain(evaluator: Evaluator, node: n.Expr) -> list[tuple[str, Any]] | None:
    """The steps of a reference chain: ("attr", name) and ("index", evaluated key)."""
    if type(node) is n.ScopeTraversal:
        return [("attr", node.root)] + [(kind, key) for kind, key, _, _ in node.steps]
    if type(node) is n.RelativeTraversal:
        head = _chain(evaluator, node.source)
        return None if head is None else head + [(k, key) for k, key, _, _ in node.steps]
    if type(node) is n.Index:
        head = _chain(evaluator, node.collection)
        return None if head is None else [*head, ("index", evaluator.evaluate(node.key))]
    return None


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
