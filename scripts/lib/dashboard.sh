# Sourced by the scripts here (after lib/node.sh): builds the web dashboard into packages/web/dist
# when it is missing or older than its sources, so `assay serve` never serves a stale one.
ensure_dashboard_built() {
  local web="$repo_root/packages/web"
  local shell="$web/dist/index.html"
  if [ -f "$shell" ] && [ -z "$(find "$web/src" "$web/index.html" "$web/vite.config.ts" -newer "$shell" -print -quit)" ]; then
    return
  fi
  echo "building the dashboard (packages/web → packages/web/dist)" >&2
  (cd "$web" && node "$repo_root/node_modules/vite/bin/vite.js" build --logLevel warn)
}
