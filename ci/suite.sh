#!/bin/sh
# ci/suite.sh - README's first command: install what is missing, build, run
# the bundled conformance suite and print its summary.
set -u
cd "$(dirname "$0")/.." || exit 2
sh ci/deps.sh || exit 1
make -s -j2 all || exit 2
exec build/spgsim check scenarios
