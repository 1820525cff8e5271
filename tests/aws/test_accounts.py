"""Assumed-role sessions renew their credentials before they expire: a scan that outlives
the role's session keeps signing with valid keys (a fake STS and a fake clock)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Any

import boto3
import botocore.awsrequest

from driftctl.aws import accounts

ROLE = "arn:aws:iam::111111111111:role/driftctl-read"
START = datetime(2030, 1, 1, 12, 0, tzinfo=timezone.utc)


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now


class FakeSTS:
    """AssumeRole answers: keys AKIA1, AKIA2, ... each valid for `lifetime` from `clock`."""

    def __init__(self, clock: Clock | None, lifetime: timedelta) -> None:
        self.clock, self.lifetime = clock, lifetime
        self.assumed: list[str] = []

    def assume_role(self, RoleArn: str, RoleSessionName: str) -> dict[str, Any]:
        self.assumed.append(RoleArn)
        now = self.clock() if self.clock else datetime.now(timezone.utc)
        return {
            "Credentials": {
                "AccessKeyId": f"AKIA{len(self.assumed)}",
                "SecretAccessKey": "secret",
                "SessionToken": "token",
                "Expiration": now + self.lifetime,
            }
        }


class FakeBase:
    def __init__(self, sts: FakeSTS) -> None:
        self.sts = sts

    def client(self, service: str, **_: Any) -> FakeSTS:
        assert service == "sts"
        return self.sts


class _Body:
    def stream(self, **_: Any) -> Any:
        yield self.read()

    def read(self, *_: Any, **__: Any) -> bytes:
        return (
            b"<GetCallerIdentityResponse><GetCallerIdentityResult><Account>111111111111"
            b"</Account></GetCallerIdentityResult></GetCallerIdentityResponse>"
        )


def signing_keys(session: boto3.Session) -> list[str]:
    """Make one real API call through the session; the access key its signature names."""
    client = session.client("sts", region_name="us-east-1", endpoint_url="http://127.0.0.1:9")
    seen: list[str] = []

    def answer(request: Any, **_: Any) -> botocore.awsrequest.AWSResponse:
        auth = request.headers["Authorization"].decode()
        seen.append(auth.split("Credential=")[1].split("/")[0])
        return botocore.awsrequest.AWSResponse(request.url, 200, {}, _Body())

    client.meta.events.register("before-send", answer)
    client.get_caller_identity()
    return seen


def test_credentials_about_to_expire_are_renewed_before_they_sign_a_call() -> None:
    sts = FakeSTS(None, timedelta(minutes=1))  # an AssumeRole answer valid for one minute
    session = accounts.assumed_session(FakeBase(sts), ROLE, "us-east-1", None)  # type: ignore[arg-type]
    assert sts.assumed == [ROLE]
    assert signing_keys(session) == ["AKIA2"]  # renewed first: never signed with AKIA1
    assert sts.assumed == [ROLE, ROLE]


def test_credentials_are_renewed_within_15_minutes_of_expiry_and_not_before() -> None:
    clock = Clock()
    sts = FakeSTS(clock, timedelta(hours=1))
    session = accounts.assumed_session(FakeBase(sts), ROLE, "us-east-1", None, clock=clock)  # type: ignore[arg-type]
    assert signing_keys(session) == ["AKIA1"]
    clock.now = START + timedelta(minutes=40)  # 20 minutes left: still valid, no new call
    assert signing_keys(session) == ["AKIA1"]
    assert len(sts.assumed) == 1
    clock.now = START + timedelta(minutes=50)  # 10 minutes left: renewed before expiry
    assert signing_keys(session) == ["AKIA2"]
    assert len(sts.assumed) == 2
    clock.now = START + timedelta(minutes=70)  # past the first expiry: the renewed keys hold
    assert signing_keys(session) == ["AKIA2"]
    assert len(sts.assumed) == 2
