#!/usr/bin/env bash
# Every test: install, build, run the lit suite; then the sanitizer step.
# The lit suite's directories are split between the two so that each test
# runs once: the ones whose time goes into building and running generated
# folders (gen/, corpus/, run/, docs/, generated/, baselines/) here with
# the normal dpc; the ones that exercise dpc alone (check/, emit/, interp/,
# diff/) in scripts/sanitize.sh with dpc under ASan/UBSan, which also
# compiles every recurrence those folders come from and runs the seeds'
# generated code under the sanitizers. (`cmake --build build --target
# check` runs the whole suite with the normal dpc.)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
start=$(date +%s)
# lit runs the slowest tests first where it knows their times: a copy of a
# recent run's (tests/lit-test-times.txt) where this build has none.
[ -f build/tests/.lit_test_times.txt ] || cp tests/lit-test-times.txt build/tests/.lit_test_times.txt
python3 /usr/lib/llvm-19/build/utils/lit/lit.py -sv build/tests \
  --filter-out='^dpc :: (check|emit|interp|diff)/'
echo "run-tests: lit suite (normal dpc) done in $(( $(date +%s) - start )) s"
scripts/sanitize.sh
