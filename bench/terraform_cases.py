"""driftctl's evaluator against Terraform's own test cases for its built-in functions.

    python bench/terraform_cases.py TERRAFORM_GIT [CTY_GIT] [--ref v1.11.4]
                                    [--cty-ref v1.16.0] [--console] [-v]

TERRAFORM_GIT is a bare git directory (or a checkout) of github.com/hashicorp/terraform,
CTY_GIT one of github.com/zclconf/go-cty (its cty/function/stdlib tests are the tests of
most of Terraform's functions). Nothing of theirs is kept: the Go test files are read from
git at the given tags (Terraform 1.11.4 and the cty version its go.mod pins) and turned into
HCL expressions here, each evaluated by driftctl as `driftctl eval` would, in a temporary
configuration holding Terraform's function testdata.

Sources of cases:
- internal/lang/functions_test.go: HCL expressions and their cty values;
- internal/lang/funcs/*_test.go and cty/function/stdlib/*_test.go: table tests that call a
  function's Go helper (`Element(test.List, test.Index)`, `fn.Call([]cty.Value{...})`);
  the arguments are cty values, written here as HCL (typed nulls and empty collections
  through typed variables, unknowns through `terraform_data`), and the helper is named by
  Terraform's function table (internal/lang/functions.go), so only functions Terraform
  exposes count.

A case agrees when driftctl gives the same value and type (compared in `terraform
console`'s notation, strings NFC-normalized as cty.StringVal does), an unknown where an
unknown is wanted, or an error where an error is wanted. Cases whose Go cannot be written
as HCL (marks, unknowns of tuple or object types, Go expressions) are counted as skipped,
with the reason (-v); cases of functions Terraform does not expose, or replaces with its
own, are "not Terraform's" and left out; test functions of another form are listed.

A Go test calls the function directly, without HCL's conversion of arguments to the
parameter types (`strcontains("hello1", 1)` is an error there, `true` through HCL).
`--console` asks `terraform console` (on PATH, 1.11) for every difference, and gives the
figure through HCL as well: a difference where the console answers as driftctl does is the
Go test's, not driftctl's.
"""

from __future__ import annotations

import argparse
import io
import os
import re
import subprocess
import sys
import tarfile
import tempfile
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from driftctl.declared.hcl.console import format_value
from driftctl.declared.hcl.lang.values import is_pending
from driftctl.declared.hcl.load import Console
from driftctl.errors import DriftctlError

# --- Go source: a tokenizer and a parser for the literals of table tests ----------------


class Untranslatable(Exception):
    """A Go case that cannot be written as an HCL expression (the reason)."""


TOKEN = re.compile(
    r"""(?P<ws>\s+|//[^\n]*|/\*.*?\*/)
      |(?P<raw>`[^`]*`)
      |(?P<str>"(?:\\.|[^"\\\n])*")
      |(?P<rune>'(?:\\.|[^'\\])+')
      |(?P<num>(?:0[xX][0-9a-fA-F_]+|\d[\d_]*\.?\d*(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?))
      |(?P<ident>[A-Za-z_][A-Za-z0-9_]*)
      |(?P<op>\.\.\.|:=|==|!=|&&|\|\||<-|[-+*/%&|^<>=!(){}\[\],;:.])""",
    re.S | re.X,
)


def tokenize(text: str) -> list[tuple[str, str]]:
    tokens, pos = [], 0
    while pos < len(text):
        match = TOKEN.match(text, pos)
        if not match:
            raise Untranslatable(f"cannot read Go at {text[pos : pos + 20]!r}")
        pos = match.end()
        kind = match.lastgroup or ""
        if kind != "ws":
            tokens.append((kind, match.group()))
    return tokens


def go_string(token: str) -> str:
    if token.startswith("`"):
        return token[1:-1].replace("\r", "")
    body = token[1:-1]
    out, i = [], 0
    raw = bytearray()

    def flush() -> None:
        if raw:
            out.append(raw.decode("utf-8", "replace"))
            raw.clear()

    while i < len(body):
        c = body[i]
        if c != "\\":
            flush()
            out.append(c)
            i += 1
            continue
        e = body[i + 1]
        simple = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "'": "'"}
        simple |= {"a": "\a", "b": "\b", "f": "\f", "v": "\v"}
        if e in simple:
            flush()
            out.append(simple[e])
            i += 2
        elif e == "x":
            raw.append(int(body[i + 2 : i + 4], 16))
            i += 4
        elif e in "uU":
            n = 4 if e == "u" else 8
            flush()
            out.append(chr(int(body[i + 2 : i + 2 + n], 16)))
            i += 2 + n
        elif e in "01234567":
            raw.append(int(body[i + 1 : i + 4], 8))
            i += 4
        else:
            raise Untranslatable(f"Go escape \\{e}")
    flush()
    return "".join(out)


