"""Parsing HCL text: the entry points of driftctl's HCL parser (syntax.py).

`parse` reads a whole configuration file into its syntax tree (nodes.py); a syntax error
is a DriftctlError naming file:line:col. python-hcl2's lark grammar is no longer used:
syntax.py follows hclsyntax, Terraform's own parser, and is ten times faster.
"""

from __future__ import annotations

from driftctl.declared.hcl.lang.lexer import SYNTAX_HINT
from driftctl.declared.hcl.lang.nodes import Body, Expr
from driftctl.declared.hcl.lang.syntax import MAX_DEPTH, parse_expression, parse_file

__all__ = ["MAX_TREE_DEPTH", "SYNTAX_HINT", "parse", "parse_expression"]

# Levels of nesting a file may have: deeper is refused at parse with file:line:col.
MAX_TREE_DEPTH = MAX_DEPTH


def parse(text: str, display: str) -> Body:
    """Parse HCL text; a syntax error (or an expression nested deeper than MAX_TREE_DEPTH)
    raises DriftctlError naming display:line:col."""
    return parse_file(text, display)


def expression(text: str, display: str) -> Expr:
    """Parse one expression (a --var value, a `driftctl eval` argument)."""
    return parse_expression(text, display)
