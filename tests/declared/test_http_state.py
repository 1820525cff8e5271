"""tfstate+http(s) and tfstate+tfcloud against real servers on 127.0.0.1 (two servers on
two ports are two origins), each keeping the headers it was sent: credentials go only to
the origin they were given for, the state is named by where it came from, and a body too
large, too slow or at a malformed URL is a clear error that shows no secret."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from driftctl.declared import sources
from driftctl.errors import DriftctlError
from driftctl.settings import Settings, Source, StateAccess, parse_source
from tests.declared.http_servers import Body, Redirect, Trickle, serve

BUCKET = {"id": "acme-url", "bucket": "acme-url", "tags": {"Env": "prod"}}
STATE = json.dumps(
    {
        "version": 4,
        "terraform_version": "1.7.0",
        "serial": 1,
        "lineage": "x",
        "outputs": {},
        "resources": [
            {
                "mode": "managed",
                "type": "aws_s3_bucket",
                "name": "data",
                "provider": 'provider["registry.terraform.io/hashicorp/aws"]',
                "instances": [{"schema_version": 0, "attributes": BUCKET}],
            }
        ],
    }
).encode()
TOKEN = "Bearer t0ken-SECRET"
HEADERS = (("Authorization", TOKEN), ("X-Api-Key", "k3y-SECRET"))


def load(url: str, headers: tuple[tuple[str, str], ...] = (), **access: str) -> list[str]:
    """The files the state's resources say they come from."""
    settings = Settings(state=StateAccess(headers=headers, **access))  # type: ignore[arg-type]
    raw = sources.load_state(parse_source(url), settings)
    return sorted({r.source.file for r in raw.resources})


def sent(headers: list[dict[str, str]]) -> set[str]:
    """The credential headers among those of each request."""
    return {k for h in headers for k in h if k.lower() in ("authorization", "x-api-key")}


def test_headers_are_not_sent_to_the_origin_a_redirect_leads_to() -> None:
    with serve({"/state": Body(STATE)}) as b, serve({"/state": Redirect("")}) as a:
        a.routes["/state"] = Redirect(f"{b.base}/state")
        names = load(f"tfstate+{a.base}/state", HEADERS)
    assert a.headers_of("/state")[0]["Authorization"] == TOKEN
    assert a.headers_of("/state")[0]["X-Api-Key"] == "k3y-SECRET"
    assert len(b.headers_of("/state")) == 1 and sent(b.headers_of("/state")) == set()
    assert names == [f"{b.base}/state"]  # the state is named by where it came from


def test_basic_auth_is_not_sent_to_another_origin() -> None:
    with serve({"/state": Body(STATE)}) as b, serve() as a:
        a.routes["/state"] = Redirect(f"{b.base}/state", 307)
        names = load(f"tfstate+{a.base.replace('://', '://bob:pw-SECRET@')}/state")
    assert a.headers_of("/state")[0]["Authorization"].startswith("Basic ")
    assert sent(b.headers_of("/state")) == set()
    assert names == [f"{b.base}/state"]


def test_another_port_of_the_same_host_is_another_origin() -> None:
    with serve({"/state": Body(STATE)}) as b, serve() as a:
        a.routes["/state"] = Redirect(b.base.replace("127.0.0.1", "localhost") + "/state")
        load(f"tfstate+{a.base}/state", HEADERS)
    assert sent(b.headers_of("/state")) == set()


def test_a_redirect_within_the_origin_keeps_the_headers_and_one_away_drops_them_for_good() -> None:
    with serve() as b, serve({"/old": Redirect("/new"), "/back": Body(STATE)}) as a:
        b.routes["/away"] = Redirect(f"{a.base}/back")
        a.routes["/new"] = Redirect(f"{b.base}/away")
        names = load(f"tfstate+{a.base}/old", HEADERS)
    assert (
        sent(a.headers_of("/old"))
        == sent(a.headers_of("/new"))
        == {
            "Authorization",
            "X-Api-Key",
        }
    )
    assert sent(b.headers_of("/away")) == set()
    assert sent(a.headers_of("/back")) == set()  # back home: still none, as curl does
    assert names == [f"{a.base}/back"]


