"""The clients a scan makes: what every request they send carries."""

from __future__ import annotations

from collections import Counter
from typing import Any

import botocore.awsrequest
import botocore.session
import pytest

from driftctl import __version__
from driftctl.aws.accounts import Session
from driftctl.aws.session import CallCounter, make_client_factory


class _Body:
    def stream(self, **_: Any) -> Any:
        yield b"<ListAllMyBucketsResult><Buckets></Buckets></ListAllMyBucketsResult>"


def test_requests_name_driftctl_in_their_user_agent_and_are_counted() -> None:
    """CloudTrail's userAgent shows driftctl and its version for every call a scan makes."""
    core = botocore.session.Session()
    core.set_credentials("a", "b")
    counter = CallCounter()
    factory = make_client_factory(Session(core), "http://127.0.0.1:9", counter)
    s3 = factory("s3", "us-east-1")
    agents: list[str] = []

    def answer(request: Any, **_: Any) -> botocore.awsrequest.AWSResponse:
        agents.append(request.headers["User-Agent"].decode())
        return botocore.awsrequest.AWSResponse(request.url, 200, {}, _Body())

    s3.meta.events.register_last("before-send", answer)
    s3.list_buckets()
    s3.list_buckets()
    assert len(agents) == 2
    assert all(a.startswith(f"driftctl/{__version__} botocore/") for a in agents)
    assert counter.sent == {"s3:ListBuckets": 2}
    assert factory("s3", "us-east-1") is s3  # one client per service and region


def test_retries_are_requests_sent_again_not_requests_in_flight(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A request on its way (its call not returned yet) is not a retry; a request botocore
    sends again after a 500 is one, whether or not its call has been counted yet."""
    from botocore.retries import adaptive, standard

    monkeypatch.setattr(standard.ExponentialBackoff, "delay_amount", lambda self, ctx: 0.0)
    monkeypatch.setattr(
        adaptive.ClientRateLimiter, "on_sending_request", lambda self, request, **kw: None
    )
    core = botocore.session.Session()
    core.set_credentials("a", "b")
    counter = CallCounter()
    s3 = make_client_factory(Session(core), "http://127.0.0.1:9", counter)("s3", "us-east-1")
    seen: list[tuple[int, int]] = []  # (sent, retries) as each request goes out

    def answer(request: Any, **_: Any) -> botocore.awsrequest.AWSResponse:
        seen.append((sum(counter.sent.values()), counter.retries_of("s3")))
        status = 500 if len(seen) == 1 else 200
        return botocore.awsrequest.AWSResponse(request.url, status, {}, _Body())

    s3.meta.events.register_last("before-send", answer)
    s3.list_buckets()  # the scanner counts the call once it returns: not counted here
    assert seen == [(1, 0), (2, 1)]  # the first request in flight is no retry
    assert counter.calls == {} and counter.retries == 1
    s3.list_buckets()
    assert counter.retries_of("s3") == counter.retries == 1
    assert counter.retries_of("ec2") == 0


def test_merged_worker_counts_take_their_extra_requests_as_retries() -> None:
    counter = CallCounter()
    counter.merge(Counter({"s3:ListBuckets": 2, "ec2:DescribeVpcs": 1}), Counter(
        {"s3:ListBuckets": 3, "ec2:DescribeVpcs": 1}
    ))  # fmt: skip
    assert counter.retries == counter.retries_of("s3") == 1
