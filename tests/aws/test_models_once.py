"""botocore's model files are parsed once a scan: the region check (which services have
an endpoint where) and the scan's clients read the same service models."""

from __future__ import annotations

import json
import subprocess
import sys

SCRIPT = """
import collections, json
import botocore.loaders

parsed = collections.Counter()
load = botocore.loaders.JSONFileLoader.load_file

def counted(self, path, *args, **kwargs):
    found = load(self, path, *args, **kwargs)
    if found is not None:
        parsed[path] += 1
    return found

botocore.loaders.JSONFileLoader.load_file = counted
from driftctl.aws import accounts, regions

session = accounts.base_session(None)
for service in ("ec2", "iam", "route53"):
    assert regions.offered(service, "us-east-1")
    session.client(service, region_name="us-east-1")
print(json.dumps(parsed))
"""


def test_each_service_model_is_parsed_once_in_a_process() -> None:
    """Parsing them twice was a third of the CPU of a CLI scan of an account holding
    little (3.1 s, then 2.0 s)."""
    env = {"AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing", "PATH": ""}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, env=env, check=True
    )
    parsed = json.loads(done.stdout)
    models = {path: n for path, n in parsed.items() if path.endswith("service-2")}
    assert len(models) == 3, parsed
    assert {path: n for path, n in parsed.items() if n > 1} == {}
