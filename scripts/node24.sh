#!/usr/bin/env bash
# `node "$@"` with Node.js 24, whatever Node is first on PATH. The npm scripts that run the
# repository's TypeScript directly (the benches, the OpenAPI writer) go through this: `npm run`
# uses the first `node` on PATH, and Node 20 stops at a .ts file with ERR_UNKNOWN_FILE_EXTENSION.
# Node 24 is the machine's own when it is 24, else .tools/node-24 (installed there once if absent,
# as ./scripts/start.sh does).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/node.sh"
ensure_node_24
exec node "$@"
