"""Running one case of the corpus and judging the outcome, shared by the test and by
count.py (which runs each case in a process of its own, with a memory cap and a time
limit, so that it can also measure a checkout where a bomb is not refused)."""

from __future__ import annotations

import contextlib
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

from driftctl.errors import ExitStatus
from tests.badinput.cases import OUT, Case

# what lets root read any file: without them, chmod 000 stops root too
DROP_CAPS = (
    "--inh-caps=-dac_override,-dac_read_search",
    "--bounding-set=-dac_override,-dac_read_search",
)


def write(root: Path, case: Case) -> None:
    for name, content in case.files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    if case.setup is not None:
        case.setup(root)


def environment(home: Path) -> dict[str, str]:
    """Variables a case runs with: fake credentials, no AWS configuration of the machine's."""
    return {
        "AWS_ACCESS_KEY_ID": "testing",
        "AWS_SECRET_ACCESS_KEY": "testing",
        "AWS_REGION": "us-east-1",
        "AWS_EC2_METADATA_DISABLED": "true",
        "AWS_CONFIG_FILE": str(home / "no-aws-config"),
        "AWS_SHARED_CREDENTIALS_FILE": str(home / "no-aws-credentials"),
        "XDG_CACHE_HOME": str(home / "cache"),
    }


def unprivileged_prefix() -> list[str] | None:
    """The command prefix under which chmod 000 stops this user; None if there is none."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    return [setpriv, *DROP_CAPS] if setpriv else None


@contextlib.contextmanager
def aws_for(case: Case) -> Iterator[None]:
    """moto (in this process) with an organization whose accounts are all closed, for the
    case that needs one; nothing otherwise."""
    if not case.organization:
        yield
        return
    import boto3
    from moto import mock_aws

    with mock_aws():
        org = boto3.client("organizations", region_name="us-east-1")
        org.create_organization(FeatureSet="ALL")
        for account in org.list_accounts()["Accounts"]:
            org.close_account(AccountId=account["Id"])
        yield


def judge(
    case: Case, code: int, out: str, err: str, root: Path, wording: bool = True
) -> str | None:
    """None when the case was handled well; else what is wrong. wording=False leaves out
    whether the error line names what the corpus expects (to measure another checkout,
    whose clear errors may be worded otherwise)."""
    if "internal error" in err:
        return "internal error"
    if "Traceback" in err + out:
        return "traceback"
    if code != ExitStatus.ERROR:
        return f"exit {code}"
    errors = [line for line in err.splitlines() if line.startswith("error: ")]
    if len(errors) != 1:
        return f"{len(errors)} error lines"
    if wording and case.expect not in errors[0]:
        return f"the error does not name {case.expect!r}: {errors[0]}"
    lines = [line for line in err.splitlines() if not line.startswith("warning ")]
    if (
        lines[0] != errors[0]
        or len(lines) > 2
        or not all(x.startswith("  hint: ") for x in lines[1:])
    ):
        return "more than the error line and a hint"
    if (root / OUT).exists():
        return "a report was written"
    if out:
        return "output on stdout"
    return None
