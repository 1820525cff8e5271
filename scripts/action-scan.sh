#!/usr/bin/env bash
# The scan step of action.yml, runnable on its own (tests/e2e/test_action_run.py does).
#
# Inputs (environment):
#   INPUT_FROM           declared sources, one per line (default: .)
#   INPUT_RULES          rules file or directory; passed as --rules only when set
#   INPUT_ARGS           extra flags for `driftctl scan`, split like a shell would (shlex)
#   INPUT_FAIL_ON_DRIFT  true (default) or false
#   INPUT_MIN_COMPARED   the share of declared resources that must be compared; passed as
#                        --min-compared only when set
#   RUNNER_TEMP          where the reports are written (RUNNER_TEMP/driftctl/report.*)
#   GITHUB_WORKSPACE     the repository root (default: git's top level, else the cwd)
#   GITHUB_OUTPUT, GITHUB_STEP_SUMMARY  as on a runner (default: /dev/null)
#   DRIFTCTL             the driftctl command (default: driftctl)
# Outputs: exit-code, drift-count (empty when no report was written), report-json,
# report-markdown, report-sarif (paths; empty when not written).
# Exit status: 2 on errors (always), 1 on drift when fail-on-drift is true, else 0.
#
# Run in a working directory below the repository root, the scan itself runs from the
# root: driftctl names source files relative to the directory it runs in, and the SARIF
# locations (code scanning) and the summary's links must be relative to the root. The
# relative paths the inputs give (sources, rules, and path options in args) are relative
# to the working directory, so they are rebased onto it (infra -> sub/infra), and the
# working directory's .driftignore (which scan would read from its cwd) is passed
# explicitly; a .driftignore at the root is not used when the working directory has none.
set -euo pipefail

out_dir="${RUNNER_TEMP:?RUNNER_TEMP is not set}/driftctl"
mkdir -p "$out_dir"
report="$out_dir/report.json"
markdown="$out_dir/report.md"
sarif="$out_dir/report.sarif"
rm -f "$report" "$markdown" "$sarif" "$out_dir/args" "$out_dir/none.driftignore"
github_output="${GITHUB_OUTPUT:-/dev/null}"
summary="${GITHUB_STEP_SUMMARY:-/dev/null}"

args=(scan)
while IFS= read -r source || [ -n "$source" ]; do
  source="$(printf '%s' "$source" | sed -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//')"
  if [ -n "$source" ]; then
    args+=(--from "$source")
  fi
done <<< "${INPUT_FROM:-.}"
if [ -n "${INPUT_RULES:-}" ]; then
  args+=(--rules "$INPUT_RULES")
fi
if [ -n "${INPUT_MIN_COMPARED:-}" ]; then
  args+=(--min-compared "$INPUT_MIN_COMPARED")
