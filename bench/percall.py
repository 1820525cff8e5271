"""Client CPU per API call in steady state, and the profile of what it is spent on.

Starts moto's server and bench/loopback_proxy.py (replaying recorded answers, no delay)
in processes of their own, creates N tagged buckets, then makes every S3 detail call of
the scan (the calls a large scan is made of) through driftctl's scanner, on one thread:
a warm-up pass, a timed pass (CPU seconds per call) and a profiled pass (cProfile's top
entries by own time, and by cumulative time for the phases of botocore's call path).

    python bench/percall.py            # N = 100 buckets: 500 calls per pass
    python bench/percall.py -n 200 --top 30
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import boto3

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scale import MOTO, PROXY, REGION, process

from driftctl import settings
from driftctl.aws import headers
from driftctl.aws.scanner import Scanner, _Unit
from driftctl.demo import emulator
from driftctl.resources.registry import SCANS

try:
    from driftctl.aws.connection import open_session
except ImportError:  # driftctl before the session moved out of the pipeline
    from driftctl.engine.pipeline import open_session  # type: ignore[attr-defined,no-redef]

# botocore's phases, told by the function that starts each one
PHASES = (
    ("validate + serialize", "_convert_to_request_dict"),
    ("endpoint rules", "_resolve_endpoint_ruleset"),
    ("sign", "add_auth"),
    ("send (urllib3)", "_send"),
    ("parse", "_do_parse"),
    ("retry handler", "needs_retry"),
    ("events emitted", "_emit"),
)


def calls(scanner: Scanner, unit: Any, items: list[dict[str, Any]]) -> int:
    n = 0
    for item in items:
        for detail in unit.spec.details:
            if detail.when is None or detail.when(item):
                region = detail.region(item) if detail.region is not None else None
                scanner.call(unit, detail.operation, detail.params(item), detail.absent, region)
                n += 1
    return n


PACKAGES = (  # (label, what the profiled file's path contains)
    ("botocore", "/botocore/"),
    ("urllib3", "/urllib3/"),
    ("http.client + email (headers)", "/http/"),
    ("http.client + email (headers)", "/email/"),
    ("driftctl", "/driftctl/"),
)


def _package(path: str) -> str:
    return next((lab for lab, part in PACKAGES if part in path), "the rest of the stdlib")


def by_package(table: dict[tuple[str, int, str], Any]) -> dict[str, float]:
    """Own CPU seconds by where the code lives; a builtin's (str.lower, dict.get, a
    socket's send) go to the package of the code that called it."""
    out: dict[str, float] = {}
    for (path, _, _), entry in table.items():
        if path != "~":
            out[_package(path)] = out.get(_package(path), 0.0) + entry[2]
            continue
        for (caller, _, _), by_caller in entry[4].items():
            out[_package(caller)] = out.get(_package(caller), 0.0) + by_caller[2]
    return out


def stats_calls(profiler: cProfile.Profile) -> int:
    return int(pstats.Stats(profiler).total_calls)  # type: ignore[attr-defined]


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("-n", type=int, default=100, help="buckets")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--passes", type=int, default=3, help="timed passes (best is shown)")
    args = parser.parse_args()
    urllib.request.getproxies = dict  # type: ignore[assignment]  # loopback only
    with emulator.fake_credentials(), process(sys.executable, "-c", MOTO) as moto:
        s3 = boto3.client("s3", region_name=REGION, endpoint_url=moto)
        for i in range(args.n):
            s3.create_bucket(Bucket=f"bench-{i:05d}")
            tags = {"TagSet": [{"Key": "n", "Value": str(i)}]}
            s3.put_bucket_tagging(Bucket=f"bench-{i:05d}", Tagging=tags)
        with (
            tempfile.TemporaryDirectory() as tmp,
            process(sys.executable, str(PROXY), moto, "--replay") as proxy,
            headers.fast(),  # in place while a scan reads (fanout.read)
        ):
            conf = settings.build(
                settings.Options(sources=[f"hcl://{tmp}"], regions=[REGION], endpoint_url=proxy)
            )
            conn = open_session(conf)
            scanner = Scanner(conn.factory, conn.counter)
            spec = next(s for s in SCANS.values() if s.service == "s3" and s.details)
            unit = _Unit(spec, REGION)
            pages = scanner.list_pages(unit, spec.listing)
            items = [i for p in pages for i in p.get(spec.listing.result_key) or ()]
            calls(scanner, unit, items)  # warm-up: clients, connections, replay cache
            best = float("inf")
            for _ in range(args.passes):
                cpu0, wall0 = time.process_time(), time.perf_counter()
                n = calls(scanner, unit, items)
                cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
                best = min(best, cpu / n)
            profiler = cProfile.Profile(time.process_time)  # CPU, not waiting for answers
            profiler.enable()
            n = calls(scanner, unit, items)
            profiler.disable()
    print(f"load average: {os.getloadavg()[0]:.1f} (a shared machine inflates CPU figures)")
    print(f"\n== steady-state S3 detail calls, one thread: {n} calls per pass ==")
    print(f"client CPU per call (best of {args.passes})   {best * 1000:.3f} ms")
    print(f"Python function calls per call   {stats_calls(profiler) / n:.0f}")
    print(f"last pass: wall {wall * 1000 / n:.3f} ms per call (includes the proxy's answer)")
    stats = pstats.Stats(profiler)
    total = stats.total_tt  # type: ignore[attr-defined]
    print(f"profiled pass: {total * 1000 / n:.3f} ms per call under cProfile\n")
    print("phase (cumulative CPU, per call under cProfile)")
    table: dict[tuple[str, int, str], Any] = stats.stats  # type: ignore[attr-defined]
    for label, func in PHASES:
        cum = sum(v[3] for k, v in table.items() if k[2] == func)
        print(f"  {label:24s} {cum * 1000 / n:7.3f} ms  ({cum / total:5.1%})")
    print("\nwho spends it (own CPU by package, per call under cProfile)")
    for label, cpu in sorted(by_package(table).items(), key=lambda kv: -kv[1]):
        print(f"  {label:32s} {cpu * 1000 / n:7.3f} ms  ({cpu / total:5.1%})")
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(args.top)
    print("\ntop entries by own CPU time:")
    print("\n".join(line for line in out.getvalue().splitlines()[6:] if line.strip()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
