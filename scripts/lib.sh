# Shared helpers for the test scripts. Each says exactly what is missing when it cannot install it.

say() { printf '\n== %s\n' "$*"; }

apt_updated=''
# Installs Debian packages when we are root with apt-get; otherwise names what to install and fails.
ensure_debian_packages() {
  local missing_reason="$1"; shift
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    if [ -z "$apt_updated" ]; then
      DEBIAN_FRONTEND=noninteractive apt-get update -qq && apt_updated=1
    fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
  else
    echo "Missing: $missing_reason. Install the Debian package(s): sudo apt-get install $*" >&2
    return 1
  fi
}
