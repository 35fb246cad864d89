#!/usr/bin/env bash
# Property-based fuzzing of the HTTP API from its own OpenAPI document (schemathesis, pinned in
# fuzz/requirements.txt, in the virtualenv fuzz/.venv-<python version>): a real `assay serve` on a
# fresh data dir (and a fresh database when DATABASE_URL names a PostgreSQL server) gets generated
# valid and invalid requests for every operation. It fails on any 5xx, any answer whose body does
# not match the documented schema, and any status the document does not list.
#
#   fuzz/run.sh [schemathesis run options]     e.g. fuzz/run.sh --include-operation-id judges.create
#
# Seeded and bounded: ASSAY_FUZZ_SEED (20261124), ASSAY_FUZZ_EXAMPLES per operation (25),
# ASSAY_FUZZ_SECONDS for the whole run (90). ASSAY_PYTHON picks the interpreter (python3).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/../scripts/lib/node.sh"
python="${ASSAY_PYTHON:-python3}"
started=$SECONDS

version="$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
venv="$here/.venv-$version"
stamp="$(sha256sum "$here/requirements.txt" | cut -d' ' -f1)"
if [ "$(cat "$venv/.requirements-sha256" 2>/dev/null)" != "$stamp" ]; then
  echo "== schemathesis into $venv"
  rm -rf "$venv"
  "$python" -m venv "$venv"
  "$venv/bin/python" -m pip install --disable-pip-version-check --quiet -r "$here/requirements.txt"
  echo "$stamp" >"$venv/.requirements-sha256"
fi

echo "== fuzzing the API ($([ -n "${DATABASE_URL:-}" ] && echo PostgreSQL || echo SQLite))"
status=0
"$venv/bin/python" "$here/run.py" "$venv/bin/schemathesis" \
  --seed "${ASSAY_FUZZ_SEED:-20261124}" \
  --max-examples "${ASSAY_FUZZ_EXAMPLES:-25}" \
  --max-time "${ASSAY_FUZZ_SECONDS:-90}" \
  --phases examples,coverage,fuzzing \
  --checks not_a_server_error,response_schema_conformance,status_code_conformance \
  --generation-allow-x00 false \
  --generation-database none \
  --workers 2 \
  --no-color \
  "$@" || status=$?
echo "(fuzz/run.sh took $((SECONDS - started)) s)"
exit "$status"
