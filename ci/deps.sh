#!/bin/sh
# ci/deps.sh [suite|report|test] - make sure the Debian packages a task
# needs are installed.
#
#   suite   build spgsim and run `spgsim check` (README's first command)
#   report  the suite plus the accuracy report (make report)
#   test    everything: every test, both compilers, the capture self-tests
#           (the default)
#
# As root, installs whatever is missing with apt-get.  Otherwise prints the
# exact apt-get line to run and exits 1.  Quiet when nothing is missing.
# SPGSIM_NO_INSTALL=1: never install, only say what is missing (exit 1).
# `sh ci/deps.sh --list GROUP` prints the group's packages.
set -u

# What building spgsim and running `spgsim check` use: the C compiler and
# C library, pkg-config, and the libraries the binary links (libyaml for
# scenarios, Unicorn for capture, zlib for .bk2 movies).
SUITE_PACKAGES="make gcc libc6-dev pkg-config libyaml-dev libunicorn-dev
zlib1g-dev"
REPORT_PACKAGES="$SUITE_PACKAGES python3 python3-yaml"
# The trace viewer's browser test (scripts/tests/test_viewer.py): headless
# Chromium driven by Selenium.
PACKAGES="make gcc clang libc6-dev pkg-config git libyaml-dev libunicorn-dev
zlib1g-dev binutils-m68k-linux-gnu python3 python3-yaml python3-jsonschema
g++ libclang-rt-dev chromium chromium-driver python3-selenium"

list=0
if [ "${1:-}" = "--list" ]; then
    list=1
    shift
fi
case "${1:-test}" in
    suite) want=$SUITE_PACKAGES ;;
    report) want=$REPORT_PACKAGES ;;
    test|all) want=$PACKAGES ;;
    *) echo "usage: sh ci/deps.sh [--list] [suite|report|test]" >&2; exit 2 ;;
esac
if [ "$list" -eq 1 ]; then
    echo $want
    exit 0
fi

missing=""
for p in $want; do
    status=$(dpkg-query -W -f='${Status}' "$p" 2>&1 || true)
    case "$status" in
        *"install ok installed"*) ;;
        *) missing="$missing $p" ;;
    esac
done

[ -z "$missing" ] && exit 0

if [ "$(id -u)" -ne 0 ] || [ "${SPGSIM_NO_INSTALL:-}" = 1 ]; then
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
