"""String templates: quoted strings and heredocs as a sequence of literal and dynamic parts.

python-hcl2 gives a quoted string as flat `string_part`s and a heredoc as one token;
both become the same nested `Seq` of literals, interpolations and if/for directives,
which the evaluator renders.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from typing import TypeAlias

from lark import Token
from lark.exceptions import UnexpectedInput

from driftctl.declared.hcl.parse import Node, attribute_value, body_items, parse, trees
from driftctl.declared.hcl.values import EvalFailure
from driftctl.errors import DriftctlError


@dataclasses.dataclass(frozen=True)
class Interp:
    expr: Node


@dataclasses.dataclass(frozen=True)
class IfDirective:
    cond: Node
    then: Seq
    otherwise: Seq


@dataclasses.dataclass(frozen=True)
class ForDirective:
    names: tuple[str, ...]
    collection: Node
    body: Seq


Part: TypeAlias = "str | Interp | IfDirective | ForDirective"
Seq: TypeAlias = "tuple[Part, ...]"


@dataclasses.dataclass(frozen=True)
class _Mark:
    """A flat directive (`%{ if x }`, `%{ else }`, ...) before nesting."""

    kind: str
    strip_left: bool = False
    strip_right: bool = False
    expr: Node | None = None
    names: tuple[str, ...] = ()


_Flat: TypeAlias = "str | Interp | _Mark"

_ESCAPE = re.compile(r"\\(u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|.)", re.DOTALL)
_SIMPLE_ESCAPES = {"n": "\n", "r": "\r", "t": "\t", '"': '"', "\\": "\\"}


def unescape(text: str) -> str:
    def one(match: re.Match[str]) -> str:
        code = match[1]
        if len(code) > 1:
            return chr(int(code[1:], 16))
        return _SIMPLE_ESCAPES.get(code, code)

    return _ESCAPE.sub(one, text)


# ---------------------------------------------------------------------------- quoted strings


def string_template(node: Node) -> Seq:
    """The template of a `string` node."""
    return _nest(_strip([_string_part(part) for part in trees(node)]))


def _string_part(part: Node) -> _Flat:
    child = part.children[0]
    if isinstance(child, Token):
        if child.type in ("ESCAPED_INTERPOLATION", "ESCAPED_DIRECTIVE"):
            return str(child)[1:]
        return unescape(str(child))
    if child.data == "interpolation":
        return Interp(trees(child)[0])
    return _directive_mark(child)


def _directive_mark(node: Node) -> _Mark:
    toks = [t for t in node.children if isinstance(t, Token)]
    strip_left = len(toks) > 1 and toks[1].type == "STRIP_MARKER"
    strip_right = len(toks) > 1 and toks[-2].type == "STRIP_MARKER"
    kind = node.data.removeprefix("template_").removesuffix("_start")
    subtrees = trees(node)
    expr = subtrees[-1] if kind in ("if", "for") else None
    names = tuple(str(n.children[0]) for n in subtrees if n.data == "identifier")
    if kind == "for":
        names = names[: len(subtrees) - 1]
    return _Mark(kind, strip_left, strip_right, expr, names)


# ---------------------------------------------------------------------------- heredocs


def heredoc_body(text: str, trim: bool) -> str:
    """The text of a heredoc token without its markers (indentation kept; `trim` unused,
    the flush rule is applied to the template's tokens, see heredoc_template)."""
    lines = text[text.index("\n") + 1 :].split("\n")[:-2]
    return "".join(f"{ln}\n" for ln in lines)


@functools.lru_cache(maxsize=256)
def heredoc_template(text: str, line: int, trim: bool) -> Seq:
    """The template of a heredoc token that starts on `line` of its file.

    As HCL does (hclsyntax parser_template.go): literals are tokens of one line each;
    strip markers trim the neighbouring token; then, for `<<-`, the smallest indentation
    of the tokens that begin a line is removed from them (a token emptied by a strip
    marker counts as no indentation: Terraform then removes none, hashicorp/terraform#23710).
    """
    flat = _strip(list(_scan(heredoc_body(text, trim), line + 1, per_line=True)))
    if trim:
        _flush(flat)
    return _nest(flat)


def template_of(text: str, display: str) -> Seq:
    """A template file's text (templatefile) as a template; errors name display."""
    try:
        return _nest(_strip(list(_scan(text, 1))))
    except EvalFailure as exc:
        raise EvalFailure(f"{display}: {exc}") from None


def _flush(flat: list[_Flat]) -> None:
    """HCL's flushHeredocTemplateParts, in place."""
    smallest: int | None = None
    starts: list[int] = []
    newline = True
    for i, item in enumerate(flat):
        if newline:
            newline = False
            spaces = 0
            if isinstance(item, str):
                stripped = item.lstrip()
                if not stripped and item.endswith("\n"):
                    spaces = -1  # a blank line does not count
                else:
                    spaces = len(item) - len(stripped)
                    starts.append(i)
            if spaces >= 0 and (smallest is None or spaces < smallest):
                smallest = spaces
        if isinstance(item, str) and item.endswith("\n"):
            newline = True
    for i in starts:
        flat[i] = str(flat[i])[smallest or 0 :]


_SPECIAL = re.compile(r"\$\$\{|%%\{|\$\{|%\{")
_DIRECTIVE = re.compile(
    r"(?P<sl>~)?\s*(?:(?P<kind>else|endif|endfor)|if\s+(?P<cond>.+?)"
    r"|for\s+(?P<n1>\w+)(?:\s*,\s*(?P<n2>\w+))?\s+in\s+(?P<coll>.+?))\s*(?P<sr>~)?",
    re.DOTALL,
)


def _literal(text: str, per_line: bool) -> list[str]:
    if not per_line:
        return [text] if text else []
    return [piece for piece in re.split(r"(?<=\n)", text) if piece]


def _scan(body: str, first_line: int, per_line: bool = False) -> list[_Flat]:
    out: list[_Flat] = []
    pos = 0
    for match in _SPECIAL.finditer(body):
        if match.start() < pos:
            continue
        out.extend(_literal(body[pos : match.start()], per_line))
        marker = match.group()
        if marker in ("$${", "%%{"):
            out.extend(_literal(marker[1:], per_line))
            pos = match.end()
            continue
        end = _closing_brace(body, match.end())
        line = first_line + body.count("\n", 0, match.start())
        inner = body[match.end() : end]
        if marker == "${":
            strip_left, strip_right = inner.startswith("~"), inner.endswith("~")
            inner = inner[1 if strip_left else 0 : -1 if strip_right else None]
            if strip_left or strip_right:
                out.append(_Mark("interp", strip_left, strip_right))
            out.append(Interp(parse_expression(inner, line)))
            if strip_left or strip_right:
                out.append(_Mark("end_interp", strip_left, strip_right))
        else:
            out.append(_mark(inner, line))
        pos = end + 1
    out.extend(_literal(body[pos:], per_line))
    return out


def _closing_brace(text: str, start: int) -> int:
    depth, i = 1, start
    while i < len(text):
        char = text[i]
        if char == '"':
            i = _string_end(text, i + 1)
        elif char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    raise EvalFailure("unterminated template sequence in heredoc")


def _string_end(text: str, i: int) -> int:
    while i < len(text) and text[i] != '"':
        i += 2 if text[i] == "\\" else 1
    return i


def _mark(inner: str, line: int) -> _Mark:
    match = _DIRECTIVE.fullmatch(inner.strip())
    if match is None:
        raise EvalFailure(f"invalid template directive %{{{inner}}}")
    strips = (match["sl"] is not None, match["sr"] is not None)
    if match["kind"]:
        return _Mark(match["kind"], *strips)
    if match["cond"]:
        return _Mark("if", *strips, expr=parse_expression(match["cond"], line))
    names = tuple(n for n in (match["n1"], match["n2"]) if n)
    return _Mark("for", *strips, expr=parse_expression(match["coll"], line), names=names)


def parse_expression(text: str, line: int) -> Node:
    """Parse an expression that sits on `line` of a file (keeps line numbers right)."""
    try:
        tree = parse("\n" * (line - 1) + "__expr = " + text.strip(), "<template>")
    except (DriftctlError, UnexpectedInput):
        raise EvalFailure(f"syntax error in template sequence ${{{text.strip()}}}") from None
    body = trees(tree)[0]
    return attribute_value(next(body_items(body)))


# ---------------------------------------------------------------------------- nesting


def _strip(flat: list[_Flat]) -> list[_Flat]:
    """Apply `~` strip markers to the neighbouring literals."""
    out = list(flat)
    for i, item in enumerate(out):
        if not isinstance(item, _Mark):
            continue
        if item.strip_left and i > 0 and isinstance(out[i - 1], str):
            out[i - 1] = str(out[i - 1]).rstrip()
        if item.strip_right and i + 1 < len(out) and isinstance(out[i + 1], str):
            out[i + 1] = str(out[i + 1]).lstrip()
    return [p for p in out if not (isinstance(p, _Mark) and p.kind in _INTERP_MARKS)]


_INTERP_MARKS = ("interp", "end_interp")  # the ~ of ${~ ... ~}, only for _strip


def _nest(flat: list[_Flat]) -> Seq:
    seq, rest = _nest_until(flat, 0, ())
    if rest != len(flat):
        raise EvalFailure(f"unexpected %{{{_kind(flat[rest])}}} in template")
    return seq


def _kind(item: _Flat) -> str:
    return item.kind if isinstance(item, _Mark) else "?"


def _nest_until(flat: list[_Flat], i: int, stops: tuple[str, ...]) -> tuple[Seq, int]:
    seq: list[Part] = []
    while i < len(flat):
        item = flat[i]
        if not isinstance(item, _Mark):
            seq.append(item)
            i += 1
        elif item.kind in stops:
            return tuple(seq), i
        elif item.kind == "if":
            part, i = _nest_if(flat, i, item)
            seq.append(part)
        elif item.kind == "for":
            body, i = _nest_until(flat, i + 1, ("endfor",))
            _expect(flat, i, "endfor")
            assert item.expr is not None
            seq.append(ForDirective(item.names, item.expr, body))
            i += 1
        else:
            return tuple(seq), i
    if stops:
        raise EvalFailure(f"template directive is missing %{{{stops[-1]}}}")
    return tuple(seq), i


def _nest_if(flat: list[_Flat], i: int, mark: _Mark) -> tuple[IfDirective, int]:
    then, i = _nest_until(flat, i + 1, ("else", "endif"))
    otherwise: Seq = ()
    if _kind(flat[i]) == "else":
        otherwise, i = _nest_until(flat, i + 1, ("endif",))
    _expect(flat, i, "endif")
    assert mark.expr is not None
    return IfDirective(mark.expr, then, otherwise), i + 1


def _expect(flat: list[_Flat], i: int, kind: str) -> None:
    if i >= len(flat) or _kind(flat[i]) != kind:
        raise EvalFailure(f"template directive is missing %{{{kind}}}")
