"""CloudTrail records written as a trail's log files, in CloudTrail's own layout.

`PREFIX/AWSLogs/[o-ORGID/]ACCOUNT/CloudTrail/REGION/YYYY/MM/DD/
ACCOUNT_CloudTrail_REGION_YYYYMMDDTHHMMZ_UNIQUE.json.gz`, each a gzip of compact
`{"Records":[...]}` (as CloudTrail delivers them); records are grouped by account,
region and the 5-minute delivery that follows their eventTime.
"""

from __future__ import annotations

import datetime
import gzip
import json
import uuid
from collections.abc import Iterable
from typing import Any

DELIVERY = datetime.timedelta(minutes=5)


def key_of(
    account: str,
    region: str,
    delivered: datetime.datetime,
    prefix: str = "",
    org: str | None = None,
    unique: str | None = None,
) -> str:
    root = f"{prefix.strip('/')}/AWSLogs/" if prefix.strip("/") else "AWSLogs/"
    if org:
        root += f"{org}/"
    stamp = delivered.strftime("%Y%m%dT%H%MZ")
    name = f"{account}_CloudTrail_{region}_{stamp}_{unique or uuid.uuid4().hex[:16]}.json.gz"
    return f"{root}{account}/CloudTrail/{region}/{delivered:%Y/%m/%d}/{name}"


def body(records: Iterable[dict[str, Any]]) -> bytes:
    """A log file's bytes: the gzip of compact `{"Records":[...]}`."""
    doc = {"Records": [{k: v for k, v in r.items() if not k.startswith("_")} for r in records]}
    return gzip.compress(json.dumps(doc, separators=(",", ":")).encode())


def delivered_at(record: dict[str, Any]) -> datetime.datetime:
    """The 5-minute delivery after a record's eventTime (what names its file)."""
    moment = datetime.datetime.fromisoformat(record["eventTime"].replace("Z", "+00:00"))
    floor = moment.replace(minute=moment.minute - moment.minute % 5, second=0, microsecond=0)
    return floor + DELIVERY


def files(
    records: Iterable[dict[str, Any]], prefix: str = "", org: str | None = None
) -> dict[str, bytes]:
    """key -> bytes of the log files holding these records."""
    groups: dict[tuple[str, str, datetime.datetime], list[dict[str, Any]]] = {}
    for r in records:
        account = str(r.get("recipientAccountId") or r["userIdentity"].get("accountId"))
        groups.setdefault((account, r["awsRegion"], delivered_at(r)), []).append(r)
    return {
        key_of(account, region, at, prefix, org, f"{i:016x}"): body(group)
        for i, ((account, region, at), group) in enumerate(sorted(groups.items()))
    }


def upload(client: Any, bucket: str, records: Iterable[dict[str, Any]], **where: Any) -> list[str]:
    """Write the records' log files into the bucket; their keys."""
    written = files(records, **where)
    for key, data in written.items():
        client.put_object(Bucket=bucket, Key=key, Body=data)
    return sorted(written)
