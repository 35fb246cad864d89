# Sourced by scripts/test.sh and .ci/run: makes sure the dashboard's browser tests have a Chromium.
# They drive Debian's Chromium through playwright-core (Playwright's own browser download is not
# used). Installed from Debian's packages when missing and this user may run apt-get (root, or
# sudo without a password); otherwise it says how. CHROMIUM_PATH points at another binary.
ensure_chromium() {
  local path="${CHROMIUM_PATH:-/usr/bin/chromium}"
  if [ -x "$path" ]; then return; fi
  local sudo=()
  if [ "$(id -u)" != 0 ]; then
    if ! sudo -n true 2>/dev/null; then
      echo "no Chromium at $path for the dashboard's browser tests:" >&2
      echo "  install it with \`sudo apt-get install -y chromium\`, or set CHROMIUM_PATH" >&2
      return 1
    fi
    sudo=(sudo -n)
  fi
  echo "installing Chromium (Debian package) for the dashboard's browser tests" >&2
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  if [ ! -x "$path" ]; then
    echo "Chromium was installed, but not at $path (CHROMIUM_PATH)" >&2
    return 1
  fi
}
