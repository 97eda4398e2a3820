#!/bin/sh
# ci/deps.sh - make sure the Debian packages spgsim needs are installed.
#
# As root, installs whatever is missing with apt-get.  Otherwise prints the
# exact apt-get line to run and exits 1.  Quiet when nothing is missing.
set -u

PACKAGES="make gcc clang libc6-dev pkg-config git libyaml-dev libunicorn-dev
zlib1g-dev binutils-m68k-linux-gnu python3 python3-yaml python3-matplotlib
python3-jsonschema libclang-rt-dev"

missing=""
for p in $PACKAGES; do
    status=$(dpkg-query -W -f='${Status}' "$p" 2>&1 || true)
    case "$status" in
        *"install ok installed"*) ;;
        *) missing="$missing $p" ;;
    esac
done

[ -z "$missing" ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
    echo "spgsim needs these Debian packages:$missing" >&2
    echo "Install them with:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y$missing" >&2
    exit 1
fi

echo "ci/deps.sh: installing$missing" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null || { echo "ci/deps.sh: apt-get update failed" >&2; exit 1; }
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing >/dev/null ||
    { echo "ci/deps.sh: apt-get install$missing failed" >&2; exit 1; }
