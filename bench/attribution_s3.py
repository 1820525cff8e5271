"""Attribution of 100 drifts from a trail's log files in S3 (the `s3://` source).

Generates --size MB of CloudTrail log files as S3 stores them (.json.gz, the size counted
compressed) for one account and region (eu-west-1) over a few days: a busy account's
management events (STS, KMS, EC2 reads, tagging, other security groups' rule changes,
...; ~1 MB per 5-minute file), among them the events of the 100 drifts' security
groups (70 changed by hand after the pipeline made them, 30 made by hand). The corpus is
cached under /tmp (--corpus) and reused.

The files are served by a tiny S3-compatible server on 127.0.0.1 (ListObjectsV2 and
GetObject from the directory, in a separate process, HTTP/1.1 keep-alive): a real HTTP
round trip per file through boto3, as from S3, but no network latency or bandwidth
limit, so the figure is driftctl's reading and decoding, not S3's. The server's CPU is
printed apart; it shares the machine's cores with the reader.

Prints wall time, CPU time (the reader's process), files/s, MB/s (compressed and
decompressed), peak RSS (resource.getrusage) and how many drifts were attributed right.

    python bench/attribution_s3.py               # 1024 MB, 8 workers
    python bench/attribution_s3.py --size 100 --workers 4
"""

from __future__ import annotations

import argparse
import datetime
import http.server
import multiprocessing
import os
import random
import resource
import sys
import time
import urllib.parse
import zlib
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from driftctl.attribution import s3logs
from driftctl.attribution.run import attribute, needs
from driftctl.core.model import Change, Drift, Report
from driftctl.settings import Attribution

NOW = datetime.datetime(2026, 11, 28, 12, 0, tzinfo=datetime.timezone.utc)
ACCOUNT, REGION, BUCKET = "123456789012", "eu-west-1", "trail"
FILE_BYTES = 1 << 20  # compressed size of one 5-minute file of a busy account
DRIFTS = 100
CHANGED = 70  # the others unmanaged

_IDENTITY = (
    '{"type":"AssumedRole","principalId":"AROA%(pid)s:%(session)s",'
    '"arn":"arn:aws:sts::' + ACCOUNT + ':assumed-role/%(role)s/%(session)s",'
    '"accountId":"' + ACCOUNT + '","accessKeyId":"ASIA%(key)s","sessionContext":'
    '{"sessionIssuer":{"type":"Role","principalId":"AROA%(pid)s","arn":"arn:aws:iam::'
    + ACCOUNT
    + ':role/%(role)s","accountId":"'
    + ACCOUNT
    + '","userName":"%(role)s"},'
    '"attributes":{"creationDate":"%(time)s","mfaAuthenticated":"false"}}}'
)
_RECORD = (
    '{"eventVersion":"1.09","userIdentity":%(identity)s,"eventTime":"%(time)s",'
    '"eventSource":"%(source)s","eventName":"%(name)s","awsRegion":"' + REGION + '",'
    '"sourceIPAddress":"%(ip)s","userAgent":"%(agent)s","requestParameters":%(request)s,'
    '"responseElements":%(response)s,"requestID":"%(rid)s","eventID":"%(eid)s",'
    '"readOnly":%(ro)s,"eventType":"AwsApiCall","managementEvent":true,'
    '"recipientAccountId":"' + ACCOUNT + '","eventCategory":"Management",'
    '"tlsDetails":{"tlsVersion":"TLSv1.3","cipherSuite":"TLS_AES_128_GCM_SHA256",'
    '"clientProvidedHostHeader":"%(host)s"}}'
)
_AGENTS = (
    "Boto3/1.35.40 md/Botocore#1.35.40 ua/2.0 os/linux#5.10.227 md/arch#x86_64 "
    "lang/python#3.12.6 md/pyimpl#CPython cfg/retry-mode#legacy Botocore/1.35.40",
    "aws-sdk-go-v2/1.32.2 os/linux lang/go#1.23.2 md/GOOS#linux md/GOARCH#amd64 api/kms#1.37.2",
    "aws-cli/2.18.9 md/awscrt#0.22.0 ua/2.0 os/linux#6.1.112 md/arch#x86_64 "
    "lang/python#3.12.6 md/pyimpl#CPython cfg/retry-mode#standard md/installer#exe "
    "md/distrib#amzn.2023 md/prompt#off md/command#ec2.describe-instances",
    "aws-internal/3 aws-sdk-java/1.12.770 Linux/5.10.227 OpenJDK_64-Bit_Server_VM/"
    "25.422-b05 java/1.8.0_422 vendor/Oracle_Corporation cfg/retry-mode/standard",
    "console.ec2.amazonaws.com",
)
_ROLES = [f"app-{n}" for n in ("orders", "billing", "search", "etl", "auth", "web")] + [
    "AWSServiceRoleForECS",
    "eks-node-group",
]


