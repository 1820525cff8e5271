"""Regenerate tests/declared/hcl/golden/console.json: Terraform's own answer for every
expression of tests/declared/hcl/golden/expressions.txt, evaluated by `terraform console`
in tests/declared/hcl/golden/console/ (copied to a temporary directory).

    python scripts/gen_console_golden.py          # needs terraform on PATH (1.11 here)

`terraform console` only answers line by line when its input is a terminal (piped input
makes it stop at the first error and print only the last value), so the expressions are
typed into a pseudo-terminal, each followed by a marker expression that splits the
output. Errors go to the same stream and are kept as their summary and first detail
line. A console that dies (a panic) is restarted after the expression that killed it.
"""

from __future__ import annotations

import json
import os
import pty
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "declared" / "hcl" / "golden"
MARKER = '"@@driftctl-golden@@"'
MARKER_OUT = '"@@driftctl-golden@@"\n'
BATCH = 150


def expressions() -> list[str]:
    lines = (GOLDEN / "expressions.txt").read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line.strip() and not line.startswith("#")]


def _env() -> dict[str, str]:
    return {
        **os.environ,
        "TF_CLI_CONFIG_FILE": os.devnull,
        "CHECKPOINT_DISABLE": "1",
        "TF_IN_AUTOMATION": "1",
    }


def run_console(directory: Path, batch: list[str]) -> list[str]:
    """Console output chunks, one per expression answered (fewer if it died)."""
    master, slave = pty.openpty()
    process = subprocess.Popen(
        ["terraform", "console", "-no-color"],
        cwd=directory,
        stdin=slave,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=_env(),
    )
    os.close(slave)
    data = "".join(f"{expr}\n{MARKER}\n" for expr in batch) + "exit\n"
    os.write(master, data.encode())
    out, _ = process.communicate(timeout=600)
    os.close(master)
    text = out.decode("utf-8", "replace").replace("\r\n", "\n")
    chunks = text.split(MARKER_OUT)
    return chunks[:-1]  # the last piece follows the last marker


def classify(chunk: str) -> dict[str, str]:
    text = chunk.strip("\n")
    if "Error:" in text and (text.startswith("Error:") or text.lstrip().startswith("Error:")):
        body = text.lstrip()
        pattern = r"Error: (.*?)\n\n(?:  on .*?\n(?:  .*\n)*?\n)?(.*?)(?:\n\n|$)"
        match = re.match(pattern, body, re.S)
        if match:
            detail = " ".join(match.group(2).split())
            return {"error": f"{match.group(1)}: {detail}"[:400]}
        return {"error": " ".join(body.split())[:400]}
    return {"result": text}


def golden(directory: Path) -> list[dict[str, str]]:
    todo = expressions()
    cases: list[dict[str, str]] = []
    while todo:
        batch = todo[:BATCH]
        chunks = run_console(directory, batch)
        for expr, chunk in zip(batch, chunks, strict=False):
            cases.append({"expr": expr, **classify(chunk)})
        answered = len(chunks)
        if answered < len(batch):  # the console died on batch[answered]
            cases.append({"expr": batch[answered], "error": "terraform console crashed"})
            answered += 1
        todo = todo[answered:]
        print(f"{len(cases)} expressions answered", file=sys.stderr)
    return cases


def main() -> int:
    version = subprocess.run(
        ["terraform", "version", "-json"], capture_output=True, text=True, check=True, env=_env()
    ).stdout
    with tempfile.TemporaryDirectory() as temp:
        directory = Path(temp) / "console"
        shutil.copytree(GOLDEN / "console", directory)
        subprocess.run(
            ["terraform", "init", "-no-color", "-input=false"],
            cwd=directory, env=_env(), check=True, capture_output=True,
        )  # fmt: skip
        cases = golden(directory)
    document = {
        "terraform": json.loads(version)["terraform_version"],
        "generator": "scripts/gen_console_golden.py",
        "cases": cases,
    }
    target = GOLDEN / "console.json"
    target.write_text(json.dumps(document, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {target} ({len(cases)} cases)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
