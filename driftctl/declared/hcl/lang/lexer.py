"""HCL's native syntax, scanned as hclsyntax's scanner (HCL's Go implementation) does.

`Lexer` turns text into tokens on demand, switching between expression, quoted template and
heredoc modes as hclsyntax's Ragel scanner does, with a stack of modes; expression mode is
read in runs of tokens (a run, not the file: memory stays small). The parser (syntax.py)
reads them and builds the tree.
"""

from __future__ import annotations

import re
import sys
from typing import Any, NoReturn

from driftctl.declared.hcl.lang.nodes import COLUMN_BITS
from driftctl.errors import DriftctlError

SYNTAX_HINT = "fix the HCL syntax there; `terraform validate` gives the full diagnosis"

# token kinds
NL, EOF, IDENT, NUMBER, OP = "nl", "eof", "ident", "number", "op"
OQUOTE, CQUOTE, QLIT, OHEREDOC, CHEREDOC, SLIT = (
    "oquote",
    "cquote",
    "qlit",
    "oheredoc",
    "cheredoc",
    "slit",
)
INTERP, CONTROL, SEQ_END = "interp", "control", "seq_end"
# a quoted string with nothing to unescape or interpolate ("tcp"), one token instead of
# oquote, qlit, cquote: its text is the string's, its span the quotes'
STRING = "string"

_SPACES = re.compile(r"[ \t]+")
# expression mode, longest match first as hclsyntax's scanner does (comments before the
# operator /, heredocs before <, a string before its quote; else the most frequent first:
# the alternatives are tried in order). Two frequent pairs of tokens are one match: a name
# and the = after it (`name =`, not `==` or `=>`), a dot and the name after it (`.name`).
_MAIN = re.compile(
    r"[ \t]*(?:"
    r"(?P<id>[^\W\d][\w-]*)(?:[ \t]*(?P<eq>=)(?![=>]))?"
    r"|\.(?P<dotid>[^\W\d][\w-]*)"
    r"|(?P<nl>\r?\n)"
    r'|(?P<str>"[^"\\$%\r\n]*")'
    r"|(?P<line>(?:\#|//)[^\n]*\n?)"
    r"|(?P<block>/\*.*?\*/)"
    r"|(?P<heredoc><<(?P<dash>-?)(?P<marker>[^\W\d][\w-]*)\r?\n)"
    r"|(?P<op>\.\.\.|==|!=|>=|<=|&&|\|\||::|=>|~\}|[\[\](){}.,*/%+\-=<>!?:~^;`'&|])"
    r"|(?P<num>[0-9](?:(?:[0-9.]|[eE][+-]?[0-9])*(?:[0-9]|[eE][+-]?[0-9]))?)"
    r"|(?P<quote>\")"
    r"|(?P<sp>$))",  # spaces up to the end of the text
    re.DOTALL,
)
_NUMBER = re.compile(r"[0-9](?:(?:[0-9.]|[eE][+-]?[0-9])*(?:[0-9]|[eE][+-]?[0-9]))?")
_IDENT = re.compile(r"[^\W\d][\w-]*")
_HEREDOC = re.compile(r"<<(-?)([^\W\d][\w-]*)\r?\n")
_OPS3 = {"..."}
_OPS2 = {"==", "!=", ">=", "<=", "&&", "||", "::", "=>", "~}"}
_OPS1 = set("[](){}.,*/%+-=<>!?:~^;`'&|")
_QUOTED_TEXT = re.compile(r'(?:[^"\\$%\r\n]|\\[^\r\n]|\$\$\{|%%\{|\$(?!\{)|%(?!\{))+')
_HEREDOC_TEXT = re.compile(r"(?:[^$%\r\n]|\$\$\{|%%\{|\$(?!\{)|%(?!\{))+")
_QUOTED_ESCAPE = re.compile(r"\\(u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|.?)|\$\$\{|%%\{", re.DOTALL)
_HEREDOC_ESCAPE = re.compile(r"\$\$\{|%%\{")
_SIMPLE_ESCAPES = {"n": "\n", "r": "\r", "t": "\t", '"': '"', "\\": "\\"}
# expression-mode tokens the lexer reads per call (a run, not the file's: memory stays small)
_RUN = 64


class Token:
    __slots__ = ("kind", "start", "stop", "text")

    def __init__(self, kind: str, text: str, start: int, stop: int) -> None:
        self.kind, self.text, self.start, self.stop = kind, text, start, stop

    def __repr__(self) -> str:
        return f"Token({self.kind}, {self.text!r})"