def _hex(rng: random.Random, n: int) -> str:
    return f"{rng.getrandbits(n * 4):0{n}x}"


def _uuid(rng: random.Random) -> str:
    h = _hex(rng, 32)
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-a{h[17:20]}-{h[20:]}"


def _noise(rng: random.Random, moment: str) -> tuple[str, str, str, str, str, bool]:
    """(source, name, host, request, response, read-only) of a busy account's event."""
    roll = rng.random()
    inst = f"i-{_hex(rng, 17)}"
    if roll < 0.30:
        key = f"arn:aws:kms:{REGION}:{ACCOUNT}:key/{_uuid(rng)}"
        name = rng.choice(("Decrypt", "GenerateDataKey", "Encrypt"))
        request = (
            f'{{"keyId":"{key}","encryptionAlgorithm":"SYMMETRIC_DEFAULT",'
            f'"encryptionContext":{{"aws:s3:arn":"arn:aws:s3:::data-{_hex(rng, 6)}/'
            f'part-{_hex(rng, 8)}.parquet"}}}}'
        )
        return "kms.amazonaws.com", name, f"kms.{REGION}.amazonaws.com", request, "null", True
    if roll < 0.50:
        role = rng.choice(_ROLES)
        request = (
            f'{{"roleArn":"arn:aws:iam::{ACCOUNT}:role/{role}","roleSessionName":'
            f'"{role}-{_hex(rng, 10)}","durationSeconds":3600}}'
        )
        response = (
            f'{{"credentials":{{"accessKeyId":"ASIA{_hex(rng, 16).upper()}","sessionToken":'
            f'"IQoJb3JpZ2luX2VjE{_hex(rng, 48)}","expiration":"{moment}"}},'
            f'"assumedRoleUser":{{"assumedRoleId":"AROA{_hex(rng, 8).upper()}:{role}",'
            f'"arn":"arn:aws:sts::{ACCOUNT}:assumed-role/{role}/{role}"}}}}'
        )
        return (
            "sts.amazonaws.com",
            "AssumeRole",
            f"sts.{REGION}.amazonaws.com",
            request,
            response,
            False,
        )
    if roll < 0.80:
        name = rng.choice(("DescribeInstances", "DescribeSecurityGroups", "DescribeVolumes"))
        request = (
            f'{{"instancesSet":{{"items":[{{"instanceId":"{inst}"}}]}},'
            f'"filterSet":{{"items":[{{"name":"tag:Name","valueSet":{{"items":'
            f'[{{"value":"web-{_hex(rng, 4)}"}}]}}}}]}}}}'
        )
        return "ec2.amazonaws.com", name, f"ec2.{REGION}.amazonaws.com", request, "null", True
    if roll < 0.93:
        request = f'{{"bucketName":"data-{_hex(rng, 6)}","Host":"s3.{REGION}.amazonaws.com"}}'
        name = rng.choice(("GetBucketAcl", "GetBucketLocation", "ListBuckets"))
        return "s3.amazonaws.com", name, f"s3.{REGION}.amazonaws.com", request, "null", True
    if roll < 0.97:  # a mapped event name (CreateTags) on an instance: parsed, then dropped
        request = (
            f'{{"resourcesSet":{{"items":[{{"resourceId":"{inst}"}}]}},"tagSet":{{"items":'
            f'[{{"key":"Owner","value":"team-{_hex(rng, 4)}"}}]}}}}'
        )
        response = f'{{"requestId":"{_uuid(rng)}","_return":true}}'
        return (
            "ec2.amazonaws.com",
            "CreateTags",
            f"ec2.{REGION}.amazonaws.com",
            request,
            response,
            False,
        )
    group = f"sg-{_hex(rng, 17)}"  # another group's rule change: parsed, then dropped
    request = (
        f'{{"groupId":"{group}","ipPermissions":{{"items":[{{"ipProtocol":"tcp","fromPort":443,'
        f'"toPort":443,"ipRanges":{{"items":[{{"cidrIp":"10.{rng.randrange(256)}.0.0/16"}}]}}}}]}}}}'
    )
    response = f'{{"requestId":"{_uuid(rng)}","_return":true}}'
    name = "AuthorizeSecurityGroupIngress"
    return "ec2.amazonaws.com", name, f"ec2.{REGION}.amazonaws.com", request, response, False


