"""A stand-in for `driftctl render` that renders what its process sees instead of a source.

Used by tests/determinism/test_runs.py to prove that each run of `driftctl determinism`
really differs in hash seed, time zone, locale, working directory, environment order,
file enumeration order and the external tool's private directory.
Run as: python probe_render.py render --from hcl:///DIR
"""

from __future__ import annotations

import json
import locale
import os
import sys
import time
from pathlib import Path

from driftctl.declared import listing

source = Path(sys.argv[sys.argv.index("--from") + 1].partition("://")[2])
tool_home = os.environ.get("PROBE_TOOL_HOME")
attrs = {
    "hash": hash("driftctl"),
    "utc_offset": time.strftime("%z", time.localtime(0)),
    "locale": locale.setlocale(locale.LC_ALL, ""),
    "cwd": os.getcwd(),
    "cwd_is_empty": not any(Path.cwd().iterdir()),
    "env_first": next(iter(os.environ)),
    "files": [p.name for p in listing.entries(source)],
    "sorted_files": [p.name for p in listing.files(source)],
    "tool_home": tool_home,
    "tool_home_is_dir": tool_home is not None and Path(tool_home).is_dir(),
    "cache_is_private": "driftctl-determinism-" in os.environ.get("XDG_CACHE_HOME", ""),
    "results_not_cached": os.environ.get("DRIFTCTL_HCL_RESULT_CACHE") == "0",
}
resource = {"type": "probe", "address": "probe.process", "id": None, "attrs": attrs, "source": None}
doc = {"schema_version": 1, "resources": [resource], "unknown": [], "warnings": []}
sys.stdout.write(json.dumps(doc, sort_keys=True, indent=2) + "\n")
