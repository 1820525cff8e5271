"""The SQS queue EventBridge delivers CloudTrail events to (`--events sqs://QUEUE`).

Long polling (20 s), batches of up to 10, each message's receive count asked for
(`ApproximateReceiveCount`: how many tries it has had, across restarts). Messages are
deleted in one batch call once processed. A queue that cannot be read is a DriftctlError
(exit 2), at the start and at any later receive.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from typing import Any

import botocore.exceptions

from driftctl.aws.session import CALL_ERRORS, call_failure
from driftctl.errors import DriftctlError

WAIT_SECONDS = 20  # SQS's longest long poll
BATCH = 10  # the most ReceiveMessage returns
_HOST_REGION = re.compile(r"^sqs[.-]([a-z0-9-]+)\.amazonaws\.com")


@dataclasses.dataclass(frozen=True)
class Message:
    id: str
    receipt: str
    body: str
    receives: int  # how many times SQS delivered it, this one included


def parse_queue(text: str) -> str:
    """sqs://https://sqs.REGION.amazonaws.com/ACCOUNT/NAME, sqs://sqs.REGION.../NAME (https
    assumed) or sqs://http://HOST:PORT/ACCOUNT/NAME (an emulator): the queue URL."""
    rest = text.removeprefix("sqs://")
    url = rest if rest.startswith(("https://", "http://")) else f"https://{rest}"
    host, _, path = url.split("://", 1)[1].partition("/")
    if not host or path.count("/") != 1 or not all(path.split("/")):
        raise DriftctlError(
            f"--events {text}: expected sqs://QUEUE_URL",
            "e.g. --events sqs://https://sqs.eu-west-1.amazonaws.com/123456789012/driftctl-events",
        )
    return url


def queue_region(url: str) -> str | None:
    """The region an AWS queue URL names (sqs.eu-west-1.amazonaws.com), else None."""
    match = _HOST_REGION.match(url.split("://", 1)[1])
    return match.group(1) if match else None


class Queue:
    def __init__(self, client: Any, url: str, wait: int = WAIT_SECONDS) -> None:
        self.client, self.url, self.wait = client, url, wait
        self.calls = 0
        self.redrive = False  # the queue moves a message to its DLQ after N receives

    def _call(self, operation: str, **params: Any) -> Any:
        self.calls += 1
        try:
            return getattr(self.client, operation)(QueueUrl=self.url, **params)
        except botocore.exceptions.ClientError as exc:
            error = exc.response.get("Error", {})
            code = error.get("Code", "")
            raise DriftctlError(
                f"cannot read the queue {self.url}: {code}: {error.get('Message', '')}".rstrip(),
                "check the queue URL, its region, and that the credentials may "
                "sqs:ReceiveMessage, sqs:DeleteMessage and sqs:GetQueueAttributes on it",
            ) from exc
        except botocore.exceptions.EndpointConnectionError as exc:
            raise DriftctlError(
                f"cannot reach the queue {self.url}",
                "check the queue URL, --endpoint-url / AWS_ENDPOINT_URL and the network",
            ) from exc
        except CALL_ERRORS as exc:
            raise DriftctlError(
                f"cannot read the queue {self.url}: {call_failure(exc)}",
                "run it again when SQS answers",
            ) from exc

    def check(self) -> None:
        """The queue exists and can be read; whether it has a redrive policy (a DLQ)."""
        got = self._call("get_queue_attributes", AttributeNames=["All"])
        self.redrive = bool((got.get("Attributes") or {}).get("RedrivePolicy"))

    def receive(self, most: int = BATCH) -> list[Message]:
        got = self._call(
            "receive_message",
            MaxNumberOfMessages=max(1, min(BATCH, most)),
            WaitTimeSeconds=self.wait,
            AttributeNames=["ApproximateReceiveCount"],
        )
        out = []
        for m in got.get("Messages") or ():
            receives = (m.get("Attributes") or {}).get("ApproximateReceiveCount", "1")
            out.append(
                Message(m["MessageId"], m["ReceiptHandle"], m.get("Body") or "", int(receives))
            )
        return out

    def delete(self, messages: Sequence[Message]) -> None:
        for start in range(0, len(messages), BATCH):
            chunk = messages[start : start + BATCH]
            entries = [{"Id": str(i), "ReceiptHandle": m.receipt} for i, m in enumerate(chunk)]
            self._call("delete_message_batch", Entries=entries)
