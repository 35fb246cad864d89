#!/usr/bin/env bash
# Installs what is missing (Node.js 24, npm dependencies, the Python SDK's virtualenv, Chromium and
# bubblewrap from Debian's packages) and runs the
# whole test suite: the linter, the formatter check and the type checker, then the Python SDK's
# build and checks, then the fuzzing of the HTTP API from its OpenAPI document (fuzz/run.sh), then
# the reference scorers' virtualenv (agreement/setup.sh), then
# the local model's build (scripts/local-model.sh, cached after the first run), then every Vitest
# test, then the Python SDK's tests against a real server. Tests run on SQLite; with
# DATABASE_URL set to a PostgreSQL server, the database tests run on both and the service tests on
# PostgreSQL.
# It closes on one plain line, "tests: N passed, N failed, N skipped", counted from the runners'
# reports, which it keeps in ASSAY_TEST_REPORTS when set (.ci/run adds up its two runs from them).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/node.sh"
cd "$repo_root"
source "$repo_root/scripts/lib/debian-package.sh"
ensure_chromium
ensure_bubblewrap
reports="${ASSAY_TEST_REPORTS:-$(mktemp -d)}"
mkdir -p "$reports"
rm -f "$reports/vitest.json" "$reports/pytest.xml"
npm run --silent lint
# The Python SDK's build and checks first: they leave its virtualenv (clients/python/.venv-*), with
# which a dashboard test runs the original client's judge-optimization flow after labelling in the
# browser. Its pytest run comes last, so a run ends on pytest's summary, which CI tooling reads
# (it does not read Vitest's).
ASSAY_PYTHON_STAGE=prepare "$repo_root/clients/python/scripts/test.sh"
"$repo_root/fuzz/run.sh"
# The reference implementations the agreement tests score their fixtures with (agreement/).
"$repo_root/agreement/setup.sh"
# The real model of the end-to-end test (packages/server/test/real-model): llama-server is built
# once into a cache outside the clone (minutes on 2 cores), then found there in milliseconds.
local_model_started=$SECONDS
"$repo_root/scripts/local-model.sh" --build-only
echo "local model ready in $((SECONDS - local_model_started)) s"
npm test --silent -- --reporter=default --reporter=json --outputFile.json="$reports/vitest.json" "$@"
ASSAY_PYTHON_STAGE=pytest PYTEST_ADDOPTS="--junitxml=$reports/pytest.xml" \
  "$repo_root/clients/python/scripts/test.sh"
node "$repo_root/scripts/test-totals.ts" "$reports"
