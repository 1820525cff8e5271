#!/usr/bin/env bash
# The scan step of action.yml, runnable on its own (tests/e2e/test_action_run.py does).
#
# Inputs (environment):
#   INPUT_FROM           declared sources, one per line (default: .)
#   INPUT_RULES          rules file or directory; passed as --rules only when set
#   INPUT_ARGS           extra flags for `driftctl scan`, split like a shell would (shlex)
#   INPUT_FAIL_ON_DRIFT  true (default) or false
#   RUNNER_TEMP          where the reports are written (RUNNER_TEMP/driftctl/report.*)
#   GITHUB_OUTPUT, GITHUB_STEP_SUMMARY  as on a runner (default: /dev/null)
#   DRIFTCTL             the driftctl command (default: driftctl)
# Outputs: exit-code, drift-count (empty when no report was written), report-json,
# report-markdown, report-sarif (paths; empty when not written).
# Exit status: 2 on errors (always), 1 on drift when fail-on-drift is true, else 0.
set -euo pipefail

out_dir="${RUNNER_TEMP:?RUNNER_TEMP is not set}/driftctl"
mkdir -p "$out_dir"
report="$out_dir/report.json"
markdown="$out_dir/report.md"
sarif="$out_dir/report.sarif"
rm -f "$report" "$markdown" "$sarif" "$out_dir/args"
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
args+=(-o console:// -o "json://$report" -o "markdown://$markdown" -o "sarif://$sarif")
if [ -n "${INPUT_ARGS:-}" ]; then
  python -c 'import shlex, sys; sys.stdout.write("".join(a + "\0" for a in shlex.split(sys.argv[1])))' \
    "$INPUT_ARGS" > "$out_dir/args" || { echo "::error::args: cannot split: $INPUT_ARGS"; exit 2; }
  mapfile -d '' -t extra < "$out_dir/args"
  args+=("${extra[@]}")
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