def _text(rng: random.Random, moment: str, event: tuple[str, ...], role: str, session: str) -> str:
    source, name, host, request, response, ro = event
    identity = _IDENTITY % {
        "pid": _hex(rng, 17).upper(),
        "session": session,
        "role": role,
        "key": _hex(rng, 16).upper(),
        "time": moment,
    }
    return _RECORD % {
        "identity": identity,
        "time": moment,
        "source": source,
        "name": name,
        "ip": f"10.{rng.randrange(256)}.{rng.randrange(256)}.{rng.randrange(256)}",
        "agent": rng.choice(_AGENTS),
        "request": request,
        "response": response,
        "rid": _uuid(rng),
        "eid": _uuid(rng),
        "ro": "true" if ro else "false",
        "host": host,
    }


def group_of(i: int) -> str:
    return f"sg-{i:017x}"


def _drift_events(i: int, rng: random.Random, moment: str) -> list[str]:
    """The events of drift i's group: made by the pipeline then changed by hand, or made
    by hand (unmanaged)."""
    group = group_of(i)
    create = (
        "ec2.amazonaws.com",
        "CreateSecurityGroup",
        f"ec2.{REGION}.amazonaws.com",
        f'{{"groupName":"g{i}","groupDescription":"bench","vpcId":"vpc-0a1b2c3d"}}',
        f'{{"requestId":"{_uuid(rng)}","_return":true,"groupId":"{group}"}}',
        "false",
    )
    if i >= CHANGED:
        return [_text(rng, moment, create, "BreakGlass", f"person-{i}")]
    change = (
        "ec2.amazonaws.com",
        "AuthorizeSecurityGroupIngress",
        f"ec2.{REGION}.amazonaws.com",
        f'{{"groupId":"{group}","ipPermissions":{{"items":[{{"ipProtocol":"tcp",'
        f'"fromPort":22,"toPort":22,"ipRanges":{{"items":[{{"cidrIp":"0.0.0.0/0"}}]}}}}]}}}}',
        f'{{"requestId":"{_uuid(rng)}","_return":true}}',
        "false",
    )
    made = datetime.datetime.strptime(moment, "%Y-%m-%dT%H:%M:%SZ") - datetime.timedelta(minutes=1)
    earlier = made.strftime("%Y-%m-%dT%H:%M:%SZ")  # the pipeline made it a minute before
    return [
        _text(rng, earlier, create, "ci-deploy", "tf-apply"),
        _text(rng, moment, change, "BreakGlass", f"person-{i}"),
    ]


