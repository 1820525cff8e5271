"""The clients a scan makes: what every request they send carries."""

from __future__ import annotations

from typing import Any

import botocore.awsrequest
import botocore.session

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
