"""redact.url and redact.text: a URL without user info, query and fragment, whatever its
shape; local sources and text without URLs as they are."""

from __future__ import annotations

import pytest

from driftctl.util import redact


@pytest.mark.parametrize(
    ("given", "shown"),
    [
        (
            "tfstate+http://bob:PW@127.0.0.1:8080/state?X-Amz-Signature=SIG",
            "tfstate+http://127.0.0.1:8080/state",
        ),
        ("https://bob:pa/ss@host:1/state?x=1", "https://host:1/state"),  # unencoded /
        ("https://bob:pa?ss@host/state", "https://host/state"),  # unencoded ?
        ("https://bob:pa:ss/x:y@host/state", "https://host/state"),
        ("https://tok@host/s#frag", "https://host/s"),
        ("http://[::1]:80/a?b", "http://[::1]:80/a"),
        ("http://host/a@b/c", "http://host/a@b/c"),  # @ in the path: no user info
        ("http://bob:pa/ss@/x", "http:///x"),  # no host after the user info
        ("http://bob:pa/ss@h:x/y", "http://***"),  # still not host:port: not shown
        ("http://host:x/y", "http://host:x/y"),  # malformed, but nothing secret in it
        ("hcl://infra/a?b@c", "hcl://infra/a?b@c"),  # a local path
        ("no url", "no url"),
    ],
)
def test_url(given: str, shown: str) -> None:
    assert redact.url(given) == shown


def test_text_redacts_each_url_and_keeps_the_punctuation_after_it() -> None:
    text = "cannot read http://a:b@h/x?y=1: HTTP 404 (see https://h2/p?sig=2)."
    assert redact.text(text) == "cannot read http://h/x: HTTP 404 (see https://h2/p)."


@pytest.mark.parametrize(
    ("given", "shown"),
    [
        ("git::https://ci:TOKEN@host/x.git?ref=v1", "git::https://host/x.git?ref=v1"),
        ('module "m" (source "https://tok@h/m.zip")', 'module "m" (source "https://h/m.zip")'),
        ("https://host/a@b?ref=v1", "https://host/a@b?ref=v1"),  # @ in the path only
        ("terraform-aws-modules/s3-bucket/aws", "terraform-aws-modules/s3-bucket/aws"),
    ],
)
def test_credentials_leaves_out_user_info_only(given: str, shown: str) -> None:
    assert redact.credentials(given) == shown