# Parsed Go: ("id", "a.b.c"), ("str", s), ("num", text), ("call", fn, args, spread),
# ("comp", type_node or None, [(key or None, value)]), ("neg", x), ("addr", x),
# ("type", text), ("bin", op, a, b), ("funclit",)


class GoParser:
    def __init__(self, tokens: list[tuple[str, str]]) -> None:
        self.tokens, self.i = tokens, 0

    def peek(self, offset: int = 0) -> tuple[str, str]:
        j = self.i + offset
        return self.tokens[j] if j < len(self.tokens) else ("eof", "")

    def take(self, text: str | None = None) -> tuple[str, str]:
        token = self.peek()
        if text is not None and token[1] != text:
            raise Untranslatable(f"expected {text!r}, got {token[1]!r}")
        self.i += 1
        return token

    def type_text(self) -> str:
        """A Go type as text ([]cty.Value, map[string]cty.Value, struct{...}, *x.Y)."""
        parts = []
        while True:
            kind, text = self.peek()
            if text == "[":
                self.take()
                parts.append("[")
                while self.peek()[1] != "]":
                    parts.append(self.take()[1])
                parts.append(self.take("]")[1])
            elif text == "*":
                parts.append(self.take()[1])
            elif text == "map":
                self.take()
                self.take("[")
                key = self.type_text()
                self.take("]")
                parts.append(f"map[{key}]")
            elif text in ("struct", "interface"):
                self.take()
                depth = 0
                body, previous = text, "ident"
                while True:
                    kind, t = self.take()
                    spaced = previous == "ident" and (kind == "ident" or t in ("[", "*"))
                    body += (" " if spaced else "") + t
                    previous = kind
                    depth += {"{": 1, "}": -1}.get(t, 0)
                    if depth == 0:
                        break
                parts.append(body)
                return "".join(parts)
            elif text == "func":
                raise Untranslatable("a Go func type")
            elif kind == "ident":
                name = self.take()[1]
                while self.peek()[1] == "." and self.peek(1)[0] == "ident":
                    self.take()
                    name += "." + self.take()[1]
                parts.append(name)
                return "".join(parts)
            else:
                raise Untranslatable(f"type at {text!r}")

    def composite_body(self) -> list[tuple[Any, Any]]:
        self.take("{")
        elems: list[tuple[Any, Any]] = []
        while self.peek()[1] != "}":
            if self.peek()[1] == "{":
                first: Any = ("comp", None, self.composite_body())
            else:
                first = self.expr()
            if self.peek()[1] == ":":
                self.take()
                value = (
                    ("comp", None, self.composite_body()) if self.peek()[1] == "{" else self.expr()
                )
                elems.append((first, value))
            else:
                elems.append((None, first))
            if self.peek()[1] == ",":
                self.take()
        self.take("}")
        return elems

    def expr(self) -> Any:
        left = self.unary()
        while self.peek()[1] in ("+", "-", "*", "/", "|", "&&", "||", "==", "!="):
            op = self.take()[1]
            left = ("bin", op, left, self.unary())
        return left

    def unary(self) -> Any:
        text = self.peek()[1]
        if text == "-":
            self.take()
            return ("neg", self.unary())
        if text == "&":
            self.take()
            return ("addr", self.unary())
        if text == "!":
            self.take()
            return ("not", self.unary())
        return self.postfix(self.primary())

    def primary(self) -> Any:
        kind, text = self.peek()
        if kind in ("str", "raw"):
            self.take()
            node: Any = ("str", go_string(text))
            while self.peek()[1] == "+" and self.peek(1)[0] in ("str", "raw"):
                self.take()
                node = ("str", node[1] + go_string(self.take()[1]))
            return node
        if kind == "rune":
            self.take()
            return ("num", str(ord(go_string('"' + text[1:-1] + '"'))))
        if kind == "num":
            self.take()
            return ("num", text.replace("_", ""))
        if text == "(":
            self.take()
            inner = self.expr()
            self.take(")")
            return inner
        if text in ("[", "map", "struct"):
            type_ = self.type_text()
            return ("comp", ("type", type_), self.composite_body())
        if text == "func":
            # a function literal: skip its signature and body
            self.take()
            depth = 0
            while True:
                t = self.take()[1]
                if t == "{":
                    depth += 1
                elif t == "}":
                    depth -= 1
                    if depth == 0:
                        break
            return ("funclit",)
        if kind == "ident":
            self.take()
            return ("id", text)
        raise Untranslatable(f"Go expression at {text!r}")

    def postfix(self, node: Any) -> Any:
        while True:
            text = self.peek()[1]
            if text == "." and self.peek(1)[0] == "ident":
                self.take()
                name = self.take()[1]
                node = ("id", f"{node[1]}.{name}") if node[0] == "id" else ("sel", node, name)
            elif text == "(":
                self.take()
                args, spread = [], False
                while self.peek()[1] != ")":
                    args.append(self.expr())
                    if self.peek()[1] == "...":
                        self.take()
                        spread = True
                    if self.peek()[1] == ",":
                        self.take()
                self.take(")")
                node = ("call", node, args, spread)
            elif text == "{" and node[0] == "id" and node[1][:1].isupper() | ("." in node[1]):
                # a named composite type (cty.Value{} is rare; struct names are)
                if node[1] in ("true", "false", "nil"):
                    return node
                node = ("comp", ("type", node[1]), self.composite_body())
            elif text == "[":
                self.take()
                index = self.expr()
                self.take("]")
                node = ("index", node, index)
            else:
                return node


