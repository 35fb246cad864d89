#!/usr/bin/env bash
# Installs what is missing (Node.js 24, npm dependencies, the dashboard's build when it is missing
# or older than its sources) and starts Assay on embedded defaults:
# SQLite, local blob storage and in-process workers under ./.assay. Arguments go to `assay serve`
# (e.g. --no-workers); configuration comes from the environment (see docs/configuration.md or .env.example).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/node.sh"
source "$(dirname "${BASH_SOURCE[0]}")/lib/dashboard.sh"
cd "$repo_root"
ensure_dashboard_built
exec packages/cli/bin/assay.js serve "$@"
