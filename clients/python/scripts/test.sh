#!/usr/bin/env bash
# The Python SDK's checks and tests, in one command, against the package as users install it:
# it builds the sdist and, from the sdist, the wheel (python -m build), installs the wheel with its
# `test` extra into a virtualenv made anew on every run (clients/python/.venv-<version>; pip's cache
# keeps it quick), runs the Python 3.8 compatibility check (vermin), lint and format (ruff) and
# types (mypy --strict) on the sources with the `dev` extra's tools (kept in .venv-tools-<version>),
# then the test suite (pytest) on the installed wheel, from a directory where `import assay`
# cannot find the source tree. The tests start a real Assay server of this repository with Node.js 24.
#
#   clients/python/scripts/test.sh [pytest arguments]
#
# ASSAY_PYTHON_STAGE splits the run in two: `prepare` (the build, the virtualenv and the checks) and
# `pytest` (the tests, in the virtualenv `prepare` left). scripts/test.sh prepares first, because a
# dashboard test uses that virtualenv, and runs pytest last. Unset: both, in that order.
# DATABASE_URL (PostgreSQL) is passed through: the server then runs on a fresh database of its own.
# ASSAY_PYTHON picks the interpreter (default python3), e.g. ASSAY_PYTHON=python3.8.
# ASSAY_PYTHON_DIST=<dir> keeps the built sdist and wheel there.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
repo_root="$(cd "$here/../.." && pwd)"
python="${ASSAY_PYTHON:-python3}"
stage="${ASSAY_PYTHON_STAGE:-all}"
case "$stage" in
  prepare | pytest | all) ;;
  *) echo "ASSAY_PYTHON_STAGE must be prepare, pytest or all, not '$stage'" >&2; exit 2 ;;
esac
started=$SECONDS

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
work="$(mktemp -d "${TMPDIR:-/tmp}/assay-python-test.XXXXXX")"
trap 'rm -rf "$work"' EXIT
dist="${ASSAY_PYTHON_DIST:-$work/dist}"
venv="$here/.venv-$version"

# Virtualenvs without pip of their own when the interpreter's pip can install into them (pip >=
# 22.3 has --python): that saves the seconds ensurepip takes on every new one.
pip_version="$("$python" -m pip --version 2>/dev/null | sed -n 's/^pip \([0-9]*\)\.\([0-9]*\).*/\1 \2/p')"
outer_pip=false
if [ -n "$pip_version" ]; then
  read -r major minor <<<"$pip_version"
  if [ "$major" -gt 22 ] || { [ "$major" -eq 22 ] && [ "$minor" -ge 3 ]; }; then outer_pip=true; fi
fi
new_venv() {
  if $outer_pip; then "$python" -m venv --without-pip "$1"; else "$python" -m venv "$1"; fi
}
pip_in() {
  local venv="$1"
  shift
  if $outer_pip; then
    "$python" -m pip --python "$venv/bin/python" --disable-pip-version-check --quiet "$@"
  else
    "$venv/bin/python" -m pip --disable-pip-version-check --quiet "$@"
  fi
}

# The build, the virtualenv under test and the static checks.
prepare() {
  # The tools that check and build the sources (the `dev` extra) live in a virtualenv that is kept
  # and refreshed when pyproject.toml changes: they are not what is under test.
  tools="$here/.venv-tools-$version"
  stamp="$("$python" -c 'import hashlib,sys; print(hashlib.sha256(open(sys.argv[1],"rb").read()).hexdigest())' "$here/pyproject.toml")"
  if [ "$(cat "$tools/.pyproject-sha256" 2>/dev/null)" != "$stamp" ]; then
    echo "== tools (the dev extra) into $tools"
    rm -rf "$tools"
    new_venv "$tools"
    pip_in "$tools" install "$here[dev]"
    echo "$stamp" >"$tools/.pyproject-sha256"
  fi

  echo "== build (sdist, then the wheel from it; Python $version)"
  "$tools/bin/python" -m build --no-isolation --outdir "$dist" "$here" >"$work/build.log" 2>&1 || {
    cat "$work/build.log" >&2
    exit 1
  }
  wheel="$(ls "$dist"/assay_client-*.whl)"
  echo "   $(basename "$(ls "$dist"/assay_client-*.tar.gz)") $(basename "$wheel")"

  # What is under test: the wheel with its test extra, in a virtualenv made anew on every run.
  rm -rf "$venv"
  new_venv "$venv"
  # No byte-compiling of every installed module up front: Python compiles what the tests import.
  pip_in "$venv" install --no-compile "$wheel[test]"

  cd "$here"
  echo "== Python 3.8 compatibility (vermin)"
  "$tools/bin/vermin" --target=3.8- --violations --eval-annotations --no-tips --quiet src
  echo "== lint and format (ruff)"
  "$tools/bin/ruff" check --quiet src tests
  "$tools/bin/ruff" format --check --quiet src tests
  if [ -x "$tools/bin/mypy" ]; then
    echo "== types (mypy --strict)"
    "$tools/bin/mypy" --strict --no-error-summary src/assay
  fi
}

# The tests, from a directory where `import assay` cannot find the source tree.
run_pytest() {
  if [ ! -x "$venv/bin/python" ]; then
    echo "no virtualenv at $venv: run with ASSAY_PYTHON_STAGE=prepare first" >&2
    exit 1
  fi
  echo "== tests (pytest, Python $version, on the installed wheel)"
  cd "$work"
  "$venv/bin/python" - "$here/src" <<'PY'
import os, sys
import assay
source, installed = os.path.realpath(sys.argv[1]), os.path.realpath(assay.__file__)
assert "site-packages" in installed.split(os.sep) and not installed.startswith(source + os.sep), installed
PY
  ASSAY_SDK_SOURCE="$here/src" "$venv/bin/python" -m pytest -q "$here/tests" "$@"
}

case "$stage" in
  prepare) prepare ;;
  pytest) run_pytest "$@" ;;
  all)
    prepare
    run_pytest "$@"
    ;;
esac
echo "(clients/python/scripts/test.sh $stage took $((SECONDS - started)) s)"