# --- cty values and types, as HCL -------------------------------------------------------


@dataclass
class Writer:
    """Writes cty values as HCL expressions; typed nulls and empty collections become typed
    variables of the configuration (their declarations collected in `variables`)."""

    variables: dict[tuple[str, str], str] = field(default_factory=dict)
    env: dict[str, Any] = field(default_factory=dict)  # the test function's Go variables

    def typed(self, type_hcl: str, default: str) -> str:
        name = self.variables.setdefault((type_hcl, default), f"t{len(self.variables)}")
        return f"var.{name}"

    def declarations(self) -> str:
        return "".join(
            f'variable "{name}" {{\n  type    = {type_hcl}\n  default = {default}\n}}\n'
            for (type_hcl, default), name in self.variables.items()
        )


PRIMITIVES = {"cty.String": "string", "cty.Number": "number", "cty.Bool": "bool"}
CONVERT = {"string": "tostring", "number": "tonumber", "bool": "tobool"}


def cty_type(node: Any) -> str:
    """A cty type (Go) as a Terraform type constraint."""
    if node[0] == "id":
        if node[1] in PRIMITIVES:
            return PRIMITIVES[node[1]]
        if node[1] == "cty.DynamicPseudoType":
            return "any"
        if node[1] == "cty.EmptyObject":
            return "object({})"
        if node[1] == "cty.EmptyTuple":
            return "tuple([])"
    if node[0] == "call" and node[1][0] == "id":
        name, args = node[1][1], node[2]
        if name in ("cty.List", "cty.Set", "cty.Map") and len(args) == 1:
            return f"{name[4:].lower()}({cty_type(args[0])})"
        if name == "cty.Tuple" and len(args) == 1 and args[0][0] == "comp":
            return "tuple([" + ", ".join(cty_type(v) for _, v in args[0][2]) + "])"
        if name == "cty.Object" and len(args) == 1 and args[0][0] == "comp":
            names = [go_value(k) for k, _ in args[0][2]]
            if not all(isinstance(n, str) and re.fullmatch(r"[A-Za-z_][\w-]*", n) for n in names):
                raise Untranslatable("an object type whose attribute is not an identifier")
            attrs = ", ".join(
                f"{n} = {cty_type(v)}" for n, (_, v) in zip(names, args[0][2], strict=True)
            )
            return "object({" + attrs + "})"
    raise Untranslatable(f"type {show(node)}")


def show(node: Any) -> str:
    if node[0] == "id":
        return str(node[1])
    if node[0] == "call":
        return show(node[1]) + "(...)"
    return node[0]


def go_value(node: Any) -> Any:
    """A plain Go constant (string, number, bool, nil)."""
    if node[0] == "str":
        return node[1]
    if node[0] == "num":
        return node[1]
    if node[0] == "neg" and node[1][0] == "num":
        return "-" + node[1][1]
    if node[0] == "id" and node[1] in ("true", "false"):
        return node[1] == "true"
    if node[0] == "id" and node[1] == "nil":
        return None
    raise Untranslatable(f"Go value {show(node)}")


