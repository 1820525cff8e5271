"""The HCL parser (syntax.py): hclsyntax's grammar, exact spans, clear syntax errors."""

from __future__ import annotations

import pytest

from driftctl.declared.hcl.lang import nodes as n
from driftctl.declared.hcl.lang.syntax import parse_expression, parse_file, parse_template
from driftctl.errors import DriftctlError


def expr(text: str) -> n.Expr:
    return parse_expression(text, "t")


def source_of(text: str, node: n.Node) -> str:
    lines = text.split("\n")
    if node.line == node.end_line:
        return lines[node.line - 1][node.column - 1 : node.end_column - 1]
    head = lines[node.line - 1][node.column - 1 :]
    tail = lines[node.end_line - 1][: node.end_column - 1]
    return "\n".join([head, *lines[node.line : node.end_line - 1], tail])


@pytest.mark.parametrize(
    "value",
    [
        '"a${b}c"',
        "[1, 2,\n  3]",
        "{ a = 1\n  b = [x] }",
        "f(a, [b]...)",
        "a.b[0].c[*].d",
        "<<-EOT\n  x ${y}\n  EOT",
        "x ? y : z",
        "-a.b",
        '[for k, v in m : v if k != "x"]',
        '"plain"',
        '{ "k" = "v", "" = "" }',
    ],
)
def test_each_expression_spans_exactly_its_text(value: str) -> None:
    text = f"attr = {value}\n"
    attribute = parse_file(text, "t").items[0]
    assert isinstance(attribute, n.Attribute)
    assert source_of(text, attribute.expr) == value


def test_operators_bind_as_hcl_says() -> None:
    tree = expr("1 + 2 * 3 == 7 || !a && -b.c")
    assert isinstance(tree, n.Binary) and tree.op == "||"
    left, right = tree.left, tree.right
    assert isinstance(left, n.Binary) and left.op == "=="
    assert isinstance(right, n.Binary) and right.op == "&&"
    assert isinstance(right.right, n.Unary) and isinstance(right.right.operand, n.ScopeTraversal)


def test_heredocs_flush_and_keep_interpolations() -> None:
    text = "x = <<-EOT\n    a\n      ${b}\n    %{ if c }\n    d\n    %{ endif }\n    EOT\n"
    template = parse_file(text, "t").items[0].expr  # type: ignore[union-attr]
    assert isinstance(template, n.Template) and template.kind == "heredoc_trim"
    assert template.parts[0] == "a\n  "
    assert isinstance(template.parts[1], n.ScopeTraversal)
    assert isinstance(template.parts[3], n.TIf)


def test_a_line_emptied_by_a_strip_marker_stops_the_flush_as_in_terraform() -> None:
    # hclsyntax counts the emptied token as a line with no indentation
    # (hashicorp/terraform#23710), so nothing is removed
    text = "x = <<-EOT\n    a\n    %{ if c ~}\n    d\n    %{~ endif }\n    EOT\n"
    template = parse_file(text, "t").items[0].expr  # type: ignore[union-attr]
    assert isinstance(template, n.Template) and template.parts[0] == "    a\n    "


@pytest.mark.parametrize(
    ("value", "literal"),
    [
        (r'"a\tb\"c\\d"', 'a\tb"c\\d'),
        (r'"\u00e9\U0001F600"', "\u00e9\U0001f600"),
        ('"$${x} %%{y}"', "${x} %{y}"),
        ('"e\\u0301"', "\u00e9"),  # strings are NFC
        ('""', ""),
    ],
)
def test_quoted_string_escapes(value: str, literal: str) -> None:
    template = expr(value)
    assert isinstance(template, n.Template) and template.literal() == literal


@pytest.mark.parametrize(("plain", "other"), [('"tcp"', '"t\\u0063p"'), ('"e\u0301"', '"\\u00e9"')])
def test_a_plain_string_reads_as_any_quoted_template(plain: str, other: str) -> None:
    # a string with nothing to unescape is read in one piece; the tree is the same
    fast, slow = expr(plain), expr(other)
    assert isinstance(fast, n.Template) and isinstance(slow, n.Template)
    assert (fast.parts, fast.wrap, fast.kind) == (slow.parts, slow.wrap, slow.kind)
    assert (fast.line, fast.column, fast.end_column) == (1, 1, len(plain) + 1)