class Lexer:
    """hclsyntax's scanner: tokens on demand, with a stack of modes."""

    def __init__(self, text: str, display: str, first_line: int = 1) -> None:
        if text.startswith("\ufeff"):
            text = text[1:]
        self.text = text
        self.display = display
        self.pos = 0
        self.line = first_line
        self.line_start = 0  # offset of the current line's first character
        # mode stack: ("main", braces at entry or -1) | ("quoted",) | ("heredoc", marker, sol)
        self.modes: list[list[Any]] = [["main", -1]]
        self.braces = 0

    def position(self, offset: int) -> int:
        """The packed line/column of an offset on the current line (or after it)."""
        return (self.line << COLUMN_BITS) | (offset - self.line_start + 1)

    def _advance_lines(self, start: int, stop: int) -> None:
        """Account for newlines in text[start:stop]."""
        count = self.text.count("\n", start, stop)
        if count:
            self.line += count
            self.line_start = self.text.rindex("\n", start, stop) + 1

    def error(self, offset: int, message: str) -> NoReturn:
        line = self.line + self.text.count("\n", self.line_start, offset)
        start = self.text.rfind("\n", 0, offset) + 1
        raise DriftctlError(
            f"{self.display}:{line}:{offset - start + 1}: syntax error: {message}",
            hint=SYNTAX_HINT,
        )

    def tokens(self) -> list[Token]:
        """The next tokens: in expression mode a run of them (up to _RUN, ending early at a
        token that changes mode or at the end of the text), else one of a template. A
        syntax error the run reaches ends it: raised by the next call, when the parser
        gets that far (an earlier error is the parser's, as when tokens came one by one)."""
        mode = self.modes[-1]
        if mode[0] == "main":
            return self._main()
        if mode[0] == "quoted":
            return [self._quoted()]
        return [self._heredoc(mode)]

    # ------------------------------------------------------------------ expression mode

    def _main(self) -> list[Token]:
        text = self.text
        pos = self.pos
        line = self.line
        line_start = self.line_start
        braces = self.braces
        # the packed position of an offset on the current line: line << 24 | column
        base = (line << COLUMN_BITS) + 1 - line_start
        run: list[Token] = []
        add = run.append
        match_at = _MAIN.match
        while len(run) < _RUN:
            match = match_at(text, pos)
            if match is None:
                if run:
                    break
                self.line, self.line_start = line, line_start
                pos = len(text) - len(text[pos:].lstrip(" \t"))
                if text.startswith("/*", pos):
                    self.error(pos, "unterminated comment")
                self.error(pos, f"invalid character {text[pos]!r}")
            group = match.lastgroup
            start, end = match.span(group)  # type: ignore[arg-type]
            if group == "op":
                value = text[start:end]
                if value == "{":
                    braces += 1
                elif value == "}" or value == "~}":
                    braces -= 1
                    modes = self.modes
                    if modes[-1][1] == braces + 1 and len(modes) > 1:
                        modes.pop()
                        add(Token(SEQ_END, value, base + start, base + end))
                        pos = end
                        break
                    if value == "~}":
                        add(Token(SEQ_END, value, base + start, base + end))
                        pos = end
                        continue
                elif value == "/" and text.startswith("/*", start):
                    if run:
                        break
                    self.line, self.line_start = line, line_start
                    self.error(start, "unterminated comment")
                add(Token(OP, value, base + start, base + end))
                pos = end
                continue
            if group == "id":  # names repeat: one string each (a 50 MB file has millions)
                add(Token(IDENT, sys.intern(text[start:end]), base + start, base + end))
                pos = end
                continue
            if group == "eq":  # a name and its =
                first, last = match.span("id")
                add(Token(IDENT, sys.intern(text[first:last]), base + first, base + last))
                add(Token(OP, "=", base + start, base + end))
                pos = end
                continue
            if group == "dotid":  # a dot and its name
                add(Token(OP, ".", base + start - 1, base + start))
                add(Token(IDENT, sys.intern(text[start:end]), base + start, base + end))
                pos = end
                continue
            if group == "nl":
                add(Token(NL, "\n", base + start, base + end))
                pos = line_start = end
                line += 1
                base = (line << COLUMN_BITS) + 1 - line_start
                continue
            if group == "str":
                add(Token(STRING, text[start + 1 : end - 1], base + start, base + end))
                pos = end
                continue
            if group == "sp":
                pos = start
                add(Token(EOF, "", base + start, base + start))
                break
            if group == "block":
                if run:  # its lines are counted by the next run (which may end in an error)
                    break
                count = text.count("\n", start, end)
                if count:
                    line += count
                    line_start = text.rindex("\n", start, end) + 1
                    base = (line << COLUMN_BITS) + 1 - line_start
                pos = end
                continue
            if group == "line":
                pos = end
                if not match.group("line").endswith("\n"):
                    continue  # a comment at the end of the file
                add(Token(NL, "\n", base + start, base + end))
                line += 1
                line_start = end
                base = (line << COLUMN_BITS) + 1 - line_start
                continue
            pos = end
            if group == "num":
                add(Token(NUMBER, text[start:end], base + start, base + end))
                continue
            if group == "quote":
                self.modes.append(["quoted"])
                add(Token(OQUOTE, '"', base + start, base + start + 1))
                break
            # a heredoc's introducer: <<EOT or <<-EOT and its newline
            token = Token(OHEREDOC, match.group("dash") + match.group("marker"), base + start, 0)
            line += 1
            line_start = end
            token.stop = (line << COLUMN_BITS) | 1
            self.modes.append(["heredoc", match.group("marker"), True])
            add(token)
            break
        self.pos = pos
        self.line = line
        self.line_start = line_start
        self.braces = braces
        return run

    def _take(self, kind: str, value: str, pos: int, end: int) -> Token:
        self.pos = end
        return Token(kind, value, self.position(pos), self.position(end))

    def _enter(self, kind: str, pos: int, end: int) -> Token:
        """${ or %{: expression mode until the matching }."""
        token = self._take(kind, self.text[pos:end], pos, end)
        self.braces += 1
        self.modes.append(["main", self.braces])
        return token

    # ------------------------------------------------------------------ quoted templates

    def _quoted(self) -> Token:
        text, pos = self.text, self.pos
        if pos >= len(text):
            at = self.position(pos)
            return Token(EOF, "", at, at)
        char = text[pos]
        if char == '"':
            self.modes.pop()
            return self._take(CQUOTE, '"', pos, pos + 1)
        if text.startswith("${", pos):
            return self._enter(INTERP, pos, pos + (3 if text.startswith("${~", pos) else 2))
        if text.startswith("%{", pos):
            return self._enter(CONTROL, pos, pos + (3 if text.startswith("%{~", pos) else 2))
        if char in "\r\n":
            self.error(pos, "quoted strings may not be split over multiple lines; use a heredoc")
        match = _QUOTED_TEXT.match(text, pos)
        if match is None:
            self.error(pos, "unterminated string")
        return self._take(QLIT, match.group(), pos, match.end())

    # ------------------------------------------------------------------ heredocs

    def _heredoc(self, mode: list[Any]) -> Token:
        text, pos = self.text, self.pos
        if pos >= len(text):
            at = self.position(pos)
            return Token(EOF, "", at, at)
        if mode[2]:  # at the start of a line: the closing marker?
            end = text.find("\n", pos)
            line_end = len(text) if end < 0 else end
            if text[pos:line_end].strip() == mode[1]:
                self.modes.pop()
                stop = line_end - 1 if line_end > pos and text[line_end - 1] == "\r" else line_end
                token = self._take(CHEREDOC, text[pos:stop], pos, stop)
                self.pos = stop
                return token
        if text.startswith("${", pos):
            mode[2] = False
            return self._enter(INTERP, pos, pos + (3 if text.startswith("${~", pos) else 2))
        if text.startswith("%{", pos):
            mode[2] = False
            return self._enter(CONTROL, pos, pos + (3 if text.startswith("%{~", pos) else 2))
        match = _HEREDOC_TEXT.match(text, pos)
        end = match.end() if match else pos
        if end < len(text) and text[end] in "\r\n":
            newline_end = end + (2 if text.startswith("\r\n", end) else 1)
            token = Token(SLIT, text[pos:newline_end], self.position(pos), 0)
            self.pos = newline_end
            self.line += 1
            self.line_start = newline_end
            token.stop = self.position(newline_end)
            mode[2] = True
            return token
        if end == pos:
            self.error(pos, "unterminated heredoc")
        mode[2] = False
        return self._take(SLIT, text[pos:end], pos, end)