fi
args+=(-o console:// -o "json://$report" -o "markdown://$markdown" -o "sarif://$sarif")
if [ -n "${INPUT_ARGS:-}" ]; then
  python -c 'import shlex, sys; sys.stdout.write("".join(a + "\0" for a in shlex.split(sys.argv[1])))' \
    "$INPUT_ARGS" > "$out_dir/args" || { echo "::error::args: cannot split: $INPUT_ARGS"; exit 2; }
  mapfile -d '' -t extra < "$out_dir/args"
  args+=("${extra[@]}")
fi

# The working directory relative to the repository root: "" when it is the root (or
# outside it: then paths stay as they are).
root="${GITHUB_WORKSPACE:-$(git rev-parse --show-toplevel 2>/dev/null || pwd)}"
prefix="$(python -c 'import os, sys
rel = os.path.relpath(os.path.realpath(os.getcwd()), os.path.realpath(sys.argv[1]))
print("" if rel == "." or rel.split(os.sep)[0] == ".." else rel.replace(os.sep, "/"))' "$root")"

# Rebase each relative path the scan is given onto PREFIX (argv[1]); args NUL-separated
# on stdin and stdout. Options whose value is a path: those of `driftctl scan` (the
# tests check this list against the command), and FORMAT://PATH values.
rebase='import os, re, sys
prefix = sys.argv[1]
PATHS = {"--var-file", "--live", "--save-live", "--rules", "--driftignore",
         "--parameters-file", "--kustomize-bin", "--tf-lockfile", "--config-dir",
         "--backend-config"}
SCHEMED = {"--from", "-f", "-o", "--output"}
REMOTE = ("console", "tfstate+s3", "tfstate+http", "tfstate+https", "tfstate+tfcloud")
def rebase(path):
    if path in ("", "-") or os.path.isabs(path):
        return path
    return os.path.normpath(os.path.join(prefix, path))
def one(text):
    scheme, sep, rest = text.partition("://")
    if not sep:
        return rebase(text)
    if scheme in REMOTE or rest in ("-", "stdout", "/dev/stdout"):
        return text
    return scheme + "://" + rebase(rest or ".")
def value(option, text):
    if option in SCHEMED:  # a comma before scheme:// starts the next value (-o a,b)
        return ",".join(one(t) for t in re.split(r",(?=[a-z][a-z0-9+]*://)", text))
    if option == "--kustomize-bin" and "/" not in text:
        return text  # a command found on PATH
    if option == "--backend-config" and "=" in text:
        return text  # KEY=VALUE, not a file
    return rebase(text)
args = sys.stdin.buffer.read().decode().split("\0")[:-1]
out, takes = [], None
for arg in args:
    name, eq, given = arg.partition("=")
    if takes is not None:
        out.append(value(takes, arg))
        takes = None
    elif arg in PATHS or arg in SCHEMED:
        out.append(arg)
        takes = arg
    elif eq and name.startswith("--") and (name in PATHS or name in SCHEMED):
        out.append(name + "=" + value(name, given))
    else:
        out.append(arg)
sys.stdout.buffer.write("".join(a + "\0" for a in out).encode())'

if [ -n "$prefix" ]; then
  has_driftignore=false
  for arg in "${args[@]}"; do
    case "$arg" in --driftignore | --driftignore=*) has_driftignore=true ;; esac
  done
  if [ "$has_driftignore" = false ]; then
    if [ -f .driftignore ]; then
      args+=(--driftignore .driftignore)
    elif [ -f "$root/.driftignore" ]; then
      : > "$out_dir/none.driftignore"  # the root's is not this directory's
      args+=(--driftignore "$out_dir/none.driftignore")
    fi
  fi
  printf '%s\0' "${args[@]}" | python -c "$rebase" "$prefix" > "$out_dir/args" \
    || { echo "::error::cannot rebase the arguments onto $prefix"; exit 2; }
  mapfile -d '' -t args < "$out_dir/args"
  echo "Scanning from the repository root ($root), paths rebased onto $prefix/"
  cd "$root"
fi

set +e
# shellcheck disable=SC2086 # DRIFTCTL may be a command with arguments
${DRIFTCTL:-driftctl} "${args[@]}"
code=$?
set -e

count=""
if [ -s "$report" ]; then
  count="$(python -c 'import json, sys
s = json.load(open(sys.argv[1], encoding="utf-8"))["summary"]
print(s["changed"] + s["missing"] + s["unmanaged"])' "$report")"
fi
written() { if [ -s "$1" ]; then printf '%s' "$1"; fi; }
{
  echo "exit-code=$code"
  echo "drift-count=$count"
  echo "report-json=$(written "$report")"
  echo "report-markdown=$(written "$markdown")"
  echo "report-sarif=$(written "$sarif")"
} >> "$github_output"

if [ -s "$markdown" ]; then
  cat "$markdown" >> "$summary"
else
  # shellcheck disable=SC2016 # the backquotes are markdown
  printf '## driftctl: error\n\n`driftctl scan` failed (exit %s) before writing a report: see the step log.\n' \
    "$code" >> "$summary"
fi

fail_on_drift="$(printf '%s' "${INPUT_FAIL_ON_DRIFT:-true}" | tr '[:upper:]' '[:lower:]')"
if [ "$code" -eq 0 ]; then
  exit 0
elif [ "$code" -eq 1 ]; then
  if [ "$fail_on_drift" = "true" ]; then
    echo "::error::driftctl found ${count:-some} drift(s); see the job summary"
    exit 1
  fi
  echo "::warning::driftctl found ${count:-some} drift(s) (fail-on-drift is false)"
  exit 0
fi
echo "::error::driftctl scan failed (exit $code)"
exit 2
