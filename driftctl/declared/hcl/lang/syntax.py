"""HCL's native syntax, parsed as hclsyntax (HCL's Go implementation) parses it.

The scanner (lexer.py) turns text into tokens; a recursive-descent parser follows
hclsyntax's parser function by function (precedence levels, newline rules inside brackets,
object keys, for expressions, splats, template directives and strip markers, flush
heredocs) and builds the tree of `nodes.py`. The first syntax error raises
`DriftctlError("file:line:col: syntax error: ...")`.

It replaces python-hcl2's lark grammar for evaluation: about ten times faster, a tree a
fraction of the size, and the same language Terraform reads.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any, NoReturn

from driftctl.declared.hcl.lang import number
from driftctl.declared.hcl.lang.lexer import (
    CHEREDOC,
    CONTROL,
    CQUOTE,
    EOF,
    IDENT,
    INTERP,
    NL,
    NUMBER,
    OHEREDOC,
    OP,
    OQUOTE,
    QLIT,
    SEQ_END,
    SLIT,
    STRING,
    SYNTAX_HINT,
    Lexer,
    Token,
    token_error,
    unescape_heredoc,
    unescape_quoted,
)
from driftctl.declared.hcl.lang.nodes import (
    COLUMN_BITS,
    AnonSymbol,
    Attribute,
    Binary,
    Block,
    Body,
    Call,
    Conditional,
    Expr,
    For,
    Index,
    Literal,
    Object,
    ObjectKey,
    Paren,
    RelativeTraversal,
    ScopeTraversal,
    Splat,
    Step,
    Template,
    TFor,
    TIf,
    Tuple,
    Unary,
)
from driftctl.errors import DriftctlError
from driftctl.util import deepstack

PARSER_VERSION = "1"  # bump when the trees the parser builds change
# Levels of nested expressions, templates or blocks a file may have. Everything that reads
# a tree walks it recursively (the parser itself, the evaluator, the cache), on the big
# stack of driftctl.util.deepstack; far above what people write (a 20-deep expression is rare).
MAX_DEPTH = 200

_PRECEDENCE = {
    "||": 1,
    "&&": 2,
    "==": 3,
    "!=": 3,
    ">": 4,
    ">=": 4,
    "<": 4,
    "<=": 4,
    "+": 5,
    "-": 5,
    "*": 6,
    "/": 6,
    "%": 6,
}

_STRIP = re.compile(r"^[\s]+")
_LITERAL_NAMES = {"true": True, "false": False, "null": None}
# what may follow an _operand in each context for it to be a whole expression (an operator
# by its text; a newline or the end of the file by its kind, where the context keeps them)
_LINE_END = frozenset((NL, EOF))  # an argument of a body
_ARGUMENT_END = frozenset((",", ")"))  # of a function call
_ITEM_END = frozenset((",", "]"))  # of a tuple
_VALUE_END = frozenset((",", "}", NL))  # of an object


class _Parser:
    def __init__(self, lexer: Lexer) -> None:
        self.lexer = lexer
        self.tokens: list[Token] = []  # read from the lexer: tokens[at:] are not read yet
        self.at = 0
        self.newlines = [True]
        self.depth = 0

    # ------------------------------------------------------------------ tokens

    def peek(self) -> Token:
        i = self.at
        tokens = self.tokens
        if i < len(tokens):  # the next token, read already (most peeks)
            token = tokens[i]
            if token.kind != NL or self.newlines[-1]:
                return token
        return self._peek_on()

    def _peek_on(self) -> Token:
        tokens = self.tokens
        i = self.at
        include = self.newlines[-1]
        while True:
            if i == len(tokens):  # more from the lexer, after the unread ones
                i -= self.at
                tokens = self.tokens = tokens[self.at :] + self.lexer.tokens()
                self.at = 0
            token = tokens[i]
            if token.kind != NL or include:
                return token
            i += 1

    def read(self) -> Token:
        include = self.newlines[-1]
        tokens = self.tokens
        i = self.at
        while True:
            if i == len(tokens):
                tokens = self.tokens = self.lexer.tokens()
                i = 0
            token = tokens[i]
            i += 1
            if token.kind != NL or include:
                self.at = i
                return token

    def expect_op(self, op: str, message: str) -> Token:
        token = self.read()
        if token.kind != OP or token.text != op:
            self.error(token, message)
        return token

    def error(self, token: Token, message: str) -> NoReturn:
        shown = {NL: "end of line", EOF: "end of file", STRING: repr('"')}.get(
            token.kind, repr(token.text)
        )
        if token.kind == EOF:  # at the end of the last line, as an editor shows it
            lines = self.lexer.text.splitlines() or [""]
            token = Token(EOF, "", 0, (len(lines) << COLUMN_BITS) | (len(lines[-1]) + 1))
            token.start = token.stop
        token_error(self.lexer, token, f"unexpected {shown}: {message}")

    def is_op(self, token: Token, op: str) -> bool:
        return token.kind == OP and token.text == op

    def _deeper(self, token: Token) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            self._too_deep(token)

    def _too_deep(self, token: Token) -> NoReturn:
        raise DriftctlError(
            f"{self.lexer.display}:{token.start >> COLUMN_BITS}:"
            f"{token.start & ((1 << COLUMN_BITS) - 1)}: expression nested too deeply (its "
            f"syntax is more than {MAX_DEPTH} levels deep)",
            hint="split it into locals; driftctl refuses deeper nesting",
        )

    # ------------------------------------------------------------------ bodies

    def body(self, end: str) -> Body:
        start_token = self.peek()
        items: list[Attribute | Block] = []
        while True:
            token = self.peek()
            if token.kind == NL:
                self.read()
                continue
            if token.kind == IDENT:
                items.append(self.body_item())
                continue
            if end == EOF and token.kind == EOF:
                return Body(items, start_token.start, token.stop)
            if end == "}" and token.kind == OP and token.text == "}":
                return Body(items, start_token.start, token.start)
            if token.kind == EOF:
                self.error(token, "unclosed configuration block: missing '}'")
            self.error(token, "an argument or block definition is required here")

    def body_item(self) -> Attribute | Block:
        name = self.read()
        token = self.peek()
        if token.kind == OP and token.text == "=":
            return self._simple_attribute(name) or self.attribute(name, single_line=False)
        if token.kind in (STRING, OQUOTE, IDENT) or self.is_op(token, "{"):
            return self.block(name)
        self.error(token, "an argument definition needs '=', a block definition '{'")

    def attribute(self, name: Token, single_line: bool) -> Attribute:
        self.read()  # =
        expr = self.expression()
        if not single_line:
            end = self.peek()
            if end.kind not in (NL, EOF):
                message = (
                    "unexpected comma after argument"
                    if self.is_op(end, ",")
                    else "an argument definition must end with a newline"
                )
                self.error(end, message)
        return Attribute(name.text, expr, name.start, expr.stop)

    def _simple_attribute(self, name: Token) -> Attribute | None:
        """`name = value` where value is an _operand ending its line (most arguments)."""
        self.at += 1  # the =
        expr = self._operand(_LINE_END)
        if expr is None:
            self.at -= 1
            return None
        return Attribute(name.text, expr, name.start, expr.stop)

    def _operand(self, ends: frozenset[str]) -> Expr | None:
        """A plain string, a number, true, false, null or `a.b.c` followed by a token that
        ends an expression here (`ends`: operators such as `,` or `)`, NL and EOF by kind),
        read from the tokens at hand: the tree expression() builds, without its descent
        through the precedence levels; self.at is left on the ending token, as expression()
        leaves it. None (nothing read): anything else, a newline where the context skips
        them, or tokens not read yet (expression() reads it)."""
        tokens = self.tokens
        i = self.at
        if i + 1 >= len(tokens) or self.depth + 1 >= MAX_DEPTH:
            return None
        first = tokens[i]
        kind = first.kind
        j = i + 1
        expr: Expr
        if kind == STRING:
            text = first.text
            if not text.isascii():
                text = unicodedata.normalize("NFC", text)
            expr = Template((text,), False, "quoted", "", first.start, first.stop)
        elif kind == IDENT:
            steps: list[Step] = []
            while j + 2 < len(tokens):
                dot = tokens[j]
                if dot.kind != OP or dot.text != ".":
                    break
                attr = tokens[j + 1]
                if attr.kind != IDENT:
                    return None
                steps.append(("attr", attr.text, dot.start, attr.stop))
                j += 2
            root = first.text
            if root in _LITERAL_NAMES:
                if steps:
                    return None
                expr = Literal(_LITERAL_NAMES[root], first.start, first.stop)
            elif steps:
                expr = ScopeTraversal(root, tuple(steps), first.start, steps[-1][3])
            else:
                expr = ScopeTraversal(root, (), first.start, first.stop)
        elif kind == NUMBER:
            value = number.parse(first.text)
            if value is None:
                return None
            expr = Literal(value, first.start, first.stop)
        else:
            return None
        end = tokens[j]
        if (end.text if end.kind == OP else end.kind) not in ends:
            return None
        self.at = j
        return expr

    def block(self, name: Token) -> Block:
        self._deeper(name)
        labels: list[str] = []
        while True:
            token = self.peek()
            if token.kind == IDENT or token.kind == STRING:
                labels.append(self.read().text)
            elif token.kind == OQUOTE:
                labels.append(self.label_string())
            else:
                break
        open_token = self.read()
        if not self.is_op(open_token, "{"):
            self.error(open_token, "a block definition needs '{' after its labels")
        token = self.peek()
        if token.kind == NL or self.is_op(token, "}"):
            body = self.body("}")
        else:
            # a one-line block: `name { attr = value }`
            first = self.read()
            if first.kind != IDENT or not self.is_op(self.peek(), "="):
                self.error(first, "a single-line block holds one argument: name { a = b }")
            attribute = self.attribute(first, single_line=True)
            body = Body([attribute], attribute.start, attribute.stop)
            if not self.is_op(self.peek(), "}"):
                self.error(self.peek(), "a single-line block holds one argument: name { a = b }")
        close = self.read()
        end = self.peek()
        if end.kind not in (NL, EOF):
            self.error(end, "a block definition must end with a newline after its '}'")
        self.depth -= 1
        return Block(name.text, tuple(labels), body, name.start, close.stop)

    def label_string(self) -> str:
        self.read()  # "
        parts: list[str] = []
        while True:
            token = self.read()
            if token.kind == CQUOTE:
                return "".join(parts)
            if token.kind != QLIT:
                self.error(token, "a block label must be a plain string (no interpolation)")
            parts.append(unescape_quoted(self.lexer, token))

    # ------------------------------------------------------------------ expressions

    def expression(self) -> Expr:
        start = self.peek()
        self._deeper(start)
        cond = self.binary(1)
        token = self.peek()
        if token.kind != OP or token.text != "?":
            self.depth -= 1
            return cond
        self.read()
        then = self.expression()
        colon = self.peek()
        if not self.is_op(colon, ":"):
            self.error(
                colon, "the conditional operator (...?...:...) needs a false expression after ':'"
            )
        self.read()
        otherwise = self.expression()
        self.depth -= 1
        return Conditional(cond, then, otherwise, cond.start, otherwise.stop)

    def binary(self, level: int) -> Expr:
        """Binary operators by precedence climbing (left-associative within a level, as
        hclsyntax's parseBinaryOps builds them level by level)."""
        left = self.traversals(self.term())
        while True:
            token = self.peek()
            if token.kind != OP:
                return left
            precedence = _PRECEDENCE.get(token.text)
            if precedence is None or precedence < level:
                return left
            self.read()
            right = self.binary(precedence + 1)
            left = Binary(token.text, left, right, left.start, right.stop)

    def term(self) -> Expr:
        token = self.peek()
        kind = token.kind
        if kind == NUMBER:
            self.read()
            value = number.parse(token.text)
            if value is None:
                self.error(token, "invalid number literal")
            return Literal(value, token.start, token.stop)
        if kind == IDENT:
            self.read()
            following = self.peek()
            if following.kind == OP and (following.text == "(" or following.text == "::"):
                return self.call(token)
            name = token.text
            if name == "true":
                return Literal(True, token.start, token.stop)
            if name == "false":
                return Literal(False, token.start, token.stop)
            if name == "null":
                return Literal(None, token.start, token.stop)
            return ScopeTraversal(name, (), token.start, token.stop)
        if kind == STRING:
            return self.string(token)
        if kind in (OQUOTE, OHEREDOC):
            return self.template(token)
        if kind == OP:
            op = token.text
            if op == "(":
                self.read()
                self.newlines.append(False)
                expr = self.expression()
                close = self.peek()
                if not self.is_op(close, ")"):
                    self.error(close, "expected a closing parenthesis")
                self.read()
                self.newlines.pop()
                return Paren(expr, token.start, close.stop)
            if op in ("-", "!"):
                self.read()
                self._deeper(token)
                operand = self.traversals(self.term())
                self.depth -= 1
                return Unary(op, operand, token.start, operand.stop)
            if op == "[":
                return self.tuple_cons()
            if op == "{":
                return self.object_cons()
        if kind == EOF:
            self.error(token, "expected the start of an expression")
        self.error(token, "expected the start of an expression")

    def traversals(self, expr: Expr) -> Expr:
        while True:
            token = self.peek()
            if token.kind != OP:
                return expr
            if token.text == ".":
                self.read()
                name = self.peek()
                if name.kind == IDENT:
                    self.read()
                    expr = _extend(expr, ("attr", name.text, token.start, name.stop))
                elif name.kind == NUMBER:
                    self.read()
                    expr = _extend(
                        expr, ("index", self._legacy_index(name), token.start, name.stop)
                    )
                elif self.is_op(name, "*"):
                    self.read()
                    expr = self.attr_splat(expr, token, name)
                else:
                    self.error(name, "an attribute name is required after a dot")
            elif token.text == "[":
                self.read()
                star = self.peek()
                if self.is_op(star, "*"):
                    self.read()
                    close = self.read()
                    if not self.is_op(close, "]"):
                        self.error(close, "the star of a splat [*] must be followed by ']'")
                    item = AnonSymbol(token.start, close.stop)
                    each = self.traversals(item)
                    expr = Splat(expr, each, item, expr.start, each.stop)
                    continue
                self.newlines.append(False)
                key = self.expression()
                close = self.read()
                if not self.is_op(close, "]"):
                    self.error(close, "the index operator must end with ']'")
                self.newlines.pop()
                literal = _literal_key(key)
                if literal is not _NOT_LITERAL:
                    expr = _extend(expr, ("index", literal, token.start, close.stop))
                else:
                    expr = Index(expr, key, expr.start, close.stop)
            else:
                return expr

    def _legacy_index(self, token: Token) -> Any:
        if "." in token.text:
            first, second = token.text.split(".", 1)
            self.error(
                token,
                f"chaining legacy indexes is not permitted; write [{first}][{second}] instead",
            )
        value = number.parse(token.text)
        if value is None:
            self.error(token, "invalid number literal")
        return value

    def attr_splat(self, source: Expr, dot: Token, star: Token) -> Expr:
        item = AnonSymbol(dot.start, star.stop)
        steps: list[Step] = []
        while self.is_op(self.peek(), "."):
            step_dot = self.read()
            name = self.peek()
            if name.kind == NUMBER:
                self.read()
                steps.append(("index", self._legacy_index(name), step_dot.start, name.stop))
            elif name.kind == IDENT:
                self.read()
                steps.append(("attr", name.text, step_dot.start, name.stop))
            elif self.is_op(name, "*"):
                self.error(name, "a splat expression (*) cannot be nested in another .* splat")
            else:
                self.error(name, "an attribute name is required after a dot")
        each: Expr = item
        if steps:
            each = RelativeTraversal(item, tuple(steps), steps[0][2], steps[-1][3])
        return Splat(source, each, item, source.start, each.stop)

    def call(self, name: Token) -> Expr:
        full = name.text
        open_token = self.read()
        while self.is_op(open_token, "::"):
            part = self.read()
            if part.kind != IDENT:
                self.error(part, "the :: of a function namespace must be followed by a name")
            full += "::" + part.text
            open_token = self.read()
        if not self.is_op(open_token, "("):
            self.error(open_token, "a function name must be followed by '('")
        self.newlines.append(False)
        args: list[Expr] = []
        expand = False
        while True:
            token = self.peek()
            if self.is_op(token, ")"):
                close = self.read()
                break
            args.append(self._operand(_ARGUMENT_END) or self.expression())
            separator = self.read()
            if self.is_op(separator, ")"):
                close = separator
                break
            if self.is_op(separator, "..."):
                expand = True
                close = self.read()
                if not self.is_op(close, ")"):
                    self.error(close, "an expanded argument (...) must be the last one, then ')'")
                break
            if not self.is_op(separator, ","):
                if separator.kind == EOF:
                    self.error(separator, f"unterminated call of {full}(): missing ')'")
                self.error(separator, "a comma is required between function arguments")
        self.newlines.pop()
        return Call(full, tuple(args), expand, name.start, close.stop)

    def tuple_cons(self) -> Expr:
        open_token = self.read()
        self.newlines.append(False)
        token = self.peek()
        if token.kind == IDENT and token.text == "for":
            expr = self.for_expr(open_token, "]")
            self.newlines.pop()
            return expr
        items: list[Expr] = []
        while True:
            if self.is_op(self.peek(), "]"):
                close = self.read()
                break
            items.append(self._operand(_ITEM_END) or self.expression())
            separator = self.peek()
            if self.is_op(separator, "]"):
                close = self.read()
                break
            if not self.is_op(separator, ","):
                if separator.kind == EOF:
                    self.error(separator, "unterminated tuple: missing ']'")
                self.error(separator, "a comma is required between the items of a tuple")
            self.read()
        self.newlines.pop()
        return Tuple(tuple(items), open_token.start, close.stop)

    def object_cons(self) -> Expr:
        open_token = self.read()
        self.newlines.append(False)
        is_for = self.peek()
        self.newlines.pop()
        if is_for.kind == IDENT and is_for.text == "for":
            self.newlines.append(False)
            expr = self.for_expr(open_token, "}")
            self.newlines.pop()
            return expr
        self.newlines.append(True)
        items: list[tuple[ObjectKey, Expr]] = []
        while True:
            token = self.peek()
            if token.kind == NL:
                self.read()
                continue
            if self.is_op(token, "}"):
                close = self.read()
                break
            force = self.is_op(token, "(")
            key = ObjectKey(self.expression(), force)
            separator = self.peek()
            if not (self.is_op(separator, "=") or self.is_op(separator, ":")):
                if separator.kind == EOF:
                    self.error(separator, "unterminated object: missing '}'")
                if separator.kind in (NL,) or self.is_op(separator, ","):
                    self.error(separator, "an attribute value is expected after '='")
                self.error(separator, "expected '=' between an object key and its value")
            self.read()
            value = self._operand(_VALUE_END) or self.expression()
            items.append((key, value))
            separator = self.peek()
            if self.is_op(separator, "}"):
                close = self.read()
                break
            if separator.kind != NL and not self.is_op(separator, ","):
                if separator.kind == EOF:
                    self.error(separator, "unterminated object: missing '}'")
                self.error(separator, "a newline or comma is required between object attributes")
            self.read()
        self.newlines.pop()
        return Object(tuple(items), open_token.start, close.stop)

    def for_expr(self, open_token: Token, close_op: str) -> Expr:
        self.read()  # for
        first = self.read()
        if first.kind != IDENT:
            self.error(first, "a for expression needs a variable name after 'for'")
        key_var: str | None = None
        value_var = first.text
        if self.is_op(self.peek(), ","):
            self.read()
            second = self.read()
            if second.kind != IDENT:
                self.error(second, "a for expression needs a value variable name after ','")
            key_var, value_var = value_var, second.text
        keyword = self.read()
        if keyword.kind != IDENT or keyword.text != "in":
            self.error(keyword, "a for expression needs 'in' after its variable names")
        collection = self.expression()
        colon = self.read()
        if not self.is_op(colon, ":"):
            self.error(colon, "a for expression needs ':' after its collection")
        value = self.expression()
        key: Expr | None = None
        if self.is_op(self.peek(), "=>"):
            self.read()
            key, value = value, self.expression()
        group = False
        if self.is_op(self.peek(), "..."):
            self.read()
            group = True
        cond: Expr | None = None
        token = self.peek()
        if token.kind == IDENT and token.text == "if":
            self.read()
            cond = self.expression()
        close = self.read()
        if not self.is_op(close, close_op):
            self.error(close, "extra characters after the end of the for expression")
        is_object = close_op == "}"
        if not is_object and key is not None:
            self.error(close, "a key expression (=>) is not valid when building a tuple")
        if not is_object and group:
            self.error(close, "grouping (...) is not valid when building a tuple")
        if is_object and key is None:
            self.error(close, "a key expression (key => value) is required when building an object")
        return For(
            key_var, value_var, collection, key, value, cond, group, is_object,
            open_token.start, close.stop,
        )  # fmt: skip

    # ------------------------------------------------------------------ templates

    def template(self, open_token: Token) -> Expr:
        self.read()
        self._deeper(open_token)
        heredoc = open_token.kind == OHEREDOC
        end_kind = CHEREDOC if heredoc else CQUOTE
        flat, close = self.template_parts(end_kind, heredoc)
        if heredoc and open_token.text.startswith("-"):
            _flush(flat)
        flat = _meld(flat)
        parts = self.template_tree(flat, open_token)
        wrap = len(flat) == 1 and type(flat[0]) is _Interp
        self.depth -= 1
        kind = "quoted"
        marker = ""
        if heredoc:
            kind = "heredoc_trim" if open_token.text.startswith("-") else "heredoc"
            marker = open_token.text.lstrip("-")
        if not parts:
            parts = ("",)
        return Template(parts, wrap, kind, marker, open_token.start, close.stop)

    def string(self, token: Token) -> Expr:
        """A quoted string without escapes or interpolations, as template() reads it."""
        self.read()
        if self.depth >= MAX_DEPTH:
            self._too_deep(token)
        text = token.text
        if not text.isascii():
            text = unicodedata.normalize("NFC", text)
        return Template((text,), False, "quoted", "", token.start, token.stop)

    def template_parts(self, end_kind: str, heredoc: bool) -> tuple[list[Any], Token]:
        """The flat parts: strings, _Interp, _Ctrl; strip markers applied."""
        flat: list[Any] = []
        trim_next = False
        can_trim_previous = False
        while True:
            token = self.read()
            if token.kind == end_kind:
                return flat, token
            trim = trim_next
            trim_next = False
            can_trim = can_trim_previous
            can_trim_previous = False
            if token.kind in (QLIT, SLIT):
                text = (
                    unescape_heredoc(token.text) if heredoc else unescape_quoted(self.lexer, token)
                )
                if trim:
                    text = _lstrip(text)
                flat.append(_Lit(text, token))
                can_trim_previous = True
            elif token.kind in (INTERP, CONTROL):
                if can_trim and token.text.endswith("~") and flat and type(flat[-1]) is _Lit:
                    flat[-1].text = _rstrip(flat[-1].text)
                self.newlines.append(False)
                if token.kind == INTERP:
                    expr = self.expression()
                    flat.append(_Interp(expr, token))
                else:
                    flat.append(self.directive(token))
                close = self.read()
                if close.kind != SEQ_END:
                    self.error(close, "expected '}' to close the template sequence")
                if close.text.startswith("~"):
                    trim_next = True
                self.newlines.pop()
            else:
                if token.kind == EOF:
                    self.error(token, "unterminated template string")
                self.error(token, "unexpected token in a template")

    def directive(self, open_token: Token) -> _Ctrl:
        keyword = self.read()
        if keyword.kind != IDENT:
            self.error(keyword, 'a template directive keyword ("if", "for", ...) is expected')
        word = keyword.text
        if word == "if":
            return _Ctrl("if", open_token, expr=self.expression())
        if word in ("else", "endif", "endfor"):
            return _Ctrl(word, open_token)
        if word == "for":
            first = self.read()
            if first.kind != IDENT:
                self.error(first, "a for directive needs a variable name after 'for'")
            key_var: str | None = None
            value_var = first.text
            if self.is_op(self.peek(), ","):
                self.read()
                second = self.read()
                if second.kind != IDENT:
                    self.error(second, "a for directive needs a value variable name after ','")
                key_var, value_var = value_var, second.text
            keyword_in = self.read()
            if keyword_in.kind != IDENT or keyword_in.text != "in":
                self.error(keyword_in, "a for directive needs 'in' after its names")
            return _Ctrl("for", open_token, expr=self.expression(), names=(key_var, value_var))
        self.error(keyword, f"{word!r} is not a template directive keyword")

    def template_tree(self, flat: list[Any], open_token: Token) -> tuple[Any, ...]:
        parts, rest = self._nest(flat, 0, ())
        if rest != len(flat):
            item = flat[rest]
            token_error(self.lexer, item.token, f"unexpected %{{{item.kind}}} directive")
        return parts

    def _nest(self, flat: list[Any], i: int, stops: tuple[str, ...]) -> tuple[tuple[Any, ...], int]:
        out: list[Any] = []
        while i < len(flat):
            item = flat[i]
            kind = type(item)
            if kind is _Lit:
                out.append(item.text)
                i += 1
            elif kind is _Interp:
                out.append(item.expr)
                i += 1
            elif item.kind in stops:
                return tuple(out), i
            elif item.kind == "if":
                then, i = self._nest(flat, i + 1, ("else", "endif"))
                otherwise: tuple[Any, ...] = ()
                if i < len(flat) and flat[i].kind == "else":
                    otherwise, i = self._nest(flat, i + 1, ("endif",))
                if i >= len(flat) or flat[i].kind != "endif":
                    token_error(self.lexer, item.token, "this %{if} has no matching %{endif}")
                out.append(TIf(item.expr, then, otherwise, item.token.start, flat[i].token.stop))
                i += 1
            elif item.kind == "for":
                body, i = self._nest(flat, i + 1, ("endfor",))
                if i >= len(flat) or flat[i].kind != "endfor":
                    token_error(self.lexer, item.token, "this %{for} has no matching %{endfor}")
                key_var, value_var = item.names
                out.append(
                    TFor(key_var, value_var, item.expr, body, item.token.start, flat[i].token.stop)
                )
                i += 1
            else:
                return tuple(out), i
        return tuple(out), i  # callers check for the closing directive


class _Lit:
    __slots__ = ("text", "token")

    def __init__(self, text: str, token: Token) -> None:
        self.text, self.token = text, token


class _Interp:
    __slots__ = ("expr", "token")

    def __init__(self, expr: Expr, token: Token) -> None:
        self.expr, self.token = expr, token


class _Ctrl:
    __slots__ = ("expr", "kind", "names", "token")

    def __init__(
        self,
        kind: str,
        token: Token,
        expr: Expr | None = None,
        names: tuple[str | None, str] = (None, ""),
    ) -> None:
        self.kind, self.token, self.expr, self.names = kind, token, expr, names


def _lstrip(text: str) -> str:
    return text.lstrip(_UNICODE_SPACE)


def _rstrip(text: str) -> str:
    return text.rstrip(_UNICODE_SPACE)


# Go's unicode.IsSpace
_UNICODE_SPACE = "\t\n\v\f\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007"
_UNICODE_SPACE += "\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"


def _flush(flat: list[Any]) -> None:
    """hclsyntax's flushHeredocTemplateParts: remove the smallest indentation of the
    literal parts that begin a line (counted in characters, blank lines not counted)."""
    smallest: int | None = None
    newline = True
    adjust: list[_Lit] = []
    for item in flat:
        if newline:
            newline = False
            if type(item) is _Lit:
                trimmed = _lstrip(item.text)
                if not trimmed and item.text.endswith("\n"):
                    spaces = None
                else:
                    spaces = _grapheme_count(item.text[: len(item.text) - len(trimmed)])
                    adjust.append(item)
            else:
                spaces = 0
            if spaces is not None and (smallest is None or spaces < smallest):
                smallest = spaces
        if type(item) is _Lit and item.text.endswith("\n"):
            newline = True
    if not smallest:
        return
    for item in adjust:
        item.text = _drop_graphemes(item.text, smallest)


def _grapheme_count(text: str) -> int:
    from driftctl.declared.hcl.lang.graphemes import graphemes

    return len(graphemes(text))


def _drop_graphemes(text: str, count: int) -> str:
    from driftctl.declared.hcl.lang.graphemes import graphemes

    return "".join(graphemes(text)[count:])


def _meld(flat: list[Any]) -> list[Any]:
    """Consecutive literals joined, each NFC-normalized (cty's strings are)."""
    out: list[Any] = []
    for item in flat:
        if type(item) is _Lit and out and type(out[-1]) is _Lit:
            out[-1] = _Lit(out[-1].text + item.text, out[-1].token)
        else:
            out.append(item)
    for item in out:
        if type(item) is _Lit and not item.text.isascii():
            item.text = unicodedata.normalize("NFC", item.text)
    return out


_NOT_LITERAL: Any = object()


def _literal_key(key: Expr) -> Any:
    """The value of an index key written as a literal (a number, bool, null or a plain
    string), which hclsyntax keeps in the traversal; otherwise _NOT_LITERAL."""
    if type(key) is Literal:
        return key.value
    if type(key) is Template and not key.wrap:
        text = key.literal()
        if text is not None:
            return text
    return _NOT_LITERAL


def _extend(expr: Expr, step: Step) -> Expr:
    if type(expr) is ScopeTraversal:
        return ScopeTraversal(expr.root, (*expr.steps, step), expr.start, step[3])
    if type(expr) is RelativeTraversal:
        return RelativeTraversal(expr.source, (*expr.steps, step), expr.start, step[3])
    return RelativeTraversal(expr, (step,), expr.start, step[3])


# ---------------------------------------------------------------------------- entry points


def parse_file(text: str, display: str) -> Body:
    """A configuration file's body (parsed on a big stack, driftctl.util.deepstack)."""
    return deepstack.run(lambda: _parse_file(text, display))


def _parse_file(text: str, display: str) -> Body:
    parser = _Parser(Lexer(text, display))
    try:
        return parser.body(EOF)
    except RecursionError:
        raise DriftctlError(
            f"{display}: syntax error: nested too deeply to read", hint=SYNTAX_HINT
        ) from None


def parse_expression(text: str, display: str, first_line: int = 1) -> Expr:
    """One expression (a --var value, a template expression)."""
    return deepstack.run(lambda: _parse_expression(text, display, first_line))


def _parse_expression(text: str, display: str, first_line: int) -> Expr:
    parser = _Parser(Lexer(text, display, first_line))
    parser.newlines.append(False)
    try:
        expr = parser.expression()
        end = parser.peek()
        if end.kind != EOF:
            parser.error(end, "extra characters after the expression")
    except RecursionError:
        raise DriftctlError(
            f"{display}: syntax error: nested too deeply to read", hint=SYNTAX_HINT
        ) from None
    return expr


def parse_template(text: str, display: str) -> Expr:
    """A whole text as a template (templatefile, templatestring)."""
    return deepstack.run(lambda: _parse_template(text, display))


def _parse_template(text: str, display: str) -> Expr:
    lexer = Lexer(text, display)
    lexer.modes = [["heredoc", "\0no marker\0", False]]
    parser = _Parser(lexer)
    try:
        flat, close = parser.template_parts(EOF, heredoc=True)
        flat = _meld(flat)
        start = Token(EOF, "", 1 << COLUMN_BITS | 1, 1 << COLUMN_BITS | 1)
        parts = parser.template_tree(flat, start)
    except RecursionError:
        raise DriftctlError(f"{display}: template nested too deeply to read") from None
    wrap = len(flat) == 1 and type(flat[0]) is _Interp
    return Template(parts or ("",), wrap, "file", "", start.start, close.stop)


def normalize_identifier(name: str) -> str:
    return unicodedata.normalize("NFC", name)
