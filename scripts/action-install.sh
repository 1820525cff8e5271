#!/usr/bin/env bash
# Install driftctl for action.yml, pinned by the `version` input (INPUT_VERSION):
#   empty           -> the action's own checkout ($GITHUB_ACTION_PATH), i.e. the ref in `uses:`
#   1.2.3 or v1.2.3 -> driftctl==1.2.3 from PyPI
#   anything else   -> given to pip as written: a path (./tools/driftctl) or a requirement
# PYTHON names the interpreter (default: python, the one actions/setup-python put on PATH).
set -euo pipefail

version="${INPUT_VERSION:-}"
if [ -z "$version" ]; then
  spec="${GITHUB_ACTION_PATH:?GITHUB_ACTION_PATH is not set (run this from action.yml)}"
elif [[ "$version" =~ ^v?[0-9][0-9A-Za-z.!+-]*$ ]]; then
  spec="driftctl==${version#v}"
else
  spec="$version"
fi
echo "Installing driftctl: $spec"
"${PYTHON:-python}" -m pip install --disable-pip-version-check --quiet "$spec"
