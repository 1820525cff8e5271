"""Regenerate tests/tf/provider_endpoints.txt: every service endpoint of the AWS provider.

The harness (tests/tf/harness.py) points each of them at moto, so no call of any
service can reach AWS. The names come from `terraform providers schema -json`; where
several names are aliases of one service (`events`, `eventbridge`, `cloudwatchevents`),
only the first one the provider names in its "Only one of the following attributes
should be set" warning is kept (setting aliases together "will be an error in a future
release"). Run after the provider in /opt/tf-plugins changes:

    python scripts/tf_provider_endpoints.py
"""

from __future__ import annotations

import json
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.tf import harness  # noqa: E402


def aliases(tf: harness.Terraform, names: list[str]) -> set[str]:
    """The names the provider calls aliases of another name it lists first."""
    harness.ENDPOINTS_FILE.write_text("".join(f"{n}\n" for n in names))
    stack = tf.stack(tf.home / "aliases", "http://127.0.0.1:9", {})
    # a data source makes terraform configure the provider, which validates `endpoints`
    (stack.dir / "region.tf").write_text('data "aws_region" "current" {}\n')
    dropped: set[str] = set()
    for line in stack.terraform("plan", "-json", "-input=false").splitlines():
        detail = (json.loads(line).get("diagnostic") or {}).get("detail", "")
        if detail.startswith("Only one of the following attributes should be set"):
            group = re.findall(r'"endpoints\[0\]\.(\w+)"', detail)
            dropped.update(group[1:])
    return dropped


def main() -> int:
    reason = harness.absent()
    if reason:
        sys.exit(f"cannot regenerate: {reason}")
    with tempfile.TemporaryDirectory() as tmp:
        tf = harness.Terraform(Path(tmp))
        tf.init()
        schema = json.loads(tf.run(["providers", "schema", "-json"], tf.home / "template"))
        provider = schema["provider_schemas"]["registry.terraform.io/hashicorp/aws"]
        names = sorted(
            provider["provider"]["block"]["block_types"]["endpoints"]["block"]["attributes"]
        )
        dropped = aliases(tf, names)
    kept = [n for n in names if n not in dropped]
    harness.ENDPOINTS_FILE.write_text("".join(f"{n}\n" for n in kept))
    print(
        f"{len(kept)} endpoints written to {harness.ENDPOINTS_FILE.relative_to(ROOT)}"
        f" ({len(names)} names, {len(dropped)} aliases left out)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
