#!/usr/bin/env bash
# The Python SDK's checks and tests, in one command: a virtualenv in clients/python/.venv (made once,
# reused), the package installed into it as users install it (`pip install .[test]`), then the
# Python 3.8 compatibility check (vermin), lint and format (ruff), types (mypy --strict) and the
# test suite (pytest), which starts a real Assay server of this repository with Node.js 24.
#
#   clients/python/scripts/test.sh [pytest arguments]
#
# DATABASE_URL (PostgreSQL) is passed through: the server then runs on a fresh database of its own.
# ASSAY_PYTHON picks the interpreter (default python3), e.g. ASSAY_PYTHON=python3.8; each one gets
# its own virtualenv.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
repo_root="$(cd "$here/../.." && pwd)"
python="${ASSAY_PYTHON:-python3}"

# Node.js 24 runs the server: the one on PATH, else the copies scripts/lib/node.sh or a machine put aside.
node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ "$(node_major)" != "24" ]; then
  for dir in "$repo_root/.tools/node-24/bin" /opt/node24/bin; do
    if [ -x "$dir/node" ]; then export PATH="$dir:$PATH"; break; fi
  done
fi
if [ "$(node_major)" != "24" ]; then
  echo "Node.js 24 is needed to start the Assay server: run scripts/test.sh once, or put Node.js 24 on PATH" >&2
  exit 1
fi
if [ ! -d "$repo_root/node_modules" ]; then
  echo "the server's npm dependencies are missing: run scripts/test.sh (it installs them) first" >&2
  exit 1
fi

version="$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
venv="$here/.venv"
if [ -n "${ASSAY_PYTHON:-}" ]; then venv="$here/.venv-$version"; fi
if [ ! -x "$venv/bin/python" ]; then
  echo "creating $venv (Python $version)" >&2
  "$python" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check "$here[test]"

cd "$here"
echo "== Python 3.8 compatibility (vermin)"
"$venv/bin/vermin" --target=3.8- --violations --eval-annotations --no-tips --quiet src
echo "== lint and format (ruff)"
"$venv/bin/ruff" check --quiet src tests
"$venv/bin/ruff" format --check --quiet src tests
if [ -x "$venv/bin/mypy" ]; then
  echo "== types (mypy --strict)"
  "$venv/bin/mypy" --strict --no-error-summary src/assay
fi
echo "== tests (pytest, Python $version)"
"$venv/bin/python" -m pytest -q "$@"