def test_a_lone_interpolation_passes_its_value_through() -> None:
    assert expr('"${x}"').wrap is True  # type: ignore[attr-defined]
    assert expr('" ${x}"').wrap is False  # type: ignore[attr-defined]


def test_index_keys_written_as_literals_are_traversal_steps() -> None:
    tree = expr('a["k"][0].b.1')
    assert isinstance(tree, n.ScopeTraversal)
    assert [(s[0], s[1]) for s in tree.steps] == [
        ("index", "k"),
        ("index", 0),
        ("attr", "b"),
        ("index", 1),
    ]


def test_splats_take_the_rest_of_the_traversal() -> None:
    full = expr("a[*].b[0]")
    assert isinstance(full, n.Splat) and isinstance(full.each, n.RelativeTraversal)
    legacy = expr("a.*.b[0]")  # the attribute-only splat stops before [0]
    assert isinstance(legacy, n.RelativeTraversal) and isinstance(legacy.source, n.Splat)


def test_function_namespaces_and_expansion() -> None:
    call = expr("provider::aws::arn_parse(x...)")
    assert isinstance(call, n.Call) and call.name == "provider::aws::arn_parse" and call.expand


def test_one_line_blocks_and_labels() -> None:
    body = parse_file('resource "a" b { x = 1 }\nlocals {}\n', "t")
    block = body.items[0]
    assert isinstance(block, n.Block) and block.labels == ("a", "b")
    assert [i.name for i in block.body.items] == ["x"]  # type: ignore[union-attr]


def test_comments_of_every_kind_are_ignored() -> None:
    text = "# a\n// b\n/* c\n d */ x = 1 # e\ny = 2 // f\n"
    assert [i.name for i in parse_file(text, "t").items] == ["x", "y"]  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("x = \n", r"^f\.tf:1:5: syntax error: unexpected end of line"),
        ('x = "a\n', r"^f\.tf:1:7: syntax error: quoted strings may not be split"),
        ("x = 1 +\n2\n", r"^f\.tf:1:8: syntax error: unexpected end of line"),
        ("b {\n  x = 1\n", r"^f\.tf:2:8: syntax error: unexpected end of file"),
        ("x = [1 2]\n", r"^f\.tf:1:8: syntax error: unexpected '2'"),
        ("x = {for = 1}\n", r"syntax error: unexpected '='"),
        ('x = "%{ bogus }"\n', r"'bogus' is not a template directive"),
        ('x = "%{ if a }"\n', r"%\{if\} has no matching %\{endif\}"),
        ("x = a.0.1\n", r"chaining legacy indexes"),
        ("x = 1, y = 2\n", r"unexpected ',': unexpected comma"),
        ('x = "\\q"\n', r"invalid escape sequence \\q"),
        # plain strings (one token in the lexer) are placed as any other
        ('x = "a" "b"\n', r"^f\.tf:1:9: syntax error: unexpected '\"': an argument definition"),
        ('x = ["a" "b"]\n', r"^f\.tf:1:10: syntax error: unexpected '\"': a comma is required"),
        ('"x" = 1\n', r"^f\.tf:1:1: syntax error: unexpected '\"': an argument or block"),
        ('b "l" "m" "n"\n', r"^f\.tf:1:14: syntax error: unexpected end of line: a block"),
    ],
)
def test_syntax_errors_name_file_line_and_column(text: str, message: str) -> None:
    with pytest.raises(DriftctlError, match=message):
        parse_file(text, "f.tf")


def test_deep_nesting_is_a_syntax_error_not_a_crash() -> None:
    with pytest.raises(DriftctlError, match=r"^f\.tf:1:\d+: expression nested too deeply"):
        parse_file("x = " + "[" * 500 + "]" * 500 + "\n", "f.tf")


def test_template_files_read_directives_and_escapes() -> None:
    template = parse_template("Hi ${name}!%{ for x in xs } ${x}%{ endfor } $${no}\n", "t.tpl")
    assert isinstance(template, n.Template)
    assert isinstance(template.parts[3], n.TFor)
    assert template.parts[-1] == " ${no}\n"
