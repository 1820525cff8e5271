"""A CloudTrail recorder in front of moto's server (moto has no LookupEvents).

Every request passes through to moto. Each successful write call (not Describe, Get,
List, Head or Lookup) becomes a record in CloudTrail's JSON format: `userIdentity` from
the access key that signed it (keys it saw made by iam:CreateAccessKey are that IAM
user's, keys sts:AssumeRole answered are that role session's; any other key is the
`default` identity), `eventSource` and `awsRegion` from the signature's scope,
`eventName` the operation, `requestParameters` from the request (query and JSON
protocols: top-level parameters, lower camel case; EC2's `ResourceId.N` as CloudTrail's
`resourcesSet.items`; S3: `bucketName` and the bucket's ARN in `resources[]`),
`responseElements` from the answer's leaf fields, `userAgent` the caller's User-Agent,
`sourceIPAddress`, `eventID`, `eventTime`. `cloudtrail:LookupEvents` is answered from the
records: by ResourceName (any string of a record's request, response or resources[]) or
EventName, within StartTime/EndTime, newest first, paged (MaxResults, NextToken).

`Recorder.deliver` writes the records not delivered yet as a trail's log files into a
bucket of moto's S3, in CloudTrail's layout (trailfiles.py), as CloudTrail's delivery
every few minutes would: what the `s3://` source reads.
"""

from __future__ import annotations

import datetime
import json
import threading
import urllib.parse
import uuid
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from tests.attribution import trailfiles
from tests.faults.proxy import _FaultServer, operation
from tests.faults.proxy import _Handler as _ProxyHandler

ACCOUNT = "123456789012"  # moto's default account
_READS = ("Describe", "Get", "List", "Head", "Lookup")
_KEY = "Credential="


def _camel(name: str) -> str:
    return name[:1].lower() + name[1:]


def _leaves(node: ET.Element, out: dict[str, Any]) -> None:
    for child in node:
        tag = _camel(child.tag.rsplit("}", 1)[-1])
        if len(child):
            _leaves(child, out)
        elif child.text and child.text.strip() and tag not in out:
            out[tag] = child.text.strip()


def _xml(payload: bytes) -> dict[str, Any]:
    try:
        root = ET.fromstring(payload)
    except ET.ParseError:
        return {}
    out: dict[str, Any] = {}
    _leaves(root, out)
    return out


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


class Recorder:
    def __init__(self, default: dict[str, Any]) -> None:
        self.default = default
        self.identities: dict[str, dict[str, Any]] = {}
        self.records: list[dict[str, Any]] = []
        self.lookups = 0  # LookupEvents calls answered
        self.deny_lookup = False  # answer LookupEvents with AccessDeniedException
        self.delivered = 0  # records written as trail log files (deliver)
        self.lock = threading.Lock()
        # called with each record as it is made (outside the lock), as EventBridge's rule
        # would deliver it: tests/watch's bridge puts it on an SQS queue
        self.forward: Callable[[dict[str, Any]], None] | None = None

    def deliver(self, s3: Any, bucket: str, prefix: str = "") -> list[str]:
        """Write the records made since the last delivery as trail log files (an s3 client
        of moto's server itself, so that the writes are not recorded); their keys."""
        with self.lock:
            pending = self.records[self.delivered :]
            self.delivered = len(self.records)
        return trailfiles.upload(s3, bucket, pending, prefix=prefix)

    def identity(self, key: str | None) -> dict[str, Any]:
        return self.identities.get(key or "", self.default)

    def learn(self, op: str, request: dict[str, Any], response: dict[str, Any]) -> None:
        key = response.get("accessKeyId")
        if op == "iam:CreateAccessKey" and key:
            name = response.get("userName") or request.get("userName")
            self.identities[key] = {
                "type": "IAMUser",
                "principalId": f"AIDA{name.upper()}",
                "arn": f"arn:aws:iam::{ACCOUNT}:user/{name}",
                "accountId": ACCOUNT,
                "accessKeyId": key,
                "userName": name,
            }
        if op == "sts:AssumeRole" and key:
            role_arn = str(request.get("roleArn"))
            role = role_arn.rsplit("/", 1)[-1]
            session = request.get("roleSessionName")
            self.identities[key] = {
                "type": "AssumedRole",
                "principalId": f"AROA{role.upper()}:{session}",
                "arn": f"arn:aws:sts::{ACCOUNT}:assumed-role/{role}/{session}",
                "accountId": ACCOUNT,
                "accessKeyId": key,
                "sessionContext": {
                    "sessionIssuer": {
                        "type": "Role",
                        "arn": role_arn,
                        "accountId": ACCOUNT,
                        "userName": role,
                    },
                    "attributes": {"mfaAuthenticated": "false"},
                },
            }

    def lookup(self, params: dict[str, Any]) -> dict[str, Any]:
        attrs = params.get("LookupAttributes") or [{}]
        key, value = attrs[0].get("AttributeKey"), attrs[0].get("AttributeValue")
        start = float(params.get("StartTime") or 0)
        end = float(params.get("EndTime") or 4e9)
        with self.lock:
            self.lookups += 1
            found = [
                r
                for r in reversed(self.records)
                if start <= r["_epoch"] <= end
                and (
                    key is None
                    or (key == "EventName" and r["eventName"] == value)
                    or (key == "ResourceName" and value in set(_strings(r["_indexed"])))
                )
            ]
        first = int(params.get("NextToken") or 0)
        size = int(params.get("MaxResults") or 50)
        page = found[first : first + size]
        out: dict[str, Any] = {
            "Events": [
                {
                    "EventId": r["eventID"],
                    "EventName": r["eventName"],
                    "EventTime": r["_epoch"],
                    "CloudTrailEvent": json.dumps(
                        {k: v for k, v in r.items() if not k.startswith("_")}
                    ),
                }
                for r in page
            ]
        }
        if first + size < len(found):
            out["NextToken"] = str(first + size)
        return out

    def record(
        self,
        op: str,
        scope: tuple[str, str],
        path: str,
        headers: Any,
        request: dict[str, Any],
        response: dict[str, Any],
        key: str | None,
        source_ip: str,
    ) -> None:
        service, name = op.split(":", 1)
        now = datetime.datetime.now(datetime.timezone.utc)
        resources = []
        if service == "s3":
            bucket = urllib.parse.urlsplit(path).path.strip("/").split("/", 1)[0]
            request = {"bucketName": bucket, **request}
            resources = [{"type": "AWS::S3::Bucket", "ARN": f"arn:aws:s3:::{bucket}"}]
        record: dict[str, Any] = {
            "eventVersion": "1.09",
            "userIdentity": self.identity(key),
            "eventTime": now.strftime("%Y-%m-%dT%H:%M:%SZ"),
            "eventSource": f"{service}.amazonaws.com",
            "eventName": name,
            "awsRegion": scope[1],
            "sourceIPAddress": source_ip,
            "userAgent": headers.get("User-Agent"),
            "requestParameters": request or None,
            "responseElements": response or None,
            "requestID": str(uuid.uuid4()),
            "eventID": str(uuid.uuid4()),
            "readOnly": False,
            "eventType": "AwsApiCall",
            "managementEvent": True,
            "recipientAccountId": ACCOUNT,
            "eventCategory": "Management",
            "_epoch": now.timestamp(),
            "_indexed": [request, response, [r["ARN"] for r in resources]],
        }
        if resources:
            record["resources"] = resources
        with self.lock:
            self.records.append(record)
        if self.forward is not None:
            self.forward({k: v for k, v in record.items() if not k.startswith("_")})


