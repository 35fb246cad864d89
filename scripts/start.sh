#!/usr/bin/env bash
# Installs what is missing (Node.js 24, npm dependencies) and starts Assay on embedded defaults:
# SQLite, local blob storage and in-process workers under ./.assay. Arguments go to `assay serve`
# (e.g. --no-workers); configuration comes from the environment (see the README or .env.example).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/node.sh"
cd "$repo_root"
exec packages/cli/bin/assay.js serve "$@"
