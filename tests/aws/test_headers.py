"""The scan's header parser builds the message http.client's own parser builds."""

from __future__ import annotations

import http.client
import io
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from driftctl.aws import headers

ORIGINAL = http.client.parse_headers
TOKEN = st.text(st.sampled_from("ABCxyz-_0123456789!#$%&'*+.^`|~"), min_size=1, max_size=12)
VALUE = st.text(
    st.one_of(st.just("\t"), st.characters(min_codepoint=32, max_codepoint=255)), max_size=20
)
ODD = st.text(st.characters(min_codepoint=0, max_codepoint=255), max_size=20)
END = st.sampled_from(["\r\n", "\n"])

LINE = st.one_of(
    st.builds(lambda n, v, e: f"{n}: {v}{e}", TOKEN, VALUE, END),  # what AWS sends
    st.builds(lambda n, v, e: f"{n}:{v}{e}", TOKEN, VALUE, END),
    st.builds(lambda n, v, e: f"{n}:\t {v}{e}", TOKEN, VALUE, END),
    st.builds(lambda v, e: f" {v}{e}", VALUE, END),  # a folded continuation
    st.builds(lambda n, v, e: f"{n} {v}{e}", TOKEN, VALUE, END),  # no colon
    st.builds(lambda n, v, e: f"{n}: {v}\r{v}{e}", TOKEN, VALUE, END),  # a stray CR
    st.builds(lambda v, e: f"From {v}{e}", VALUE, END),
    st.builds(lambda v, e: f":{v}{e}", VALUE, END),  # no name
    st.builds(lambda v, e: f"{v}{e}", ODD.filter(lambda s: "\n" not in s and s.strip()), END),
)


def _seen(message: Any) -> dict[str, Any]:
    """What a message holds, its defects by kind and text (they are new objects each time)."""
    seen = {k: v for k, v in vars(message).items() if k != "defects"}
    seen["defects"] = [(type(d), str(d)) for d in message.defects]
    seen["class"] = type(message)
    return seen


def _both(block: bytes) -> tuple[dict[str, Any], dict[str, Any]]:
    return _seen(ORIGINAL(io.BytesIO(block))), _seen(headers.parse_headers(io.BytesIO(block)))


@given(st.lists(LINE, max_size=12), st.sampled_from(["\r\n", "\n", ""]))
def test_any_header_block_is_read_as_http_client_reads_it(lines: list[str], end: str) -> None:
    block = ("".join(lines) + end).encode("iso-8859-1")
    original, fast = _both(block)
    assert fast == original


def test_an_aws_answer_keeps_every_header_in_order() -> None:
    block = (
        b"HTTP-ignored: no\r\nx-amz-request-id: 4442587FB7D0A2F9\r\n"
        b"Content-Type: application/xml\r\nx-amz-meta-a: 1\r\nx-amz-meta-a: 2\r\n"
        b"Content-Length:   18  \r\n\r\n"
    )
    original, fast = _both(block)
    assert fast == original
    message = headers.parse_headers(io.BytesIO(block))
    assert message.get_all("x-amz-meta-a") == ["1", "2"]
    assert message["content-length"] == "18  "


def test_http_client_gets_its_own_parser_back_after_the_last_scan() -> None:
    assert http.client.parse_headers is ORIGINAL
    with headers.fast():
        with headers.fast():  # a second scan at the same time
            assert http.client.parse_headers is headers.parse_headers
        assert http.client.parse_headers is headers.parse_headers  # the first still reads
    assert http.client.parse_headers is ORIGINAL
