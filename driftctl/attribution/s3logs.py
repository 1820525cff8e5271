"""The `s3://BUCKET[/PREFIX]` source: a trail's log files as CloudTrail delivers them.

CloudTrail writes `PREFIX/AWSLogs/[o-ORGID/]ACCOUNT/CloudTrail/REGION/YYYY/MM/DD/
ACCOUNT_CloudTrail_REGION_YYYYMMDDTHHMMZ_UNIQUE.json.gz`, each a gzip of
`{"Records": [...]}`. This source lists only the day prefixes of the window, for the
accounts and regions the drifts are in (one listing of `PREFIX/AWSLogs/` by delimiter
finds the organization levels), and reads the files in a bounded thread pool, each
streamed: decompressed in chunks, and only the records that can matter parsed and kept
(an event the drifts' types map, in the window, naming a drift's resource). Memory is
bounded by the workers' chunks plus the records kept, not by the size of the trail.

It answers `by_resource`/`by_event` as the lookup source does, so run.py chooses the
culprit the same way. A region whose files cannot be listed or read at all, or that has
none for the window, raises LookupFailed with the bucket, the key and what to do; a
corrupt file is named and skipped, the others still used (`skipped` says which).
"""

from __future__ import annotations

import dataclasses
import datetime
import json
import re
import zlib
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from driftctl.attribution.culprit import parse_time
from driftctl.attribution.lookup import LookupFailed
from driftctl.base.events import Events, arn_tail, record_ids

WORKERS = 8  # files fetched and decoded at once
READ_SIZE = 256 * 1024  # compressed bytes read from a response at a time
CHUNK_SIZE = 1 << 20  # the most bytes decompressed at a time
# files delivered this long after the window's end may still hold its last events
DELIVERY_LAG = datetime.timedelta(hours=1)
_STAMP = re.compile(r"_(\d{8}T\d{4}Z)_")
_MARKER = b'{"eventVersion":'  # how every record of a delivered (compact) file begins
_HEAD = re.compile(rb'\A\s*\{"Records":\[')


@dataclasses.dataclass(frozen=True)
class Need:
    """A drift to attribute: the regions its events are in, its type's events, its id."""

    regions: tuple[str, ...]
    events: Events
    resource_id: str


def parse_url(url: str) -> tuple[str, str]:
    """`s3://BUCKET[/PREFIX]` -> (bucket, prefix ending in `/` or empty)."""
    rest = url[len("s3://") :] if url.startswith("s3://") else ""
    bucket, _, prefix = rest.partition("/")
    prefix = prefix.strip("/")
    return bucket, f"{prefix}/" if prefix else ""


def days(start: datetime.datetime, end: datetime.datetime) -> list[datetime.date]:
    """The UTC days whose folders may hold the window's events."""
    first, last = start.date(), (end + DELIVERY_LAG).date()
    return [first + datetime.timedelta(days=i) for i in range((last - first).days + 1)]


class _Corrupt(Exception):
    pass


class _SlowPath(Exception):
    """The file is not in the compact layout the fast path reads: parse it whole."""