def hcl_string(text: str) -> str:
    out = ['"']
    for ch in text:
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\r":
            out.append("\\r")
        elif ch == "\t":
            out.append("\\t")
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return "".join(out).replace("${", "$${").replace("%{", "%%{") + '"'


def hcl_key(key: Any) -> str:
    if not isinstance(key, str):
        raise Untranslatable("a non-string key")
    return hcl_string(key)


def go_number(text: str) -> str:
    if text.startswith(("0x", "0X", "-0x")):
        return str(int(text, 16))
    if re.fullmatch(r"-?0\d+", text):
        return str(int(text, 8))
    return text


GO_CONSTANTS = {
    "math.MaxInt64": str(2**63 - 1),
    "math.MinInt64": str(-(2**63)),
    "math.MaxInt32": str(2**31 - 1),
    "math.MaxUint64": str(2**64 - 1),
    "math.Pi": "3.141592653589793",
}


def cty_value(node: Any, w: Writer, *, expected: bool = False) -> str:
    """A cty value (Go) as an HCL expression. Expected values are written with their
    strings NFC-normalized, as cty.StringVal normalizes them."""
    kind = node[0]
    if kind == "id":
        name = node[1]
        if name == "cty.True":
            return "true"
        if name == "cty.False":
            return "false"
        if name == "cty.DynamicVal":
            return "terraform_data.unknown.output"
        if name == "cty.EmptyTupleVal":
            return "[]"
        if name == "cty.EmptyObjectVal":
            return "{}"
        if name == "cty.NilVal":
            raise Untranslatable("cty.NilVal")
        if name == "cty.Zero":
            return "0"
        if name == "cty.PositiveInfinity" or name == "cty.NegativeInfinity":
            raise Untranslatable("an infinity")
        if name in w.env:
            return cty_value(w.env[name], w, expected=expected)
        raise Untranslatable(f"Go variable {name}")
    if kind != "call":
        raise Untranslatable(f"a cty value written as {kind}")
    fn, args = node[1], node[2]
    if fn[0] == "sel":  # a method: .Mark(), .RefineNotNull(), .WithMarks()...
        method = fn[2]
        if method in ("Mark", "WithMarks", "MarkWithPaths", "WithSameMarks"):
            raise Untranslatable("a marked value")
        raise Untranslatable(f"method .{method}()")
    name = fn[1] if fn[0] == "id" else ""
    if name == "cty.StringVal":
        text = go_value(args[0])
        if not isinstance(text, str):
            raise Untranslatable("StringVal of a non-literal")
        return hcl_string(unicodedata.normalize("NFC", text) if expected else text)
    if name in ("cty.NumberIntVal", "cty.NumberUIntVal", "cty.NumberFloatVal"):
        arg = args[0]
        if arg[0] == "id" and arg[1] in GO_CONSTANTS:
            return GO_CONSTANTS[arg[1]]
        if arg[0] == "call" and arg[1][0] == "id" and arg[1][1] in ("int64", "float64", "uint64"):
            arg = arg[2][0]
        value = go_value(arg)
        if not isinstance(value, str):
            raise Untranslatable("a number from a Go expression")
        return go_number(value)
    if name == "cty.MustParseNumberVal":
        value = go_value(args[0])
        if not isinstance(value, str):
            raise Untranslatable("MustParseNumberVal of a non-literal")
        return value
    if name == "cty.BoolVal":
        value = go_value(args[0])
        if not isinstance(value, bool):
            raise Untranslatable("BoolVal of a non-literal")
        return "true" if value else "false"
    if name in ("cty.ListVal", "cty.SetVal", "cty.TupleVal"):
        if len(args) != 1 or args[0][0] != "comp":
            raise Untranslatable(f"{name} of a Go variable")
        items = ", ".join(cty_value(v, w, expected=expected) for _, v in args[0][2])
        if name == "cty.TupleVal":
            return f"[{items}]"
        return f"{'tolist' if name == 'cty.ListVal' else 'toset'}([{items}])"
    if name in ("cty.MapVal", "cty.ObjectVal"):
        if len(args) != 1 or args[0][0] != "comp":
            raise Untranslatable(f"{name} of a Go variable")
        pairs = ", ".join(
            f"{hcl_key(go_value(k))} = {cty_value(v, w, expected=expected)}" for k, v in args[0][2]
        )
        return f"tomap({{{pairs}}})" if name == "cty.MapVal" else f"{{{pairs}}}"
    if name in ("cty.ListValEmpty", "cty.SetValEmpty", "cty.MapValEmpty"):
        container = name[4:-8].lower()
        default = "{}" if container == "map" else "[]"
        return w.typed(f"{container}({cty_type(args[0])})", default)
    if name == "cty.NullVal":
        type_hcl = cty_type(args[0])
        if type_hcl == "any":
            return "null"
        return w.typed(type_hcl, "null")
    if name == "cty.UnknownVal":
        type_hcl = cty_type(args[0])
        if type_hcl == "any":
            return "terraform_data.unknown.output"
        if type_hcl in CONVERT:
            return f"{CONVERT[type_hcl]}(terraform_data.unknown.output)"
        outer = type_hcl.split("(", 1)[0]
        if outer in ("list", "set", "map"):  # the element type is left to conversion
            return f"to{outer}(terraform_data.unknown.output)"
        raise Untranslatable("an unknown of a tuple or object type")
    raise Untranslatable(f"{show(fn)}()")


