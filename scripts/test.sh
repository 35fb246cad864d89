#!/usr/bin/env bash
# Installs what is missing (Node.js 24, npm dependencies, the Python SDK's virtualenv) and runs the
# whole test suite: the linter, the formatter check and the type checker, then the Python SDK's
# checks and tests against a real server, then the fuzzing of the HTTP API from its OpenAPI document
# (fuzz/run.sh), then every other test. Tests run on SQLite; with DATABASE_URL set to
# a PostgreSQL server, the database tests run on both and the service tests on PostgreSQL.
# It closes on one plain line, "tests: N passed, N failed, N skipped", counted from the runners'
# reports, which it keeps in ASSAY_TEST_REPORTS when set (.ci/run adds up its two runs from them).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/node.sh"
cd "$repo_root"
source "$repo_root/scripts/lib/chromium.sh"
ensure_chromium
reports="${ASSAY_TEST_REPORTS:-$(mktemp -d)}"
mkdir -p "$reports"
rm -f "$reports/vitest.json" "$reports/pytest.xml"
npm run --silent lint
# The Python SDK first: it leaves its virtualenv (clients/python/.venv-*), with which a dashboard
# test runs the original client's judge-optimization flow after labelling in the browser.
PYTEST_ADDOPTS="--junitxml=$reports/pytest.xml" "$repo_root/clients/python/scripts/test.sh"
"$repo_root/fuzz/run.sh"
npm test --silent -- --reporter=default --reporter=json --outputFile.json="$reports/vitest.json" "$@"
node "$repo_root/scripts/test-totals.ts" "$reports"
