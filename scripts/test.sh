#!/usr/bin/env bash
# Installs what is missing (Node.js 24, npm dependencies, the Python SDK's virtualenv) and runs the
# whole test suite: the linter, the formatter check and the type checker, then the Python SDK's
# checks and tests against a real server, then the fuzzing of the HTTP API from its OpenAPI document
# (fuzz/run.sh), then every other test. Tests run on SQLite; with DATABASE_URL set to
# a PostgreSQL server, the database tests run on both and the service tests on PostgreSQL.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/node.sh"
cd "$repo_root"
source "$repo_root/scripts/lib/chromium.sh"
ensure_chromium
npm run --silent lint
# The Python SDK first: it leaves its virtualenv (clients/python/.venv-*), with which a dashboard
# test runs the original client's judge-optimization flow after labelling in the browser.
"$repo_root/clients/python/scripts/test.sh"
"$repo_root/fuzz/run.sh"
# Last, so the run ends on the test runner's own totals (the fuzzer's summary counts no tests).
npm test --silent -- "$@"