def unescape_quoted(lexer: Lexer, token: Token) -> str:
    def one(match: re.Match[str]) -> str:
        whole = match.group()
        if whole[0] in "$%":
            return whole[0] + "{"
        code = match.group(1)
        if not code:
            token_error(
                lexer, token, "invalid escape sequence: backslash must be followed by a character"
            )
        if code[0] in "uU" and len(code) > 1:
            value = int(code[1:], 16)
            if value > 0x10FFFF or 0xD800 <= value <= 0xDFFF:
                token_error(lexer, token, f"invalid escape sequence: cannot encode U+{value:04x}")
            return chr(value)
        simple = _SIMPLE_ESCAPES.get(code)
        if simple is None:
            if code[0] in "uU":
                digits = 4 if code[0] == "u" else 8
                token_error(
                    lexer, token, f"the \\{code[0]} escape must be followed by {digits} hex digits"
                )
            token_error(lexer, token, f"invalid escape sequence \\{code}")
        return simple

    return _QUOTED_ESCAPE.sub(one, token.text)


def unescape_heredoc(text: str) -> str:
    return _HEREDOC_ESCAPE.sub(lambda m: m.group()[0] + "{", text)


def token_error(lexer: Lexer, token: Token, message: str) -> NoReturn:
    raise DriftctlError(
        f"{lexer.display}:{token.start >> COLUMN_BITS}:{token.start & ((1 << COLUMN_BITS) - 1)}: "
        f"syntax error: {message}",
        hint=SYNTAX_HINT,
    )
