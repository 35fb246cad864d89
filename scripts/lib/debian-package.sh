# Sourced by scripts/test.sh, .ci/run and scripts/local-model.sh: makes sure a program the tests
# need is installed, from Debian's packages when it is missing and this user may run apt-get
# (root, or sudo without a password); otherwise it says how.
#   ensure_debian_package <path of the program> <Debian package> <what the tests use it for> [<hint>]
ensure_debian_package() {
  local path="$1" package="$2" purpose="$3" hint="${4:-}"
  if [ -x "$path" ]; then return; fi
  if ! can_install_debian_packages; then
    echo "no $path for $purpose:" >&2
    echo "  install it with \`sudo apt-get install -y $package\`$hint" >&2
    return 1
  fi
  echo "installing $package (Debian package) for $purpose" >&2
  install_debian_packages "$package"
  if [ ! -x "$path" ]; then
    echo "$package was installed, but $path is still missing" >&2
    return 1
  fi
}

# Whether this user may run apt-get: root, or sudo without a password.
can_install_debian_packages() {
  command -v apt-get >/dev/null 2>&1 && { [ "$(id -u)" = 0 ] || sudo -n true 2>/dev/null; }
}

# install_debian_packages <package>...: apt-get install, through sudo when not root.
install_debian_packages() {
  local sudo=()
  if [ "$(id -u)" != 0 ]; then sudo=(sudo -n); fi
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

# The dashboard's browser tests drive Debian's Chromium through playwright-core (Playwright's own
# browser download is not used). CHROMIUM_PATH points at another binary.
ensure_chromium() {
  ensure_debian_package "${CHROMIUM_PATH:-/usr/bin/chromium}" chromium \
    "the dashboard's browser tests" ", or set CHROMIUM_PATH"
}

# Model-written code (code benchmarks) runs only in a bubblewrap sandbox; its tests need one.
ensure_bubblewrap() {
  ensure_debian_package /usr/bin/bwrap bubblewrap "the code sandbox's tests"
}