def _write_file(job: tuple[Path, int, int, list[int]]) -> int:
    """One 5-minute file of about FILE_BYTES compressed; the drifts `mine` placed in it."""
    root, slot, seed, mine = job
    rng = random.Random(seed)
    delivered = NOW - datetime.timedelta(minutes=5 * slot)
    moment = (delivered - datetime.timedelta(minutes=3)).strftime("%Y-%m-%dT%H:%M:%SZ")
    folder = root / f"AWSLogs/{ACCOUNT}/CloudTrail/{REGION}/{delivered:%Y/%m/%d}"
    folder.mkdir(parents=True, exist_ok=True)
    name = f"{ACCOUNT}_CloudTrail_{REGION}_{delivered:%Y%m%dT%H%MZ}_{_hex(rng, 16)}.json.gz"
    squash = zlib.compressobj(6, zlib.DEFLATED, 31)
    parts = [squash.compress(b'{"Records":[')]
    size, first = len(parts[0]), True
    pending = [t for i in mine for t in _drift_events(i, rng, moment)]
    while size < FILE_BYTES:
        batch = []
        for _ in range(200):
            if pending and rng.random() < 0.01:
                batch.append(pending.pop())
            role = rng.choice(_ROLES)
            batch.append(_text(rng, moment, _noise(rng, moment), role, f"{role}-{_hex(rng, 6)}"))
        text = ("" if first else ",") + ",".join(batch)
        first = False
        out = squash.compress(text.encode())
        parts.append(out)
        size += len(out)
    tail = ("," + ",".join(pending) if pending else "") + "]}"
    parts.append(squash.compress(tail.encode()) + squash.flush())
    data = b"".join(parts)
    (folder / name).write_bytes(data)
    return len(data)


