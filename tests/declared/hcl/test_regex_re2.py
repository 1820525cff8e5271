"""Regular expressions are Go's (RE2): linear time whatever the pattern, and RE2's meaning
where Python's `re` differs (ASCII classes, `$` at the end of the text only, POSIX classes,
`(?<name>...)`). Before RE2 ran them, `(a+)+$` backtracked for minutes (issue #29)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from driftctl.errors import DriftctlError
from tests.declared.hcl.hcltest import evaluate


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        # catastrophic backtracking in Python's re (2^60 paths); RE2 answers at once
        ('can(regex("(a+)+$", "${join("", [for i in range(60) : "a"])}!"))', False),
        ('length(regexall("(x+x+)+y", "${join("", [for i in range(50) : "x"])}"))', 0),
        ('replace("${join("", [for i in range(60) : "a"])}!", "/(a|aa)+$/", "-")', "a" * 60 + "!"),
        # Go's \d, \w, \s and \b are ASCII (Python's are Unicode on str)
        ('regex("\\\\d+", "\u0661\u0662\u06633")', "3"),
        ('regexall("\\\\w+", "é-ab")', ["ab"]),
        # `$` is the end of the text, not before a final newline
        ('can(regex("a$", "a\\n"))', False),
        ('regex("(?m)a$", "a\\n")', "a"),
        # \z, POSIX classes and (?<name>...) as Go has them
        ('regex("[[:alpha:]]+\\\\z", "12ab")', "ab"),
        ('regex("(?<x>[0-9]+)", "ab12")', {"x": "12"}),
        # matches move on by characters, not bytes: empty matches around "é"
        ('regexall("", "aé")', ["", "", ""]),
        ('replace("héllo wörld", "/[éö]/", "[$0]")', "h[é]llo w[ö]rld"),
        ('replace("x-y", "/(?P<a>\\\\w)-(?P<b>\\\\w)/", "$b-$a-$9-$${a}")', "y-x--x"),
    ],
)
def test_patterns_mean_what_they_mean_in_go(tmp_path: Path, expression: str, expected: Any) -> None:
    assert evaluate(tmp_path, expression) == expected


@pytest.mark.parametrize(
    ("pattern", "message"),
    [
        ("[", "invalid regexp pattern: missing closing ] in ["),
        ("(a", "invalid regexp pattern: missing closing ) in (a"),
        ("a**", "invalid regexp pattern: invalid nested repetition operator in **"),
        # Python's backreferences and lookarounds are not RE2: refused, as Terraform does
        ("(a)\\\\1", "invalid regexp pattern: invalid escape sequence in \\1"),
        ("a(?=b)", "invalid regexp pattern: invalid or unsupported Perl syntax in (?="),
    ],
)
def test_bad_patterns_are_errors_in_cty_words(tmp_path: Path, pattern: str, message: str) -> None:
    with pytest.raises(DriftctlError) as caught:
        evaluate(tmp_path, f'regex("{pattern}", "a")')
    assert message in caught.value.message
    assert caught.value.message.startswith("main.tf:3:")
