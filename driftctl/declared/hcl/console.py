"""One Terraform expression evaluated in a root module, as `terraform console` answers it
(driftctl.api.evaluate): variables, locals, module outputs, functions; what is known only
after apply comes back as Unknown or Ref, never guessed."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from driftctl.declared.binding import Binding
from driftctl.declared.hcl.config import attributes
from driftctl.declared.hcl.eval import Evaluator, Frame
from driftctl.declared.hcl.load import _workspace
from driftctl.declared.hcl.loader import Loader
from driftctl.declared.hcl.module import ModuleInstance
from driftctl.declared.hcl.parse import parse, trees
from driftctl.declared.hcl.vars import resolve_variables
from driftctl.errors import DriftctlError

EXPRESSION = "<expression>"
PREFIX = "value = "  # the expression is parsed as this attribute's value


def evaluate(
    expression: str,
    directory: Path,
    var_files: Sequence[Path] = (),
    variables: Mapping[str, str] | None = None,
    *,
    env: Mapping[str, str] | None = None,
    context: Mapping[str, Any] | None = None,
) -> Any:
    """The value of expression in the root module at directory."""
    directory = Path(os.path.normpath(directory))
    if not directory.is_dir():
        raise DriftctlError(f"{directory}: not a directory", "pass a Terraform directory")
    if "\n" in expression.strip():
        raise DriftctlError(f"{expression!r}: expected one expression on one line")
    try:
        return _evaluate(expression.strip(), directory, var_files, variables, env, context)
    except DriftctlError as exc:  # columns of the expression, not of "value = " before it
        found = re.match(rf"{re.escape(EXPRESSION)}:1:(\d+)", exc.message)
        if found is None:
            raise
        column = max(1, int(found.group(1)) - len(PREFIX))
        message = f"{EXPRESSION}:1:{column}{exc.message[found.end() :]}"
        raise type(exc)(message, exc.hint) from None


def _evaluate(
    expression: str,
    directory: Path,
    var_files: Sequence[Path],
    variables: Mapping[str, str] | None,
    env: Mapping[str, str] | None,
    context: Mapping[str, Any] | None,
) -> Any:
    tree = parse(f"{PREFIX}{expression}\n", EXPRESSION)
    node = attributes(trees(tree)[0])["value"]
    env = env or {}
    loader = Loader(directory, parse, context or {}, _workspace(directory, env), Binding(None))
    try:
        config = loader.config(directory)
        values = resolve_variables(
            config.variables, directory, var_files, variables or {}, loader.warn, env
        )
        root = ModuleInstance(loader, config, values=values)
        return Evaluator(root, Frame(EXPRESSION)).evaluate(node)
    finally:
        loader.release()
