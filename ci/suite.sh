#!/bin/sh
# ci/suite.sh [CHECK OPTIONS...] - README's first command: install only the
# packages the suite needs (ci/deps.sh suite), build, run the bundled
# conformance suite and print its summary.  Arguments go to `spgsim check`,
# e.g. sh ci/suite.sh -q --junit build/junit.xml --json build/check.json
set -u
cd "$(dirname "$0")/.." || exit 2
sh ci/deps.sh suite || exit 1
make -s -j2 all || exit 2
exec build/spgsim check "$@"