def corpus(root: Path, size_mb: int) -> tuple[int, int]:
    """The cached corpus of size_mb MB of .json.gz: (files, bytes)."""
    done = root / "done"
    if done.exists():
        files, total = map(int, done.read_text().split())
        return files, total
    count = max(1, size_mb * (1 << 20) // FILE_BYTES)
    placed: list[list[int]] = [[] for _ in range(count)]
    rng = random.Random(24)
    for i in range(DRIFTS):
        placed[rng.randrange(count)].append(i)
    jobs = [(root, slot + 1, 1000 + slot, placed[slot]) for slot in range(count)]
    started = time.monotonic()
    with multiprocessing.Pool(2) as pool:
        total = sum(pool.imap_unordered(_write_file, jobs, chunksize=4))
    print(f"generated {count} files, {total / 1e6:.0f} MB in {time.monotonic() - started:.0f} s")
    done.write_text(f"{count} {total}")
    return count, total


class _S3(http.server.BaseHTTPRequestHandler):
    """ListObjectsV2 and GetObject over a directory (the bucket)."""

    protocol_version = "HTTP/1.1"
    root: Path

    def log_message(self, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        url = urllib.parse.urlsplit(self.path)
        query = urllib.parse.parse_qs(url.query)
        key = urllib.parse.unquote(url.path).lstrip("/").split("/", 1)[1:]
        if key and key[0]:
            data = (self.root / key[0]).read_bytes()
            self._send(200, data, "application/octet-stream")
            return
        prefix = query.get("prefix", [""])[0]
        delimiter = query.get("delimiter", [""])[0]
        after = query.get("continuation-token", [""])[0]
        base = self.root / prefix.rsplit("/", 1)[0] if "/" in prefix else self.root
        keys = sorted(
            str(p.relative_to(self.root))
            for p in (base.rglob("*") if base.exists() else ())
            if p.is_file() and str(p.relative_to(self.root)).startswith(prefix)
        )
        commons: list[str] = []
        if delimiter:
            commons = sorted(
                {
                    prefix + k[len(prefix) :].split(delimiter, 1)[0] + delimiter
                    for k in keys
                    if delimiter in k[len(prefix) :]
                }
            )
            keys = [k for k in keys if delimiter not in k[len(prefix) :]]
        keys = [k for k in keys if k > after][:1000]
        body = ['<?xml version="1.0" encoding="UTF-8"?><ListBucketResult>']
        body.append(
            f"<Name>{BUCKET}</Name><Prefix>{escape(prefix)}</Prefix><KeyCount>{len(keys)}</KeyCount><MaxKeys>1000</MaxKeys>"
        )
        truncated = len(keys) == 1000
        body.append(f"<IsTruncated>{'true' if truncated else 'false'}</IsTruncated>")
        if truncated:
            body.append(f"<NextContinuationToken>{escape(keys[-1])}</NextContinuationToken>")
        for k in keys:
            size = (self.root / k).stat().st_size
            body.append(
                f"<Contents><Key>{escape(k)}</Key><Size>{size}</Size><LastModified>2026-11-28T12:00:00.000Z</LastModified></Contents>"
            )
        body.extend(
            f"<CommonPrefixes><Prefix>{escape(c)}</Prefix></CommonPrefixes>" for c in commons
        )
        body.append("</ListBucketResult>")
        self._send(200, "".join(body).encode(), "application/xml")

    def _send(self, status: int, data: bytes, kind: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


def _serve(root: str, port: Any) -> None:
    _S3.root = Path(root)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _S3)
    port.put(server.server_address[1])
    server.serve_forever()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--size", type=int, default=1024, help="MB of .json.gz (default 1024)")
    parser.add_argument("--workers", type=int, default=s3logs.WORKERS)
    parser.add_argument("--corpus", default="/tmp/driftctl-bench-cloudtrail")
    args = parser.parse_args()
    root = Path(args.corpus) / f"{args.size}MB"
    root.mkdir(parents=True, exist_ok=True)
    files, total = corpus(root, args.size)

    import boto3
    import botocore.config

    port: Any = multiprocessing.Queue()
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    server = multiprocessing.Process(target=_serve, args=(str(root), port), daemon=True)
    server.start()
    url = f"http://127.0.0.1:{port.get()}"
    config = botocore.config.Config(
        max_pool_connections=args.workers, s3={"addressing_style": "path"}
    )
    client = boto3.client(
        "s3",
        region_name=REGION,
        endpoint_url=url,
        config=config,
        aws_access_key_id="bench",
        aws_secret_access_key="bench",
    )
    drifts = tuple(
        Drift(
            "changed" if i < CHANGED else "unmanaged",
            "aws_security_group",
            group_of(i),
            f"aws_security_group.g{i}" if i < CHANGED else None,
            None,
            (Change("ingress[0]", None, {"from_port": 22}),) if i < CHANGED else (),
            region=REGION,
            account=ACCOUNT,
        )
        for i in range(DRIFTS)
    )
    report = Report({}, drifts)
    settings = Attribution(True, source=f"s3://{BUCKET}", window_days=7, now=NOW)
    started, cpu = time.monotonic(), time.process_time()
    source = s3logs.S3Source(
        client,
        settings.source,
        NOW - datetime.timedelta(days=7),
        NOW,
        needs(report, (REGION,)),
        (ACCOUNT,),
        workers=args.workers,
    )
    done = attribute(report, settings, lambda r: None, (REGION,), source)
    wall, cpu = time.monotonic() - started, time.process_time() - cpu
    server.terminate()
    server.join()
    served = resource.getrusage(resource.RUSAGE_CHILDREN)
    server_cpu = (served.ru_utime + served.ru_stime) - (children.ru_utime + children.ru_stime)
    right = sum(
        1
        for d in done.drifts
        if (d.attribution or {}).get("actor")
        == f"BreakGlass/person-{int((d.id or 'sg-0')[3:], 16)}"
    )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"{source.files}/{files} files, {source.bytes / 1e6:.0f} MB .json.gz "
        f"({total / 1e6:.0f} MB in the corpus), {args.workers} workers: "
        f"{wall:.1f} s wall, {cpu:.1f} s CPU (the server: {server_cpu:.1f} s CPU), "
        f"{source.files / wall:.0f} files/s, {source.bytes / 1e6 / wall:.1f} MB/s compressed, "
        f"{source.inflated / 1e6 / wall:.0f} MB/s decompressed "
        f"(x{source.inflated / max(1, source.bytes):.1f}); "
        f"{source.records} records kept, {len(source.skipped)} files skipped; "
        f"peak RSS {peak:.0f} MB; attributed right: {right}/{DRIFTS}; load {os.getloadavg()[0]:.1f}"
    )


if __name__ == "__main__":
    main()
