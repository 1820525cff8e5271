"""A state URL's secrets (its password and a presigned query) in no output of the installed
CLI: every report format, the console, errors and --debug, against moto's server and a
state served on 127.0.0.1. Before: the markdown, HTML and SARIF reports named the source
as `bob:PW@127.0.0.1:PORT/state?X-Amz-Signature=...`, and a `/` in the password was an
internal error quoting part of it."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.declared.http_servers import Body, Redirect, serve
from tests.declared.test_http_state import STATE
from tests.kit.cli import Run, driftctl

PASSWORD = "PW-d0ntShow"
SIGNATURE = "SIG-d0ntShow"
SECRETS = (PASSWORD, SIGNATURE, "d0ntShow")
FORMATS = ("json", "markdown", "html", "sarif", "plan")


def _scan(endpoint: str, url: str, cwd: Path, *extra: str) -> Run:
    outputs = [a for f in FORMATS for a in ("-o", f"{f}://report.{f}")]
    return driftctl(
        "scan",
        "--from",
        url,
        "--endpoint-url",
        endpoint,
        "--region",
        "us-east-1",
        *outputs,
        "-o",
        "console://",
        *extra,
        cwd=cwd,
    )


def _everything(run: Run, cwd: Path) -> str:
    files = "\n".join(p.read_text() for p in sorted(cwd.iterdir()) if p.is_file())
    return f"{run.stdout}\n{run.stderr}\n{files}"


def test_no_output_names_the_password_or_the_signature(endpoint: str, tmp_path: Path) -> None:
    s3 = boto3.client("s3", region_name="us-east-1", endpoint_url=endpoint)
    s3.create_bucket(Bucket="acme-url")
    s3.put_bucket_tagging(Bucket="acme-url", Tagging={"TagSet": [{"Key": "Env", "Value": "dev"}]})
    with serve({"/state": Body(STATE)}) as server:
        secret = server.base.replace("://", f"://bob:{PASSWORD}@")
        url = f"tfstate+{secret}/state?X-Amz-Signature={SIGNATURE}"
        run = _scan(endpoint, url, tmp_path, "--debug")
    assert run.code == 1, run.stderr
    text = _everything(run, tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(f"report.{f}" for f in FORMATS)
    assert f"{server.base}/state" in (tmp_path / "report.markdown").read_text()
    assert f"{server.base}/state" in (tmp_path / "report.sarif").read_text()
    assert f"{server.base}/state" in (tmp_path / "report.html").read_text()
    assert not [s for s in SECRETS if s in text]
    assert "bob:" not in text


def test_errors_and_debug_name_no_secret(endpoint: str, tmp_path: Path) -> None:
    with serve() as other, serve() as server:
        server.routes["/state"] = Redirect(f"{other.base}/gone?X-Amz-Signature={SIGNATURE}")
        secret = server.base.replace("://", f"://bob:{PASSWORD}@")
        url = f"tfstate+{secret}/state?X-Amz-Signature={SIGNATURE}"
        missing = _scan(endpoint, url, tmp_path, "--debug")
        slash = _scan(endpoint, f"tfstate+{secret.replace(PASSWORD, 'PW/d0ntShow')}/s", tmp_path)
    assert missing.code == 2
    assert f"cannot read {server.base}/state (redirected to {other.base}/gone): HTTP 404" in (
        missing.stderr
    )
    assert "Traceback" in missing.stderr  # --debug: the traceback, without the secrets
    assert slash.code == 2 and "internal error" not in slash.stderr
    assert "percent-encode" in slash.stderr
    assert not [s for s in SECRETS if s in _everything(missing, tmp_path) + slash.stderr]
    assert list(tmp_path.iterdir()) == []  # no report presented as complete
