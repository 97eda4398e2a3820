#!/bin/sh
# ci/test.sh - README's test command: install what is missing, build, run
# every test (ci/run-tests.sh), end with "N passed, N failed".
set -u
cd "$(dirname "$0")/.." || exit 2
sh ci/deps.sh test || exit 1
exec sh ci/run-tests.sh