def test_the_tfcloud_token_goes_to_the_api_and_not_to_a_download_url_elsewhere() -> None:
    with serve({"/v1/object/sv-1": Body(STATE)}) as archive, serve() as api:
        version = {"data": {"attributes": {"hosted-state-download-url": ""}}}
        version["data"]["attributes"]["hosted-state-download-url"] = (
            f"{archive.base}/v1/object/sv-1"
        )
        api.routes["/api/v2/workspaces/ws-abc/current-state-version"] = Body(
            json.dumps(version).encode()
        )
        load(
            "tfstate+tfcloud://ws-abc",
            tfc_token="tfc-SECRET",
            tfc_endpoint=f"{api.base}/api/v2",
        )
    asked = api.headers_of("/api/v2/workspaces/ws-abc/current-state-version")
    assert asked[0]["Authorization"] == "Bearer tfc-SECRET"
    assert len(archive.requests) == 1 and sent(archive.headers_of("/v1/object/sv-1")) == set()


def test_the_tfcloud_token_goes_to_a_download_url_on_the_api_origin() -> None:
    with serve({"/archivist/sv-1": Body(STATE)}) as api:
        version = {"data": {"attributes": {"hosted-state-download-url": "/archivist/sv-1"}}}
        api.routes["/api/v2/workspaces/ws-abc/current-state-version"] = Body(
            json.dumps(version).encode()
        )
        load("tfstate+tfcloud://ws-abc", tfc_token="tfc-T", tfc_endpoint=f"{api.base}/api/v2")
    assert api.headers_of("/archivist/sv-1")[0]["Authorization"] == "Bearer tfc-T"


@pytest.mark.parametrize("length", [True, False], ids=["content-length", "until-close"])
def test_a_state_larger_than_the_cap_is_an_error(
    length: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DRIFTCTL_STATE_MAX_BYTES", "1000")
    with serve({"/state": Body(b" " * 200_000, length)}) as a:
        with pytest.raises(DriftctlError) as failed:
            load(f"tfstate+{a.base}/state?X-Amz-Signature=SIG-SECRET")
        monkeypatch.setenv("DRIFTCTL_STATE_MAX_BYTES", str(len(STATE)))
        a.routes["/state"] = Body(STATE, length)
        assert load(f"tfstate+{a.base}/state") == [f"{a.base}/state"]  # at the cap: read
    assert failed.value.message == f"cannot read {a.base}/state: larger than 1000 bytes"
    assert failed.value.hint is not None and "DRIFTCTL_STATE_MAX_BYTES" in failed.value.hint


def test_a_state_that_never_ends_stops_at_the_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DRIFTCTL_STATE_DEADLINE", "1")
    with serve({"/state": Trickle(0.2)}) as a, pytest.raises(DriftctlError) as failed:
        load(f"tfstate+{a.base.replace('://', '://bob:pw-SECRET@')}/state?sig=SIG-SECRET")
    assert failed.value.message == f"cannot read {a.base}/state: not finished within 1 s"
    assert failed.value.hint is not None and "DRIFTCTL_STATE_DEADLINE" in failed.value.hint


def test_bad_limits_are_named() -> None:
    with pytest.MonkeyPatch.context() as env:
        env.setenv("DRIFTCTL_STATE_MAX_BYTES", "lots")
        with pytest.raises(DriftctlError, match="DRIFTCTL_STATE_MAX_BYTES=lots: expected"):
            load("tfstate+http://127.0.0.1:9/state")


@pytest.mark.parametrize(
    "url",
    [
        "tfstate+http://bob:Xy/Zz9@127.0.0.1:9/state",
        "tfstate+http://bob:Xy?Zz9@127.0.0.1:9/state",
        "tfstate+https://bob:Xy Zz9@127.0.0.1:9/state",
    ],
)
def test_a_password_with_a_reserved_character_is_a_clear_error_without_it(url: str) -> None:
    """Before: `internal error: ... Port could not be cast to integer value as 'Xy'`."""
    with pytest.raises(DriftctlError) as failed:
        load(url)
    text = str(failed.value)
    assert "Xy" not in text and "Zz9" not in text
    assert "127.0.0.1:9/state" in text or "http://***" in text
    assert "percent-encode" in text


def test_a_local_source_is_named_as_given(tmp_path: Path) -> None:
    from driftctl.util import redact

    assert redact.source(Source("hcl", tmp_path / "a?b")) == f"hcl://{tmp_path}/a?b"


def test_an_answer_cut_short_is_an_error_naming_the_url() -> None:
    cut = Body(STATE[:10], claim=len(STATE))
    with serve({"/state": cut}) as a, pytest.raises(DriftctlError) as failed:
        load(f"tfstate+{a.base}/state?sig=SIG-SECRET")
    assert failed.value.message == (
        f"cannot read {a.base}/state: the answer ended after 10 of its {len(STATE)} bytes"
    )