class S3Source:
    def __init__(
        self,
        client: Any,  # an s3 client
        url: str,
        start: datetime.datetime,
        end: datetime.datetime,
        needs: Sequence[Need],
        accounts: Sequence[str] = (),
        workers: int = WORKERS,
    ) -> None:
        self._client = client
        self.url = url.rstrip("/")
        self.bucket, self.prefix = parse_url(url)
        self._start, self._end = start, end
        self._needs = list(needs)
        self._accounts = sorted(set(accounts))
        self._workers = max(1, workers)
        self._regions = sorted({r for n in self._needs for r in n.regions})
        # (eventSource, eventName) -> the Events that map it
        self._mapped: dict[tuple[str, str], list[Events]] = {}
        for need in self._needs:
            for name in need.events.names:
                found = self._mapped.setdefault((need.events.source, name), [])
                if need.events not in found:
                    found.append(need.events)
        self._wanted: set[str] = set()
        for need in self._needs:
            self._wanted.update(_names(need.resource_id))
        names = sorted({name for _, name in self._mapped}, key=lambda n: (-len(n), n))
        self._candidate = re.compile(
            rb'"eventName":"(?:' + b"|".join(re.escape(n.encode()) for n in names) + rb')"'
        )
        self._loaded = False
        self._kept: dict[str, list[tuple[dict[str, Any], frozenset[str]]]] = {}
        self._failed: dict[str, str] = {}  # region -> why it cannot be listed
        self._empty: dict[str, str] = {}  # region -> why it has no readable file
        self.listed: list[str] = []  # the prefixes listed (ListObjectsV2 Prefix=)
        self.files = 0  # files read
        self.bytes = 0  # compressed bytes read
        self.inflated = 0  # their bytes decompressed
        self.records = 0  # records kept
        self.skipped: list[str] = []  # `s3://BUCKET/KEY: why`, for each file skipped

    # -- the interface run.py uses ------------------------------------------------------

    def by_resource(self, region: str, name: str) -> list[dict[str, Any]]:
        wanted = set(_names(name))
        return [r for r, ids in self._region(region) if ids & wanted]

    def by_event(self, region: str, event_name: str) -> list[dict[str, Any]]:
        return [r for r, _ in self._region(region) if r.get("eventName") == event_name]

    def unread(self, regions: Sequence[str]) -> list[str]:
        """For each of these regions without a readable file in the window, why."""
        return [self._empty[r] for r in regions if r in self._empty]

    def _region(self, region: str) -> list[tuple[dict[str, Any], frozenset[str]]]:
        self.load()
        if region in self._failed:
            raise LookupFailed(self._failed[region])
        return self._kept.get(region, [])

    # -- reading ------------------------------------------------------------------------

    def load(self) -> None:
        """Read the files of the window once (the first query does it)."""
        if self._loaded:
            return
        self._loaded = True
        if not self._regions:
            return
        with ThreadPoolExecutor(self._workers, thread_name_prefix="cloudtrail-s3") as pool:
            try:
                roots = self._roots()
                accounts = self._accounts or self._discover(pool, roots)
            except Exception as exc:
                reason = self._denied(exc, f"{self.prefix}AWSLogs/", "s3:ListBucket")
                self._failed = dict.fromkeys(self._regions, reason)
                return
            prefixes = {
                region: [
                    f"{root}{account}/CloudTrail/{region}/{day:%Y/%m/%d}/"
                    for root in roots
                    for account in accounts
                    for day in days(self._start, self._end)
                ]
                for region in self._regions
            }
            flat = [p for region in self._regions for p in prefixes[region]]
            self.listed.extend(flat)
            listed = dict(zip(flat, pool.map(self._list, flat), strict=True))
            keys: dict[str, list[str]] = {}
            for region in self._regions:
                got: list[str] = []
                for prefix in prefixes[region]:
                    found = listed[prefix]
                    if isinstance(found, str):
                        self._failed[region] = found
                        break
                    got.extend(found)
                keys[region] = got if region not in self._failed else []
                if region not in self._failed and not got:
                    self._empty[region] = self._none(region, roots, accounts)
            todo = [
                (region, k)
                for region in self._regions
                if region not in self._failed
                for k in keys.get(region, ())
            ]
            done: dict[str, int] = {}
            results = pool.map(self._read_safely, [key for _, key in todo])
            for (region, _), result in zip(todo, results, strict=True):
                if isinstance(result, str):
                    self.skipped.append(result)
                    continue
                done[region] = done.get(region, 0) + 1
                self.files += 1
                self.bytes += result[1]
                self.inflated += result[2]
                for record, ids in result[0]:
                    at = record.get("awsRegion")
                    self._kept.setdefault(at if isinstance(at, str) else region, []).append(
                        (record, ids)
                    )
                    self.records += 1
            for region in self._regions:
                if region not in self._failed and keys[region] and not done.get(region):
                    first = next(s for s in self.skipped if f"/{region}/" in s)
                    self._empty[region] = f"no readable trail log file in the window: {first}"
        self.skipped.sort()

    def _roots(self) -> list[str]:
        """`PREFIX/AWSLogs/` and each `PREFIX/AWSLogs/o-ORGID/` an organization trail writes."""
        base = f"{self.prefix}AWSLogs/"
        self.listed.append(base)
        levels = self._common(base)
        roots = [base] if any(not _is_org(lv) for lv in levels) or not levels else []
        return roots + [f"{base}{lv}/" for lv in levels if _is_org(lv)]

    def _common(self, prefix: str) -> list[str]:
        found: list[str] = []
        pages = self._client.get_paginator("list_objects_v2").paginate(
            Bucket=self.bucket, Prefix=prefix, Delimiter="/"
        )
        for page in pages:
            for common in page.get("CommonPrefixes") or ():
                found.append(common["Prefix"][len(prefix) :].strip("/"))
        return sorted(found)

    def _discover(self, pool: ThreadPoolExecutor, roots: list[str]) -> list[str]:
        """The accounts with logs, when the drifts do not say which (a scan from a file)."""
        found: set[str] = set()
        for levels in pool.map(self._common, roots):
            found.update(lv for lv in levels if lv.isdigit())
        return sorted(found)

    def _list(self, prefix: str) -> list[str] | str:
        """The keys of one day's folder delivered in the window, or why it cannot be listed."""
        keys: list[str] = []
        earliest = self._start.strftime("%Y%m%dT%H%M")
        latest = (self._end + DELIVERY_LAG).strftime("%Y%m%dT%H%M")
        try:
            pages = self._client.get_paginator("list_objects_v2").paginate(
                Bucket=self.bucket, Prefix=prefix
            )
            for page in pages:
                for item in page.get("Contents") or ():
                    key = item["Key"]
                    stamp = _STAMP.search(key.rsplit("/", 1)[-1])
                    # a file holds the events of the minutes before its delivery
                    if stamp and not (earliest <= stamp.group(1)[:-1] <= latest):
                        continue
                    keys.append(key)
        except Exception as exc:
            return self._denied(exc, prefix, "s3:ListBucket")
        return keys

    def _none(self, region: str, roots: list[str], accounts: list[str]) -> str:
        where = f"s3://{self.bucket}/{roots[0] if roots else self.prefix + 'AWSLogs/'}"
        who = ",".join(accounts) or "ACCOUNT"
        first, last = days(self._start, self._end)[0], self._end.date()
        return (
            f"no trail log files in {where}{who}/CloudTrail/{region}/ for {first}..{last}: "
            "check that a trail delivers this region's events to this bucket and prefix"
        )

    def _denied(self, exc: Exception, key: str, action: str) -> str:
        code = _code(exc)
        where = f"s3://{self.bucket}/{key}"
        if code in ("AccessDenied", "AllAccessDisabled", "403"):
            return f"access denied to {where} ({action}): grant it, or use --cloudtrail lookup"
        if code == "NoSuchBucket":
            return f"no bucket {self.bucket} (--cloudtrail {self.url})"
        return f"reading {where} failed: {code or type(exc).__name__}"

    def _read_safely(self, key: str) -> tuple[list[Any], int, int] | str:
        try:
            return self._read(key)
        except _SlowPath:
            try:
                return self._read_whole(key)
            except _Corrupt as exc:
                return f"s3://{self.bucket}/{key}: skipped, {exc}"
            except Exception as exc:
                return self._denied(exc, key, "s3:GetObject")
        except _Corrupt as exc:
            return f"s3://{self.bucket}/{key}: skipped, {exc}"
        except Exception as exc:
            return self._denied(exc, key, "s3:GetObject")

    def _chunks(self, key: str, size: list[int]) -> Iterator[bytes]:
        """The file's decompressed bytes, chunk by chunk; size counts [compressed, not]."""
        body = self._client.get_object(Bucket=self.bucket, Key=key)["Body"]
        inflate = zlib.decompressobj(wbits=47)
        try:
            while True:
                raw = body.read(READ_SIZE)
                if not raw:
                    break
                size[0] += len(raw)
                while raw:
                    try:
                        out = inflate.decompress(raw, CHUNK_SIZE)
                    except zlib.error as exc:
                        raise _Corrupt(f"not a gzip file ({exc})") from None
                    if out:
                        size[1] += len(out)
                        yield out
                    if inflate.eof:  # another gzip member may follow
                        raw = inflate.unused_data
                        if raw:
                            inflate = zlib.decompressobj(wbits=47)
                    else:
                        raw = inflate.unconsumed_tail
            while not inflate.eof:  # output zlib still holds back from the last input
                out = inflate.decompress(b"", CHUNK_SIZE)
                if not out:
                    raise _Corrupt("the gzip file is truncated")
                size[1] += len(out)
                yield out
        finally:
            body.close()

    def _read(self, key: str) -> tuple[list[Any], int, int]:
        """The fast path: records located by their `"eventName":"..."` and parsed alone."""
        kept: list[Any] = []
        size = [0, 0]
        buf = b""
        head = True
        for out in self._chunks(key, size):
            buf += out
            if head:
                if len(buf) < 64:
                    continue
                match = _HEAD.match(buf)
                if not match or not buf.startswith(_MARKER, match.end()):
                    raise _SlowPath
                buf = buf[match.end() :]
                head = False
            last = buf.rfind(b"}," + _MARKER)
            if last <= 0:
                continue
            self._scan(buf[: last + 1], kept)
            buf = buf[last + 2 :]
        if head:
            raise _SlowPath  # a file too small to tell: parse it whole
        tail = buf.rstrip()
        if not tail.endswith(b"]}"):
            raise _Corrupt("not CloudTrail JSON (no end of Records)")
        self._scan(tail[:-2], kept)
        return kept, size[0], size[1]

    def _scan(self, region: bytes, kept: list[Any]) -> None:
        """The records of `region` (complete records joined by commas) that matter."""
        start = -1
        for match in self._candidate.finditer(region):
            begin = region.rfind(_MARKER, 0, match.start())
            if begin == start:
                continue  # another match in the record just read
            start = begin
            end = region.find(b"}," + _MARKER, match.end())
            text = region[begin : end + 1 if end >= 0 else len(region)]
            try:
                record = json.loads(text)
            except ValueError:
                raise _SlowPath from None
            self._keep(record, kept)

    def _read_whole(self, key: str) -> tuple[list[Any], int, int]:
        size = [0, 0]
        data = b"".join(self._chunks(key, size))
        try:
            doc = json.loads(data)
        except ValueError as exc:
            raise _Corrupt(f"not CloudTrail JSON ({exc})") from None
        records = doc.get("Records") if isinstance(doc, dict) else None
        if not isinstance(records, list):
            raise _Corrupt("not CloudTrail JSON (no Records)")
        kept: list[Any] = []
        for record in records:
            self._keep(record, kept)
        return kept, size[0], size[1]

    def _keep(self, record: Any, kept: list[Any]) -> None:
        if not isinstance(record, dict):
            return
        mapped = self._mapped.get((str(record.get("eventSource")), str(record.get("eventName"))))
        moment = parse_time(record.get("eventTime"))
        if not mapped or moment is None or not (self._start <= moment <= self._end):
            return
        ids: set[str] = set()
        for events in mapped:
            ids.update(record_ids(events, record))
        found = frozenset(ids & self._wanted)
        if found:
            kept.append((record, found))


def _names(resource_id: str) -> Iterable[str]:
    tail = arn_tail(resource_id)
    return (resource_id, tail) if tail else (resource_id,)


def _is_org(level: str) -> bool:
    return level.startswith("o-")


def _code(exc: Exception) -> str | None:
    response = getattr(exc, "response", None)
    error = response.get("Error", {}) if isinstance(response, dict) else {}
    code = error.get("Code") if isinstance(error, dict) else None
    return str(code) if code else None