def _request(op: str, path: str, body: bytes, target: bool) -> dict[str, Any]:
    if target:
        try:
            doc = json.loads(body or b"{}")
        except ValueError:
            return {}
        return {_camel(k): v for k, v in doc.items()} if isinstance(doc, dict) else {}
    if op.startswith("s3:"):
        return {}
    form = urllib.parse.parse_qs(body.decode(errors="replace")) or urllib.parse.parse_qs(
        urllib.parse.urlsplit(path).query
    )
    out: dict[str, Any] = {_camel(k): v[0] for k, v in form.items() if "." not in k}
    out.pop("action", None)
    out.pop("version", None)
    ids = [v[0] for k, v in sorted(form.items()) if k.startswith("ResourceId.")]
    if ids:
        out["resourcesSet"] = {"items": [{"resourceId": i} for i in ids]}
    return out


def _response(payload: bytes, target: bool) -> dict[str, Any]:
    if target:
        try:
            doc = json.loads(payload or b"{}")
        except ValueError:
            return {}
        return {_camel(k): v for k, v in doc.items()} if isinstance(doc, dict) else {}
    return _xml(payload)


class _Handler(_ProxyHandler):
    """The fault proxy's handler (its quiet log, HTTP/1.1, `_reply`), recording writes and
    answering LookupEvents instead of injecting faults."""

    server: _RecorderServer  # type: ignore[assignment]

    def _handle(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        op = operation(self.command, self.path, self.headers, body)
        target = bool(self.headers.get("X-Amz-Target"))
        auth = self.headers.get("Authorization", "") or ""
        if op == "cloudtrail:LookupEvents" and self.server.recorder.deny_lookup:
            denied = {"__type": "AccessDeniedException", "message": "not authorized"}
            self._json(400, {"Content-Type": "application/x-amz-json-1.1"}, denied)
            return
        if op == "cloudtrail:LookupEvents":
            answer = self.server.recorder.lookup(json.loads(body or b"{}"))
            self._json(200, {"Content-Type": "application/x-amz-json-1.1"}, answer)
            return
        status, headers, payload = self.server.forward(
            self.command, self.path, dict(self.headers), body
        )
        name = op.split(":", 1)[-1]
        # a GET or HEAD never writes (REST services name no operation in the request)
        if status < 300 and self.command not in ("GET", "HEAD") and not name.startswith(_READS):
            request = _request(op, self.path, body, target)
            response = _response(payload, target)
            self.server.recorder.learn(op, request, response)
            # Credential=KEY/DATE/REGION/SERVICE/aws4_request
            parts = auth.split(_KEY, 1)[1].split("/") if _KEY in auth else []
            key = parts[0] if parts else None
            region = parts[2] if len(parts) > 2 else "us-east-1"
            self.server.recorder.record(
                op,
                (op.split(":", 1)[0], region),
                self.path,
                self.headers,
                request,
                response,
                key,
                self.client_address[0],
            )
        self._reply(status, headers, payload)

    def _json(self, status: int, headers: dict[str, str], doc: Any) -> None:
        self._reply(status, headers, json.dumps(doc).encode())

    do_GET = do_POST = do_PUT = do_DELETE = do_HEAD = _handle


class _RecorderServer(_FaultServer):
    def __init__(self, upstream: str, recorder: Recorder) -> None:
        super().__init__(upstream, ())
        self.RequestHandlerClass = _Handler
        self.recorder = recorder


@contextmanager
def recording_proxy(upstream: str, recorder: Recorder) -> Iterator[str]:
    """The recorder on a free 127.0.0.1 port in front of `upstream`; yields its URL."""
    server = _RecorderServer(upstream, recorder)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)
