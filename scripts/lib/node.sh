# Sourced by the scripts here: puts Node.js 24 first on PATH and installs the npm dependencies.
# Node: the machine's own when it is already 24, else the binary from the npm registry package
# node-<os>-<arch>@24, unpacked once into .tools/node-24 (nothing outside the repository changes).
# Dependencies: `npm ci` whenever package-lock.json changed since the last install.

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"

ensure_node_24() {
  local major
  major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
  if [ "$major" = "24" ]; then return; fi

  local dir="$repo_root/.tools/node-24"
  if [ ! -x "$dir/bin/node" ]; then
    local os arch tmp
    os="$(uname -s | tr '[:upper:]' '[:lower:]')"
    case "$(uname -m)" in
      x86_64 | amd64) arch=x64 ;;
      aarch64 | arm64) arch=arm64 ;;
      *) echo "no Node.js 24 package for $(uname -m); install Node.js 24 yourself" >&2; return 1 ;;
    esac
    echo "installing Node.js 24 (npm package node-$os-$arch@24) into .tools/node-24" >&2
    tmp="$(mktemp -d)"
    (cd "$tmp" && npm pack --silent "node-$os-$arch@24" >/dev/null && tar xzf node-*.tgz package/bin/node)
    mkdir -p "$dir/bin"
    mv "$tmp/package/bin/node" "$dir/bin/node"
    rm -rf "$tmp"
  fi
  export PATH="$dir/bin:$PATH"
}

ensure_dependencies() {
  local stamp="$repo_root/node_modules/.assay-installed"
  local want
  want="$(node -p 'process.version')-$(sha256sum "$repo_root/package-lock.json" | cut -d' ' -f1)"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then return; fi
  (cd "$repo_root" && npm ci --no-audit --no-fund --loglevel=error)
  echo "$want" >"$stamp"
}

ensure_node_24
ensure_dependencies
