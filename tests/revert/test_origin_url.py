"""revert names where the declared state comes from, on the console and in its journal: a
state URL without its password and query (before: `declared state from
bob:PW@127.0.0.1:9/state?X-Amz-Signature=...`)."""

from __future__ import annotations

import json

from driftctl.aws.canonical import Declared
from driftctl.revert import flow
from driftctl.settings import Settings, parse_source


def test_a_state_url_is_named_without_its_secrets() -> None:
    url = "tfstate+http://bob:PW-x@127.0.0.1:9/state?X-Amz-Signature=SIG-x"
    said: list[str] = []
    conf = Settings(sources=(parse_source(url),))
    origins = flow.origins_of(conf, flow.Options(), said.append, Declared([]))
    shown = "\n".join(said) + json.dumps([o.to_json() for o in origins])
    assert "127.0.0.1:9/state" in shown
    assert "PW-x" not in shown and "SIG-x" not in shown
