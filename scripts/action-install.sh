#!/usr/bin/env bash
# Install driftctl for action.yml, pinned by the `version` input (INPUT_VERSION):
#   empty           -> the action's own checkout ($GITHUB_ACTION_PATH), i.e. the ref in `uses:`
#   1.2.3 or v1.2.3 -> driftctl-aws==1.2.3 from PyPI (this project's distribution name:
#                      `driftctl` on PyPI is an unrelated project, never installed here)
#   a path          -> that directory or file (a wheel, an sdist); a relative path is
#                      relative to the workspace ($GITHUB_WORKSPACE, the repository
#                      checkout), not to the `working-directory` input, and is given to
#                      pip as an absolute path. A path-like value (./x, ../x, /x) that
#                      does not exist is an error.
#   driftctl-aws==1.2.3, driftctl-aws[extra]==1.2.3, driftctl-aws @ URL
#                   -> given to pip as written: this project's name, pinned
#   anything else   -> an error (an unpinned or other name could install someone else's code)
# PYTHON names the interpreter (default: python, the one actions/setup-python put on PATH).
set -euo pipefail

version="${INPUT_VERSION:-}"
workspace="${GITHUB_WORKSPACE:-$PWD}"
candidate="$version"
if [ -n "$version" ] && [[ "$version" != /* ]]; then
  candidate="$workspace/$version"
fi
if [ -z "$version" ]; then
  spec="${GITHUB_ACTION_PATH:?GITHUB_ACTION_PATH is not set (run this from action.yml)}"
elif [[ "$version" =~ ^v?[0-9][0-9A-Za-z.!+-]*$ ]]; then
  spec="driftctl-aws==${version#v}"
elif [ -d "$candidate" ]; then
  spec="$(cd "$candidate" && pwd -P)"
elif [ -f "$candidate" ]; then
  spec="$(cd "$(dirname "$candidate")" && pwd -P)/$(basename "$candidate")"
elif [[ "$version" == ./* || "$version" == ../* || "$version" == /* ]]; then
  echo "::error::version: $version is not a file or directory (relative to the workspace, $workspace)"
  exit 2
elif [[ "$version" =~ ^driftctl-aws(\[[A-Za-z0-9,._-]+\])?[[:space:]]*(==[[:space:]]*[0-9][0-9A-Za-z.!+-]*|@[[:space:]]*[^[:space:]]+)$ ]]; then
  spec="$version"
else
  echo "::error::version: $version is not a version, a path or a pinned driftctl-aws requirement (driftctl-aws==1.2.3); the PyPI project named driftctl is not this one"
  exit 2
fi
echo "Installing driftctl: $spec"
"${PYTHON:-python}" -m pip install --disable-pip-version-check --quiet "$spec"