# --- test functions ---------------------------------------------------------------------

FUNC_DECL = re.compile(r"^func (Test\w+)\(t \*testing\.T\) \{$", re.M)
HELPER = re.compile(
    r"^func (\w+)\([^)]*\) \(cty\.Value, error\) \{(?:\n\t[^\n]*)*?\n\treturn (\w+)\.Call\(",
    re.M,
)
TABLE = re.compile(r"\b(\w+) :?= (\[\]struct|map\[string\]struct|\[\]\w+\{)")
REGISTERED = re.compile(r'"(\w+)"\]?:?\s+=?\s*(stdlib|funcs)\.(\w+(?:\([^)]*\))?)')


@dataclass
class Case:
    source: str  # file:Test
    expr: str
    want: str | None  # HCL of the wanted value (None: an error)
    want_unknown: bool = False
    root: str = "."  # functions_test.go's cases: "functions-test"


@dataclass
class Harvest:
    cases: list[Case] = field(default_factory=list)
    skipped: Counter[str] = field(default_factory=Counter)
    skipped_cases: list[str] = field(default_factory=list)
    unread_tests: list[str] = field(default_factory=list)  # test functions of another form
    not_terraform: int = 0
    writer: Writer = field(default_factory=Writer)


def git_files(repo: Path, ref: str, folder: str) -> dict[str, str]:
    names = subprocess.run(
        ["git", "--git-dir", str(git_dir(repo)), "ls-tree", "-r", "--name-only", ref, folder],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    return {name: git_show(repo, ref, name) for name in names if name.endswith(".go")}


def git_dir(repo: Path) -> Path:
    return repo / ".git" if (repo / ".git").exists() else repo


def git_show(repo: Path, ref: str, name: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(git_dir(repo)), "show", f"{ref}:{name}"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout


def function_body(text: str, start: int) -> str:
    depth, i = 0, text.index("{", start)
    begin = i
    while True:
        c = text[i]
        if c in "`\"'":
            quote, i = c, i + 1
            while text[i] != quote:
                i += 2 if text[i] == "\\" and quote != "`" else 1
        elif text.startswith("//", i):
            i = text.index("\n", i)
        elif c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return text[begin : i + 1]
        i += 1


def go_variables(text: str) -> dict[str, Any]:
    """`name := cty...` assignments of a test function, before its table."""
    env = {}
    for match in re.finditer(r"^\t(\w+) := (?=cty\.)", text, re.M):
        try:
            env[match.group(1)] = GoParser(tokenize(text[match.end() :])).expr()
        except (Untranslatable, IndexError):
            continue
    return env


def pkg_of(path: str) -> str:
    return "stdlib" if "/stdlib/" in path else "funcs"


def normalized_call(text: str) -> str:
    """MakeFileFunc(s.BaseDir, false) and MakeFileFunc(".", false) alike."""
    name, _, args = text.partition("(")
    parts = [a.strip() for a in args.rstrip(")").split(",")]
    parts = ["." if a in ("s.BaseDir", "baseDir", '"."') else a for a in parts]
    return f"{name}({', '.join(parts)})"


def struct_fields(type_text: str) -> list[str]:
    """The field names of a Go struct type, in order."""
    inner = type_text[type_text.index("{") + 1 : type_text.rindex("}")]
    names = []
    for group, _type in re.findall(r"(\w+(?:\s*,\s*\w+)*)\s+(\S+)", inner):
        names.extend(name.strip() for name in group.split(","))
    return names


def harvest_table_tests(
    files: dict[str, str], helpers: dict[str, str], registered: dict[str, str], out: Harvest
) -> None:
    for path, text in sorted(files.items()):
        if not path.endswith("_test.go"):
            continue
        for match in FUNC_DECL.finditer(text):
            test = match.group(1)
            body = function_body(text, match.end() - 1)
            table = TABLE.search(body)
            if not table:
                continue
            loop = re.search(r"for (?:\w+|_), (\w+) := range " + table.group(1) + r"\b", body)
            call = loop and re.search(
                # Helper(test.A, test.B...) or Func.Call([]cty.Value{test.A, test.B})
                r"(?<![\w.])(\w+)(?:\(|\.Call\(\[\]cty\.Value\{)"
                r"((?:@\.\w+(?:\.\.\.)?)(?:, @\.\w+(?:\.\.\.)?)*)[)}]".replace("@", loop.group(1)),
                body[loop.end() :],
            )
            if not loop or not call:
                out.unread_tests.append(f"{path}:{test}")  # no table test of one call
                continue
            args = call.group(2).split(", ")
            spread = args[-1].endswith("...")
            arg_names = [a.partition(".")[2].removesuffix("...") for a in args]
            made = re.search(rf"\b{call.group(1)} := (Make\w+\([^)]*\))", body)
            if made:  # fn := MakeFileFunc(".", false): the function Terraform registers alike
                func_var = f"{pkg_of(path)}.{normalized_call(made.group(1))}"
            elif call.group(1).endswith("Func"):
                func_var = f"{pkg_of(path)}.{call.group(1)}"
            else:
                func_var = helpers.get(call.group(1), "")
            hcl_name = registered.get(func_var)
            out.writer.env = go_variables(body[: table.start()])
            try:
                tokens = tokenize(body[table.start() :])
                parser = GoParser(tokens)
                parser.take()
                parser.take()
                type_text = parser.type_text()
                elems = parser.composite_body()
            except (Untranslatable, IndexError, ValueError) as exc:
                out.skipped[f"{path}:{test}: table not read ({exc})"] += 1
                continue
            if hcl_name is None:
                out.not_terraform += len(elems)
                continue
            fields = struct_fields(type_text)
            for _key, value in elems:
                source = f"{path.rsplit('/', 1)[-1]}:{test}"
                try:
                    out.cases.append(
                        table_case(source, hcl_name, fields, arg_names, spread, value, out.writer)
                    )
                except Untranslatable as exc:
                    out.skipped[str(exc)] += 1
                    out.skipped_cases.append(f"{source}: {exc}")


ERR_FIELD = re.compile(r"(?i)^(want)?err(or)?(msg|str|string|substr)?$|^expectedErr|^Err$")
WANT_FIELD = re.compile(r"(?i)^(want|expected|expect|result|output|ret)$")


def table_case(
    source: str,
    hcl_name: str,
    fields: list[str],
    arg_names: list[str],
    spread: bool,
    value: Any,
    writer: Writer,
) -> Case:
    if value[0] != "comp":
        raise Untranslatable("a case that is not a struct literal")
    elems = value[2]
    if elems and elems[0][0] is not None:
        record = {k[1]: v for k, v in elems}
    else:
        record = {name: v for name, (_, v) in zip(fields, elems, strict=False)}
    args: list[str] = []
    for i, name in enumerate(arg_names):
        node = record.get(name)
        if node is None:
            raise Untranslatable("an argument left at Go's zero value")
        if spread and i == len(arg_names) - 1:
            if node[0] == "id" and node[1] == "nil":
                continue
            if node[0] != "comp":
                raise Untranslatable("spread arguments from a Go variable")
            args.extend(cty_value(v, writer) for _, v in node[2])
        else:
            args.append(cty_value(node, writer))
    err_names = [f for f in fields if ERR_FIELD.match(f)]
    want_names = [f for f in fields if WANT_FIELD.match(f) and f not in arg_names]
    wants_error = False
    for name in err_names:
        node = record.get(name)
        if node is None:
            continue
        if node[0] == "id" and node[1] in ("false", "nil"):
            continue
        if node[0] == "str" and node[1] == "":
            continue
        wants_error = True
    expr = f"{hcl_name}({', '.join(args)})"
    if wants_error:
        return Case(source, expr, None)
    if not want_names or want_names[0] not in record:
        raise Untranslatable("no wanted value")
    want_node = record[want_names[0]]
    return wanted(source, expr, want_node, writer)


def wanted(source: str, expr: str, want_node: Any, writer: Writer) -> Case:
    node = want_node
    while node[0] == "call" and node[1][0] == "sel" and not node[1][2].startswith("Mark"):
        node = node[1][1]  # .Refine()...NewValue(), .RefineNotNull(): only on unknowns
    unknown = node == ("id", "cty.DynamicVal")
    if unknown or (node[0] == "call" and node[1] == ("id", "cty.UnknownVal")):
        return Case(source, expr, None, want_unknown=True)
    if node is not want_node:
        raise Untranslatable("a method on a known value")
    return Case(source, expr, cty_value(node, writer, expected=True))


def harvest_functions_test(text: str, out: Harvest) -> None:
    """internal/lang/functions_test.go: `src` HCL and its wanted cty value."""
    start = text.index("tests := map[string][]struct")
    parser = GoParser(tokenize(text[start : text.index("\n\t}\n", start) + 4]))
    parser.take()
    parser.take()
    parser.type_text()
    for _name, group in parser.composite_body():
        for _, case in group[2]:
            elems = case[2]
            try:
                src = go_value(elems[0][1])
                if not isinstance(src, str):
                    raise Untranslatable("src from a Go expression")
                if re.search(r"provider::|plantimestamp|local\.ephemeral", src):
                    raise Untranslatable(
                        "a provider, plan time or ephemeral value of the test's own"
                    )
                src = src.replace("\n", " ").replace("{ ", "{").replace("  ", " ")
                src = src.replace("./testdata/functions-test", ".")
                case_ = wanted("functions_test.go", src, elems[1][1], out.writer)
                case_.root = "functions-test"
                out.cases.append(case_)
            except Untranslatable as exc:
                out.skipped[str(exc)] += 1


def harvest(terraform: Path, cty: Path | None, ref: str, cty_ref: str) -> Harvest:
    out = Harvest()
    table = git_show(terraform, ref, "internal/lang/functions.go")
    registered: dict[str, str] = {}
    for name, pkg, var in REGISTERED.findall(table):
        registered.setdefault(f"{pkg}.{normalized_call(var) if '(' in var else var}", name)
    harvest_functions_test(git_show(terraform, ref, "internal/lang/functions_test.go"), out)
    packages = [("funcs", git_files(terraform, ref, "internal/lang/funcs"))]
    if cty is not None:
        packages.append(("stdlib", git_files(cty, cty_ref, "cty/function/stdlib")))
    for pkg, files in packages:
        helpers = {
            name: f"{pkg}.{var}" for text in files.values() for name, var in HELPER.findall(text)
        }
        harvest_table_tests(files, helpers, registered, out)
    return out


# --- evaluation -------------------------------------------------------------------------

MAIN_TF = """resource "terraform_data" "unknown" {
  input = "x"
}

locals {
  greeting_template = "Hello, $${name}!"
}
"""


def testdata(terraform: Path, ref: str, target: Path) -> None:
    """The testdata of internal/lang/funcs (read as testdata/...) and, inside it, that of
    internal/lang (functions-test, the base directory of functions_test.go)."""
    folders = ["internal/lang/funcs/testdata", "internal/lang/testdata/functions-test"]
    archive = subprocess.run(
        ["git", "--git-dir", str(git_dir(terraform)), "archive", ref, *folders],
        check=True,
        capture_output=True,
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        for member in tar.getmembers():
            if member.isfile():
                name = member.name.replace("internal/lang/funcs/", "", 1)
                name = name.replace("internal/lang/testdata/functions-test/", "functions-test/", 1)
                path = target / name
                path.parent.mkdir(parents=True, exist_ok=True)
                data = tar.extractfile(member)
                path.write_bytes(data.read() if data else b"")


def answer(console: Console, expression: str) -> tuple[str, Any]:
    try:
        value = console.evaluate(expression)
    except DriftctlError as exc:
        return "error", exc.message
    except RecursionError:
        return "error", "recursion"
    if is_pending(value):
        return "unknown", None
    return "value", format_value(value)


def evaluate(harvest_: Harvest, terraform: Path, ref: str) -> tuple[int, list[Difference]]:
    agreed, differences = 0, []
    with tempfile.TemporaryDirectory() as tmp:
        top = Path(tmp)
        testdata(terraform, ref, top)
        config = MAIN_TF + harvest_.writer.declarations()
        previous = os.getcwd()
        for root in sorted({case.root for case in harvest_.cases}):
            directory = top / root
            (directory / "main.tf").write_text(config, encoding="utf-8")
            os.chdir(directory)
            try:
                with Console(directory, cache_dir=top / ".cache") as console:
                    for case in harvest_.cases:
                        if case.root != root:
                            continue
                        kind, got = answer(console, case.expr)
                        if case.want_unknown:
                            ok, expected = kind == "unknown", "(known after apply)"
                        elif case.want is None:
                            ok, expected = kind == "error", "an error"
                        else:
                            want_kind, want = answer(console, case.want)
                            ok, expected = (kind, got) == (want_kind, want), want
                        if ok:
                            agreed += 1
                            continue
                        shown = got if kind == "value" else f"{kind}: {got}" if got else kind
                        differences.append(Difference(case, str(expected), str(shown), directory))
            finally:
                os.chdir(previous)
        if CONSOLE_CHECK:
            console_check(differences)
    return agreed, differences


@dataclass
class Difference:
    case: Case
    expected: str
    got: str
    directory: Path
    console: str | None = None  # terraform console's own answer, with --console
    console_agrees: bool = False

    def __str__(self) -> str:
        lines = [
            f"{self.case.source}: {self.case.expr}",
            f"    go test:   {self.expected}",
            f"    driftctl:  {self.got}",
        ]
        if self.console is not None:
            lines.append(f"    console:   {self.console}")
        return "\n".join(lines)


CONSOLE_CHECK = False


def console_check(differences: list[Difference]) -> None:
    """Ask `terraform console` itself (in the same configuration) for each difference: a
    Go test calls the function directly, without HCL's conversion of its arguments, so
    through HCL Terraform may answer as driftctl does."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
    import gen_console_golden as gen

    by_directory: dict[Path, list[Difference]] = {}
    for difference in differences:
        by_directory.setdefault(difference.directory, []).append(difference)
    for directory, group in by_directory.items():
        subprocess.run(
            ["terraform", "init", "-no-color", "-input=false"],
            cwd=directory, env=gen._env(), check=True, capture_output=True,
        )  # fmt: skip
        chunks = gen.run_console(directory, [d.case.expr for d in group])
        for difference, chunk in zip(group, chunks, strict=False):
            answer_ = gen.classify(chunk)
            difference.console = answer_.get("result") or "error: " + answer_.get("error", "")
            difference.console_agrees = (
                ("error" in answer_ and difference.got.startswith("error"))
                or (answer_.get("result") == "(known after apply)" and difference.got == "unknown")
                or answer_.get("result") == difference.got
            )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("terraform", type=Path, help="git dir or checkout of hashicorp/terraform")
    parser.add_argument("cty", type=Path, nargs="?", help="git dir or checkout of zclconf/go-cty")
    parser.add_argument("--ref", default="v1.11.4")
    parser.add_argument("--cty-ref", default="v1.16.0")
    parser.add_argument("-v", "--verbose", action="store_true", help="list the skipped cases")
    parser.add_argument(
        "--console",
        action="store_true",
        help="ask terraform console (on PATH) for each difference too",
    )
    options = parser.parse_args(argv)
    global CONSOLE_CHECK
    CONSOLE_CHECK = options.console
    result = harvest(options.terraform, options.cty, options.ref, options.cty_ref)
    agreed, differences = evaluate(result, options.terraform, options.ref)
    total = len(result.cases)
    skipped = sum(result.skipped.values())
    print(f"terraform {options.ref}" + (f", cty {options.cty_ref}" if options.cty else ""))
    print(
        f"agreed {agreed}/{total} = {agreed / total:.2%}; skipped {skipped} (not writable as "
        f"HCL); {result.not_terraform} cases of functions Terraform does not expose left out"
    )
    print(
        f"{len(result.unread_tests)} test functions with a table but not of one function call "
        "per case (not read; -v lists them)"
    )
    if differences:
        print(f"\n{len(differences)} differences:")
        for difference in differences:
            print(difference)
        if options.console:
            same = [d for d in differences if d.console_agrees]
            print(
                f"\nterraform console answers as driftctl in {len(same)} of them (the Go test "
                "calls the function without HCL); through HCL driftctl agrees on "
                f"{agreed + len(same)}/{total} = {(agreed + len(same)) / total:.2%}"
            )
    if options.verbose:
        print("\nskipped:")
        for reason, count in result.skipped.most_common():
            print(f"  {count:4}  {reason}")
        print("\ntest functions not read:")
        for name in result.unread_tests:
            print(f"  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
