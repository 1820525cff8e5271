"""Terraform's built-in functions, case by case from their documentation.

Each case is an example of https://developer.hashicorp.com/terraform/language/functions/NAME
(the page is in the test id: `functions/NAME: expression`), written as HCL and the value
`terraform console` shows for it. Sets are compared in driftctl's order (sorted).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from driftctl.core.model import Unknown
from driftctl.declared.hcl.lang.functions.registry import (
    FUNCTIONS,
    NON_DETERMINISTIC,
    SPECIAL,
    known_names,
)
from driftctl.errors import DriftctlError
from tests.declared.hcl.hcltest import evaluate, load, write

DOC = "https://developer.hashicorp.com/terraform/language/functions/"

CASES: list[tuple[str, Any]] = [
    # numeric
    ("abs(23)", 23),
    ("abs(0)", 0),
    ("abs(-12.4)", 12.4),
    ("ceil(5)", 5),
    ("ceil(5.1)", 6),
    ("floor(5)", 5),
    ("floor(4.9)", 4),
    ("log(50, 10)", 1.6989700043360185),
    ("log(16, 2)", 4),
    ("max(12, 54, 3)", 54),
    ("max([12, 54, 3]...)", 54),
    ("min(12, 54, 3)", 3),
    ("min([12, 54, 3]...)", 3),
    ('parseint("100", 10)', 100),
    ('parseint("FF", 16)', 255),
    ('parseint("-10", 16)', -16),
    ('parseint("1011111011101111", 2)', 48879),
    ('parseint("aA", 62)', 656),
    ("pow(3, 2)", 9),
    ("pow(4, 0)", 1),
    ("signum(-13)", -1),
    ("signum(0)", 0),
    ("signum(344)", 1),
    # string
    ('chomp("hello\\n")', "hello"),
    ('chomp("hello\\r\\n")', "hello"),
    ('chomp("hello\\n\\n")', "hello"),
    ('endswith("hello world", "world")', True),
    ('endswith("hello world", "hello")', False),
    ('format("Hello, %s!", "Ander")', "Hello, Ander!"),
    ('format("There are %d lights", 4)', "There are 4 lights"),
    ('format("%#v", "hi")', '"hi"'),
    ('format("%.2f", 3.14159)', "3.14"),
    ('format("%05d|%-4s|%q", 42, "ab", "x")', '00042|ab  |"x"'),
    (
        'formatlist("Hello, %s!", ["Valentina", "Ander", "Olivia", "Sam"])',
        ["Hello, Valentina!", "Hello, Ander!", "Hello, Olivia!", "Hello, Sam!"],
    ),
    (
        'formatlist("%s, %s!", "Salutations", ["Valentina", "Ander", "Olivia", "Sam"])',
        [
            "Salutations, Valentina!",
            "Salutations, Ander!",
            "Salutations, Olivia!",
            "Salutations, Sam!",
        ],
    ),
    ('indent(2, "[\\n  foo,\\n  bar,\\n]\\n")', "[\n    foo,\n    bar,\n  ]\n  "),
    ('join(", ", ["foo", "bar", "baz"])', "foo, bar, baz"),
    ('join(", ", ["foo"])', "foo"),
    ('lower("HELLO")', "hello"),
    ('lower("АЛЛО!")', "алло!"),
    ('regex("[a-z]+", "53453453.345345aaabbbccc23454")', "aaabbbccc"),
    (
        'regex("(\\\\d\\\\d\\\\d\\\\d)-(\\\\d\\\\d)-(\\\\d\\\\d)", "2019-02-01")',
        ["2019", "02", "01"],
    ),
    (
        'regex("^(?:(?P<scheme>[^:/?#]+):)?(?://(?P<authority>[^/?#]*))?", '
        '"https://terraform.io/docs/")',
        {"authority": "terraform.io", "scheme": "https"},
    ),
    ('regexall("[a-z]+", "1234abcd5678efgh9")', ["abcd", "efgh"]),
    ('length(regexall("[a-z]+", "1234abcd5678efgh9"))', 2),
    ('length(regexall("[a-z]+", "123456789")) > 0', False),
    ('replace("1 + 2 + 3", "+", "-")', "1 - 2 - 3"),
    ('replace("hello world", "/w.*d/", "everybody")', "hello everybody"),
    ('replace("abc-def", "/(\\\\w+)-(\\\\w+)/", "$${2}_$1")', "def_abc"),
    # Go's Regexp.Expand reads $2_ as the (missing) group named 2_
    ('replace("abc-def", "/(\\\\w+)-(\\\\w+)/", "$2_$1")', "abc"),
    ('split(",", "foo,bar,baz")', ["foo", "bar", "baz"]),
    ('split(",", "foo")', ["foo"]),
    ('split(",", "")', [""]),
    ('startswith("hello world", "hello")', True),
    ('startswith("hello world", "world")', False),
    ('strcontains("hello world", "wor")', True),
    ('strcontains("hello world", "wod")', False),
    ('strrev("hello")', "olleh"),
    ('strrev("a ☃")', "☃ a"),
    ('substr("hello world", 1, 4)', "ello"),
    ('substr("🤔🤷", 0, 1)', "🤔"),
    ('substr("hello world", -5, -1)', "world"),
    ('substr("hello world", 6, 10)', "world"),
    ('title("hello world")', "Hello World"),
    ('trim("?!hello?!", "!?")', "hello"),
    ('trim("foobar", "far")', "oob"),
    ('trim("   hello! world.!  ", "! ")', "hello! world."),
    ('trimprefix("helloworld", "hello")', "world"),
    ('trimprefix("helloworld", "cat")', "helloworld"),
    ('trimsuffix("helloworld", "world")', "hello"),
    ('trimspace("  hello\\n\\n")', "hello"),
    ('upper("hello")', "HELLO"),
    ('upper("алло!")', "АЛЛО!"),
    # collection
    ('alltrue(["true", true])', True),
    ("alltrue([true, false])", False),
    ("alltrue([])", True),
    ('anytrue(["true"])', True),
    ("anytrue([true, false])", True),
    ("anytrue([])", False),
    ('chunklist(["a", "b", "c", "d", "e"], 2)', [["a", "b"], ["c", "d"], ["e"]]),
    ('chunklist(["a", "b", "c", "d", "e"], 1)', [["a"], ["b"], ["c"], ["d"], ["e"]]),
    ('coalesce("a", "b")', "a"),
    ('coalesce("", "b")', "b"),
    ("coalesce(1, 2)", 1),
    ('coalesce(["", "b"]...)', "b"),
    ('coalescelist(["a", "b"], ["c", "d"])', ["a", "b"]),
    ('coalescelist([], ["c", "d"])', ["c", "d"]),
    ('compact(["a", "", "b", "c"])', ["a", "b", "c"]),
    ('concat(["a", ""], ["b", "c"])', ["a", "", "b", "c"]),
    ('contains(["a", "b", "c"], "a")', True),
    ('contains(["a", "b", "c"], "d")', False),
    ('distinct(["a", "b", "a", "c", "d", "b"])', ["a", "b", "c", "d"]),
    ('element(["a", "b", "c"], 1)', "b"),
    ('element(["a", "b", "c"], 3)', "a"),
    ('element(["a", "b", "c"], length(["a", "b", "c"])-1)', "c"),
    ('flatten([["a", "b"], [], ["c"]])', ["a", "b", "c"]),
    ('flatten([[["a", "b"], []], ["c"]])', ["a", "b", "c"]),
    ('index(["a", "b", "c"], "b")', 1),
    ("keys({a=1, c=2, d=3})", ["a", "c", "d"]),
    ("length([])", 0),
    ('length(["a", "b"])', 2),
    ('length({"a" = "b"})', 1),
    ('length("hello")', 5),
    ('length("👾🕹️")', 2),
    ('lookup({a="ay", b="bee"}, "a", "what?")', "ay"),
    ('lookup({a="ay", b="bee"}, "c", "what?")', "what?"),
    (
        'matchkeys(["i-123", "i-abc", "i-def"], ["us-west", "us-east", "us-east"], ["us-east"])',
        ["i-abc", "i-def"],
    ),
    ('merge({a="b", c="d"}, {e="f", c="z"})', {"a": "b", "c": "z", "e": "f"}),
    ('merge({a="b"}, {a=[1,2], c="z"}, {d=3})', {"a": [1, 2], "c": "z", "d": 3}),
    ("one([])", None),
    ('one(["hello"])', "hello"),
    ("range(3)", [0, 1, 2]),
    ("range(1, 4)", [1, 2, 3]),
    ("range(1, 8, 2)", [1, 3, 5, 7]),
    ("range(1, 4, 0.5)", [1, 1.5, 2, 2.5, 3, 3.5]),
    ("range(4, 1)", [4, 3, 2]),
    ("range(10, 5, -2)", [10, 8, 6]),
    ("reverse([1, 2, 3])", [3, 2, 1]),
    ('setintersection(["a", "b"], ["b", "c"], ["b", "d"])', ["b"]),
    (
        'setproduct(["development", "staging", "production"], ["app1", "app2"])',
        [
            ["development", "app1"],
            ["development", "app2"],
            ["staging", "app1"],
            ["staging", "app2"],
            ["production", "app1"],
            ["production", "app2"],
        ],
    ),
    ('setproduct(["a"], [])', []),
    ('setsubtract(["a", "b", "c"], ["a", "c"])', ["b"]),
    ('setunion(["a", "b"], ["b", "c"], ["d"])', ["a", "b", "c", "d"]),
    ('slice(["a", "b", "c", "d"], 1, 3)', ["b", "c"]),
    ('sort(["e", "d", "a", "x"])', ["a", "d", "e", "x"]),
    ("sum([10, 13, 6, 4.5])", 33.5),
    (
        'transpose({"a" = ["1", "2"], "b" = ["2", "3"]})',
        {"1": ["a"], "2": ["a", "b"], "3": ["b"]},
    ),
    ("values({a=3, c=2, d=1})", [3, 2, 1]),
    ('zipmap(["a", "b"], [1, 2])', {"a": 1, "b": 2}),
    # encoding
    ('base64decode("SGVsbG8gV29ybGQ=")', "Hello World"),
    ('base64encode("Hello World")', "SGVsbG8gV29ybGQ="),
    (
        'csvdecode("a,b,c\\n1,2,3\\n4,5,6")',
        [{"a": "1", "b": "2", "c": "3"}, {"a": "4", "b": "5", "c": "6"}],
    ),
    ('jsondecode("{\\"hello\\": \\"world\\"}")', {"hello": "world"}),
    ('jsondecode("true")', True),
    ('jsonencode({"hello"="world"})', '{"hello":"world"}'),
    (
        'jsonencode({b = [1, 2.5, 1e21], a = "<&>"})',
        '{"a":"\\u003c\\u0026\\u003e","b":[1,2.5,1000000000000000000000]}',
    ),
    ('textencodebase64("Hello World", "UTF-16LE")', "SABlAGwAbABvACAAVwBvAHIAbABkAA=="),
    ('textdecodebase64("SABlAGwAbABvACAAVwBvAHIAbABkAA==", "UTF-16LE")', "Hello World"),
    ('urlencode("Hello World!")', "Hello+World%21"),
    ('urlencode("☃")', "%E2%98%83"),
    (
        'urlencode("foo:bar@localhost?foo=bar&bar=baz")',
        "foo%3Abar%40localhost%3Ffoo%3Dbar%26bar%3Dbaz",
    ),
    ('yamldecode("hello: world")', {"hello": "world"}),
    ('yamldecode("true")', True),
    ('yamldecode("{a: &foo [1, 2, 3], b: *foo}")', {"a": [1, 2, 3], "b": [1, 2, 3]}),
    (
        'yamldecode("{a: &foo [1, {bar: baz}], b: *foo}")',
        {"a": [1, {"bar": "baz"}], "b": [1, {"bar": "baz"}]},
    ),
    ('yamldecode("when: 2001-12-14")', {"when": "2001-12-14T00:00:00Z"}),
    ('yamlencode({"a":"b", "c":"d"})', '"a": "b"\n"c": "d"\n'),
    ('yamlencode({"foo":[1, 2, 3], "bar": "baz"})', '"bar": "baz"\n"foo":\n- 1\n- 2\n- 3\n'),
    (
        'yamlencode({"foo":[1, {"a":"b","c":"d"}, 3], "bar": "baz"})',
        '"bar": "baz"\n"foo":\n- 1\n- "a": "b"\n  "c": "d"\n- 3\n',
    ),
    ("yamlencode(true)", "true\n...\n"),
    ('yamlencode("hello")', '"hello"\n'),
    ("yamlencode({})", "{}\n"),
    ("yamlencode([])", "[]\n"),
    ('yamlencode({a = "x\\ny\\n"})', '"a": |\n  x\n  y\n'),
    # hash and crypto
    ('md5("hello world")', "5eb63bbbe01eeed093cb22bb8f5acdc3"),
    ('sha1("hello world")', "2aae6c35c94fcfb415dbe95f408b9ce91ee846ed"),
    ('sha256("hello world")', "b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9"),
    (
        'sha512("hello world")',
        "309ecc489c12d6eb4cc40f50c902f2b4d0ed77ee511a7c7a9bcd3ca86d4cd86f"
        "989dd35bc5ff499670da34255b45b0cfd830e81f605dcf7dc5542e93ae9cd76f",
    ),
    ('base64sha256("hello world")', "uU0nuZNNPgilLlLX2n2r+sSE7+N6U4DukIj3rOLvzek="),
    (
        'base64sha512("hello world")',
        "MJ7MSJwS1utMxA9QyQLytNDtd+5RGnx6m808qG1M2G+YndNbxf9JlnDaNCVbRbDP2DDoH2Bdz33FVC6TrpzXbw==",
    ),
    ('uuidv5("dns", "www.terraform.io")', "a5008fae-b28c-5ba5-96cd-82b4c53552d6"),
    ('uuidv5("url", "https://www.terraform.io/")', "9db6f67c-dd95-5ea0-aa5b-e70e5c5f7cf5"),
    ('uuidv5("oid", "1.3.6.1.4")', "af9d40a5-7a36-5c07-b23a-851cd99fbfa5"),
    ('uuidv5("x500", "CN=Example,C=GB")', "84e09961-4aa4-57f8-95b7-03edb1073253"),
    (
        'uuidv5("6ba7b810-9dad-11d1-80b4-00c04fd430c8", "www.terraform.io")',
        "a5008fae-b28c-5ba5-96cd-82b4c53552d6",
    ),
    # ip network
    ('cidrhost("10.12.112.0/20", 16)', "10.12.112.16"),
    ('cidrhost("10.12.112.0/20", 268)', "10.12.113.12"),
    ('cidrhost("10.12.112.0/20", -1)', "10.12.127.255"),
    ('cidrhost("fd00:fd12:3456:7890:00a2::/72", 34)', "fd00:fd12:3456:7890::22"),
    ('cidrnetmask("172.16.0.0/12")', "255.240.0.0"),
    ('cidrsubnet("172.16.0.0/12", 4, 2)', "172.18.0.0/16"),
    ('cidrsubnet("10.1.2.0/24", 4, 15)', "10.1.2.240/28"),
    ('cidrsubnet("fd00:fd12:3456:7890::/56", 16, 162)', "fd00:fd12:3456:7800:a200::/72"),
    (
        'cidrsubnets("10.1.0.0/16", 4, 4, 8, 4)',
        ["10.1.0.0/20", "10.1.16.0/20", "10.1.32.0/24", "10.1.48.0/20"],
    ),
    (
        'cidrsubnets("fd00:fd12:3456:7890::/56", 16, 16, 16, 32)',
        [
            "fd00:fd12:3456:7800::/72",
            "fd00:fd12:3456:7800:100::/72",
            "fd00:fd12:3456:7800:200::/72",
            "fd00:fd12:3456:7800:300::/88",
        ],
    ),
    # date and time
    ('formatdate("DD MMM YYYY hh:mm ZZZ", "2018-01-02T23:12:01Z")', "02 Jan 2018 23:12 UTC"),
    (
        'formatdate("EEEE, DD-MMM-YY hh:mm:ss ZZZ", "2018-01-02T23:12:01Z")',
        "Tuesday, 02-Jan-18 23:12:01 UTC",
    ),
    (
        'formatdate("EEE, DD MMM YYYY hh:mm:ss ZZZ", "2018-01-02T23:12:01-08:00")',
        "Tue, 02 Jan 2018 23:12:01 -0800",
    ),
    ('formatdate("MMM DD, YYYY", "2018-01-02T23:12:01Z")', "Jan 02, 2018"),
    ('formatdate("HH:mmaa", "2018-01-02T23:12:01Z")', "11:12pm"),
    ("formatdate(\"h 'o''clock'\", \"2018-01-02T05:12:01Z\")", "5 o'clock"),
    ('timeadd("2017-11-22T00:00:00Z", "10m")', "2017-11-22T00:10:00Z"),
    ('timeadd("2017-11-22T00:00:00Z", "-1h30m")', "2017-11-21T22:30:00Z"),
    ('timecmp("2017-11-22T00:00:00Z", "2017-11-22T00:00:00Z")', 0),
    ('timecmp("2017-11-22T00:00:00Z", "2017-11-22T01:00:00Z")', -1),
    ('timecmp("2017-11-22T01:00:00Z", "2017-11-22T00:00:00Z")', 1),
    ('timecmp("2017-11-22T01:00:00+01:00", "2017-11-22T00:00:00Z")', 0),
    # type conversion
    ('tobool("true")', True),
    ("tobool(null)", None),
    ('tonumber("1")', 1),
    ("tonumber(null)", None),
    ('tostring("hello")', "hello"),
    ("tostring(1)", "1"),
    ("tostring(true)", "true"),
    ("tostring(null)", None),
    ('tolist(["a", "b", 3])', ["a", "b", "3"]),
    ('toset(["a", "b", 3])', ["3", "a", "b"]),
    ('toset(["c", "b", "b"])', ["b", "c"]),
    ('tomap({"a" = "foo", "b" = true})', {"a": "foo", "b": "true"}),
    ('sensitive("x")', "x"),
    ('nonsensitive("x")', "x"),
    ('can(regex("^ami-", "ami-123"))', True),
    ('can(regex("^ami-", "img-123"))', False),
    ('try(tonumber("x"), "fallback")', "fallback"),
    # filesystem (paths only)
    ('dirname("foo/bar/baz.txt")', "foo/bar"),
    ('basename("foo/bar/baz.txt")', "baz.txt"),
    ('pathexpand("/etc/resolv.conf")', "/etc/resolv.conf"),
    # provider-defined functions of the AWS provider
    (
        'provider::aws::arn_parse("arn:aws:iam::444455556666:role/example")',
        {
            "partition": "aws",
            "service": "iam",
            "region": "",
            "account_id": "444455556666",
            "resource": "role/example",
        },
    ),
    (
        'provider::aws::arn_build("aws", "iam", "", "444455556666", "role/example")',
        "arn:aws:iam::444455556666:role/example",
    ),
    (
        'provider::aws::trim_iam_role_path("arn:aws:iam::444455556666:role/with/path/example")',
        "arn:aws:iam::444455556666:role/example",
    ),
]


def _function_of(expression: str) -> str:
    match = re.match(r"[\w:]+", expression)
    assert match is not None
    return match[0].rsplit("::", 1)[-1] if "::" in match[0] else match[0]


@pytest.mark.parametrize(
    ("expression", "expected"),
    CASES,
    ids=[f"functions/{_function_of(e)}: {e}"[:120] for e, _ in CASES],
)
def test_documented_example(tmp_path: Path, expression: str, expected: Any) -> None:
    assert evaluate(tmp_path, expression) == expected


def test_every_function_of_the_library_has_a_documented_example() -> None:
    tested = {_function_of(e) for e, _ in CASES} | {"templatefile", "templatestring"}
    tested |= {"file", "fileexists", "fileset", "filebase64", "abspath", "rsadecrypt"}
    tested |= {n for n in FUNCTIONS if n.startswith("file")}  # test_files_* below
    missing = (
        {n.rsplit("::", 1)[-1] for n in FUNCTIONS} - tested - {"list", "map", "ephemeralasnull"}
    )
    assert not missing


# ---------------------------------------------------------------------------- filesystem


FILES = {
    "main.tf": "",
    "files/a.txt": "alpha\n",
    "files/b.txt": "beta\n",
    "files/sub/c.txt": "gamma\n",
    "files/sub/d.json": "{}",
    "backends.tftpl": "%{ for addr in ip_addrs ~}\nbackend ${addr}:${port}\n%{ endfor ~}\n",
}


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ('file("${path.module}/files/a.txt")', "alpha\n"),
        ('fileexists("${path.module}/files/a.txt")', True),
        ('fileexists("${path.module}/files/none.txt")', False),
        ('fileset(path.module, "files/*.txt")', ["files/a.txt", "files/b.txt"]),
        ('fileset("${path.module}/files", "**")', ["a.txt", "b.txt", "sub/c.txt", "sub/d.json"]),
        ('fileset("${path.module}/files", "{sub/*.json,a.*}")', ["a.txt", "sub/d.json"]),
        ('filebase64("${path.module}/files/a.txt")', "YWxwaGEK"),
        ('filemd5("files/a.txt")', "c2f5e5b1e7a7d8af9e7bd26f1f0a3f1c"),
        (
            'templatefile("${path.module}/backends.tftpl", '
            '{ port = 8080, ip_addrs = ["10.0.0.1", "10.0.0.2"] })',
            "backend 10.0.0.1:8080\nbackend 10.0.0.2:8080\n",
        ),
        ('templatestring(local.greeting, { name = "Ander" })', "Hello, Ander!"),
    ],
)
def test_filesystem_functions(tmp_path: Path, expression: str, expected: Any) -> None:
    # functions/file, fileexists, fileset, filebase64, filemd5, templatefile
    write(tmp_path, FILES)
    if expression.startswith("filemd5"):
        import hashlib

        expected = hashlib.md5(b"alpha\n").hexdigest()
    preamble = 'locals {\n  greeting = "Hello, $${name}!"\n}\n'
    assert evaluate(tmp_path, expression, preamble) == expected


def test_file_hashes_match_the_string_hashes_of_the_content(tmp_path: Path) -> None:
    write(tmp_path, {"main.tf": "", "f.txt": "hello world"})
    for name in ("md5", "sha1", "sha256", "sha512", "base64sha256", "base64sha512"):
        file_name = f"file{name}"
        assert evaluate(tmp_path, f'{file_name}("f.txt")') == evaluate(
            tmp_path, f'{name}("hello world")'
        )


def test_file_paths_are_relative_to_the_root_module_as_terraform_runs_there(
    tmp_path: Path,
) -> None:
    # functions/file: "relative paths are relative to the current working directory";
    # path.module is the module's directory relative to it.
    write(
        tmp_path,
        {
            "main.tf": 'module "m" {\n  source = "./mod"\n}\n',
            "mod/main.tf": 'resource "x_y" "z" {\n  a = file("${path.module}/p.txt")\n'
            "  b = path.module\n}\n",
            "mod/p.txt": "in module",
        },
    )
    from driftctl.declared.hcl.load import load_hcl

    attrs = load_hcl(tmp_path).resources[0].attrs
    assert attrs == {"a": "in module", "b": "mod"}


def test_template_can_only_use_its_own_variables(tmp_path: Path) -> None:
    write(tmp_path, {"main.tf": "", "t.tftpl": "${var.x}"})
    with pytest.raises(DriftctlError, match="a template can only use the variables passed to it"):
        evaluate(tmp_path, 'templatefile("t.tftpl", {})', 'variable "x" { default = 1 }')


def test_missing_file_is_an_error_naming_the_call(tmp_path: Path) -> None:
    with pytest.raises(DriftctlError, match=r"^main\.tf:3:7: file\(\): no file exists at 'nope'"):
        evaluate(tmp_path, 'file("nope")')


def test_rsadecrypt_with_a_pem_key(tmp_path: Path) -> None:
    # functions/rsadecrypt: PKCS #1 v1.5 with an RSA private key in PEM form
    import base64

    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import padding, rsa

    key = rsa.generate_private_key(public_exponent=65537, key_size=1024)
    pem = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.TraditionalOpenSSL,
        serialization.NoEncryption(),
    )
    secret = key.public_key().encrypt(b"s3cret", padding.PKCS1v15())
    write(tmp_path, {"key.pem": pem.decode()})
    expression = f'rsadecrypt("{base64.b64encode(secret).decode()}", file("key.pem"))'
    assert evaluate(tmp_path, expression) == "s3cret"


# ---------------------------------------------------------------------------- not offline


@pytest.mark.parametrize("name", sorted(NON_DETERMINISTIC))
def test_non_deterministic_functions_are_unknown_and_reported(tmp_path: Path, name: str) -> None:
    args = '"pw"' if name == "bcrypt" else ""
    declared = load(tmp_path, {"main.tf": f'resource "x_y" "z" {{\n  v = {name}({args})\n}}\n'})
    assert declared.resources[0].attrs["v"] == Unknown(f"{name}() is non-deterministic")
    assert declared.nondeterministic == [f"main.tf:2:7: {name}()"]


@pytest.mark.parametrize(
    ("expression", "reason"),
    [
        ('abspath("x")', "abspath() depends on where terraform runs"),
        ('base64gzip("x")', "base64gzip() output depends on Go's gzip compressor"),
        ('pathexpand("~/.ssh")', "pathexpand() of ~ depends on the user's home directory"),
    ],
)
def test_functions_whose_value_is_not_reproducible_are_unknown(
    tmp_path: Path, expression: str, reason: str
) -> None:
    assert evaluate(tmp_path, expression) == Unknown(reason)


def test_every_terraform_function_name_is_known() -> None:
    # the function index of developer.hashicorp.com/terraform/language/functions (1.9+)
    documented = [
        "abs",
        "ceil",
        "floor",
        "log",
        "max",
        "min",
        "parseint",
        "pow",
        "signum",
        "chomp",
        "endswith",
        "format",
        "formatlist",
        "indent",
        "join",
        "lower",
        "regex",
        "regexall",
        "replace",
        "split",
        "startswith",
        "strcontains",
        "strrev",
        "substr",
        "templatestring",
        "title",
        "trim",
        "trimprefix",
        "trimsuffix",
        "trimspace",
        "upper",
        "alltrue",
        "anytrue",
        "chunklist",
        "coalesce",
        "coalescelist",
        "compact",
        "concat",
        "contains",
        "distinct",
        "element",
        "flatten",
        "index",
        "keys",
        "length",
        "lookup",
        "matchkeys",
        "merge",
        "one",
        "range",
        "reverse",
        "setintersection",
        "setproduct",
        "setsubtract",
        "setunion",
        "slice",
        "sort",
        "sum",
        "transpose",
        "values",
        "zipmap",
        "base64decode",
        "base64encode",
        "base64gzip",
        "csvdecode",
        "jsondecode",
        "jsonencode",
        "textdecodebase64",
        "textencodebase64",
        "urlencode",
        "yamldecode",
        "yamlencode",
        "abspath",
        "dirname",
        "pathexpand",
        "basename",
        "file",
        "fileexists",
        "fileset",
        "filebase64",
        "templatefile",
        "formatdate",
        "plantimestamp",
        "timeadd",
        "timecmp",
        "timestamp",
        "base64sha256",
        "base64sha512",
        "bcrypt",
        "filebase64sha256",
        "filebase64sha512",
        "filemd5",
        "filesha1",
        "filesha256",
        "filesha512",
        "md5",
        "rsadecrypt",
        "sha1",
        "sha256",
        "sha512",
        "uuid",
        "uuidv5",
        "cidrhost",
        "cidrnetmask",
        "cidrsubnet",
        "cidrsubnets",
        "can",
        "issensitive",
        "nonsensitive",
        "sensitive",
        "tobool",
        "tolist",
        "tomap",
        "tonumber",
        "toset",
        "tostring",
        "try",
        "ephemeralasnull",
    ]
    assert set(documented) - known_names() == set()
    assert known_names() >= SPECIAL


# ---------------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("expression", "message"),
    [
        (
            "upper([1])",
            r'^main\.tf:3:7: upper\(\): invalid value for "str" parameter: string required',
        ),
        ("length(1, 2)", r"^main\.tf:3:7: length\(\) takes 1 arguments, got 2"),
        (
            "upper(null)",
            r'^main\.tf:3:7: upper\(\): invalid value for "str" parameter: '
            "argument must not be null",
        ),
        ('one(["a", "b"])', r"one\(\): must be a list, set, or tuple value with either zero"),
        ('regex("[a-z]+", "123")', r"regex\(\): pattern did not match"),
        ('cidrsubnet("10.0.0.0/30", 4, 0)', r"insufficient address space to extend prefix of 30"),
        ('parseint("12", 2)', r"cannot parse '12' as a base 2 integer"),
        ('jsondecode("{")', r"jsondecode\(\): invalid JSON"),
        ("element([], 0)", r"cannot use element function with an empty list"),
        ('list("a")', r'the "list" function was deprecated'),
        ("range(0, 2000)", r"more than 1024 values were generated"),
        ('timeadd("2017-11-22", "1h")', r"not a valid RFC3339 timestamp"),
    ],
)
def test_bad_arguments_are_errors_naming_file_line_and_column(
    tmp_path: Path, expression: str, message: str
) -> None:
    with pytest.raises(DriftctlError, match=message):
        evaluate(tmp_path, expression)


def test_unknown_arguments_give_unknown_results(tmp_path: Path) -> None:
    preamble = 'resource "aws_vpc" "v" {}'
    value = evaluate(tmp_path, "cidrsubnet(aws_vpc.v.cidr_block, 8, 1)", preamble)
    assert value == Unknown("aws_vpc.v.cidr_block is known after apply")
    assert DOC  # the pages above
