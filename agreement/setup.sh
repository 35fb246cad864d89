#!/usr/bin/env bash
# Makes the virtualenv of the reference implementations (agreement/.venv-<python version>) that the
# agreement tests score their fixtures with, from PyPI: requirements.txt with dependencies,
# no-deps.txt without. Remade only when either file changes (a stamp of both), so a second run
# takes milliseconds. Prints nothing but errors; the tests find the virtualenv by the same rule
# (packages/server/test/agreement/reference.ts). ASSAY_PYTHON picks the interpreter (python3).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
python="${ASSAY_PYTHON:-python3}"
version="$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
venv="$here/.venv-$version"
stamp="$(cat "$here/requirements.txt" "$here/no-deps.txt" | sha256sum | cut -d' ' -f1)"
if [ "$(cat "$venv/.requirements-sha256" 2>/dev/null)" != "$stamp" ]; then
  started=$SECONDS
  rm -rf "$venv"
  "$python" -m venv "$venv"
  pip=("$venv/bin/python" -m pip install --disable-pip-version-check --quiet)
  if grep -qv '^\s*\(#\|$\)' "$here/requirements.txt"; then "${pip[@]}" -r "$here/requirements.txt"; fi
  "${pip[@]}" --no-deps -r "$here/no-deps.txt"
  echo "$stamp" >"$venv/.requirements-sha256"
  echo "reference implementations installed into $venv in $((SECONDS - started)) s"
fi
