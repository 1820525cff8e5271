"""Apply a plan's calls in order, journaling each outcome; stop at the first failure.

Before the first change, `preflight` sends each EC2 operation of the plan once with
DryRun=True: read-only credentials fail there, with nothing changed. IAM and S3 have no
dry run: there, an AccessDenied on the first call is reported the same way (nothing was
changed), later ones as a failure midway.

Test hook: the command passes DRIFTCTL_TEST_FAIL_AFTER_CALLS=N as `fail_after`; the
executor then makes the first N calls and fails the next one as if AWS had, so tests can
kill a revert midway at an exact point. Nothing else reads it.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import botocore.exceptions

from driftctl.aws.session import (
    CALL_ERRORS,
    SERVER_CODES,
    THROTTLING_CODES,
    CallCounter,
    ClientFactory,
    call_failure,
)
from driftctl.base.calls import Call, has_pending, resolve_pending
from driftctl.errors import DriftctlError
from driftctl.revert.journal import Journal
from driftctl.util import interrupt

FAIL_AFTER_ENV = "DRIFTCTL_TEST_FAIL_AFTER_CALLS"
DENIED = frozenset({"AccessDenied", "AccessDeniedException", "UnauthorizedOperation", "Forbidden"})
# EC2 operations whose DryRun both AWS and the emulator honour (never a change)
DRY_RUNS = frozenset(
    {
        "authorize_security_group_ingress",
        "authorize_security_group_egress",
        "revoke_security_group_ingress",
        "revoke_security_group_egress",
        "create_tags",
        "delete_tags",
        "create_security_group",
        "delete_security_group",
    }
)
# IAM actions named differently from the API operation that needs them
_S3_PERMISSIONS = {
    "DeleteBucketTagging": "PutBucketTagging",
    "PutBucketEncryption": "PutEncryptionConfiguration",
    "DeleteBucketEncryption": "PutEncryptionConfiguration",
    "PutPublicAccessBlock": "PutBucketPublicAccessBlock",
    "DeletePublicAccessBlock": "PutBucketPublicAccessBlock",
}
_PERFORM = re.compile(r"perform: ([a-z0-9-]+:[A-Za-z0-9]+)")


@dataclasses.dataclass
class Result:
    done: int = 0  # calls made successfully, in plan order
    failed: str | None = None  # "<call>: <why>" of the call that stopped the run
    outputs: dict[str, Any] = dataclasses.field(default_factory=dict)


def api_name(factory: ClientFactory, call: Call) -> str:
    client = factory(call.service, call.region)
    return str(client.meta.method_to_api_mapping.get(call.operation, call.operation))


def permission(service: str, api: str, message: str = "") -> str:
    found = _PERFORM.search(message)
    if found:
        return found.group(1)
    if service == "s3":
        api = _S3_PERMISSIONS.get(api, api)
    return f"{service}:{api}"


def preflight(factory: ClientFactory, calls: Sequence[Call]) -> None:
    """DryRun each distinct EC2 operation once; DriftctlError if the credentials lack it."""
    seen: set[tuple[str, str]] = set()
    for call in calls:
        key = (call.operation, call.region)
        if call.service != "ec2" or call.operation not in DRY_RUNS or key in seen:
            continue
        if has_pending(call.params):
            continue
        seen.add(key)
        try:
            getattr(factory("ec2", call.region), call.operation)(**call.params, DryRun=True)
        except botocore.exceptions.ClientError as exc:
            code = exc.response.get("Error", {}).get("Code", "")
            if code in DENIED:
                api = api_name(factory, call)
                message = exc.response.get("Error", {}).get("Message", "")
                raise DriftctlError(
                    f"ec2:{api} would be denied ({code}): the credentials lack "
                    f"{permission('ec2', api, message)}; nothing was changed",
                    "revert needs credentials that may change what it reverts",
                ) from exc
            if code in THROTTLING_CODES or code in SERVER_CODES:  # still busy after retries
                message = exc.response.get("Error", {}).get("Message", "")
                raise DriftctlError(
                    f"the dry run of ec2:{api_name(factory, call)} failed ({code}: {message}); "
                    "nothing was changed",
                    "run it again when AWS answers",
                ) from exc
        except CALL_ERRORS as exc:
            raise DriftctlError(
                f"the dry run of ec2:{api_name(factory, call)} failed ({call_failure(exc)}); "
                "nothing was changed",
                "run it again when AWS answers",
            ) from exc


class Executor:
    def __init__(
        self,
        factory: ClientFactory,
        journal: Journal,
        counter: CallCounter | None = None,
        fail_after: int | None = None,
        progress: Callable[[int, Call, str], None] | None = None,
    ) -> None:
        self.factory = factory
        self.journal = journal
        self.counter = counter or CallCounter()
        self.fail_after = fail_after
        self.progress = progress

    def run(self, calls: Sequence[Call]) -> Result:
        """Make the calls in order. Interrupted (Ctrl-C, SIGTERM), it journals the call in
        flight as interrupted and the run as finished so, then lets the interrupt go on."""
        result = Result()
        flight: dict[str, Any] | None = None  # the call made and not journaled yet
        try:
            for index, call in enumerate(calls):
                flight = {"index": index, "call": call.name}
                self._run_one(index, call, flight, result)
                if result.failed is not None:
                    return result
        except KeyboardInterrupt:
            with interrupt.deferred():
                self._interrupted(flight, result)
            raise
        return result

    def _run_one(self, index: int, call: Call, event: dict[str, Any], result: Result) -> None:
        params = resolve_pending(call.params, result.outputs)
        event["params"] = params
        error = self._make(index, call, params, event, result)
        with interrupt.deferred():  # the journal line and the count agree
            self.journal.record(event)
            event["journaled"] = True
            if error is None:
                result.done += 1
        if self.progress is not None:
            self.progress(index, call, event["status"])
        if error is not None:
            result.failed = f"{call.name}: {error}"
            if index == 0 and event.get("denied"):
                self.journal.record({"event": "finished", "status": "denied", "done": 0})
                raise DriftctlError(
                    f"{event['denied']}; nothing was changed (journal: {self.journal.path})",
                    "revert needs credentials that may change what it reverts",
                )

    def _interrupted(self, event: dict[str, Any] | None, result: Result) -> None:
        """Journal the call in flight when the run was interrupted (sent or not, answered
        or not: its outcome is unknown, as for a lost answer) and the end of the run. An
        undo reads what is live, so it puts back whatever that call did."""
        if event is not None and not event.get("journaled"):
            event.pop("outputs", None)
            event.update(status="interrupted", error="interrupted before its outcome was known")
            self.journal.record(event)
        self.journal.record({"event": "finished", "status": "interrupted", "done": result.done})

    def _make(
        self,
        index: int,
        call: Call,
        params: Mapping[str, Any],
        event: dict[str, Any],
        result: Result,
    ) -> str | None:
        """Make one call; fill `event`; the error text when it failed."""
        if self.fail_after is not None and index >= self.fail_after:
            event["status"] = "failed"
            event["error"] = f"injected failure ({FAIL_AFTER_ENV}={self.fail_after})"
            return str(event["error"])
        client = self.factory(call.service, call.region)
        api = api_name(self.factory, call)
        self.counter.count(call.service, api)
        try:
            response = getattr(client, call.operation)(**params)
        except botocore.exceptions.ClientError as exc:
            code = exc.response.get("Error", {}).get("Code", "")
            message = exc.response.get("Error", {}).get("Message", "")
            event.update(status="failed", error=f"{code}: {message}".rstrip(": "))
            if code in DENIED:
                event["denied"] = (
                    f"{call.service}:{api} was denied ({code}): the credentials lack "
                    f"{permission(call.service, api, message)}"
                )
            return str(event.get("denied") or event["error"])
        except CALL_ERRORS as exc:  # made or not: the journal says it is unknown
            event.update(status="failed", error=call_failure(exc))
            return str(event["error"])
        except ValueError as exc:
            event.update(status="failed", error=str(exc))
            return str(exc)
        outputs = {name: _get(response, key) for name, key in call.outputs.items()}
        result.outputs.update(outputs)
        event.update(status="ok", outputs=outputs)
        return None


def _get(response: Any, key: str) -> Any:
    """The value at a dotted key of a response; `KEY|basename` takes the text after its
    last "/" (Route53 answers "/hostedzone/Z1" where its tag calls take "Z1")."""
    path, _, then = key.partition("|")
    value = response
    for part in path.split("."):
        if isinstance(value, list) and part.isdigit():  # "Instances.0.InstanceId"
            value = value[int(part)] if int(part) < len(value) else None
        else:
            value = value.get(part) if isinstance(value, dict) else None
    if then == "basename" and isinstance(value, str):
        return value.rsplit("/", 1)[-1]
    return value
