#!/usr/bin/env bash
# Runs a libFuzzer harness of tests/fuzz for a given time:
#   scripts/fuzz.sh check|inputs SECONDS [libFuzzer options...]
# Builds the harnesses (clang-19, ASan + UBSan + coverage) into build-fuzz,
# keeps the corpus it grows in build-fuzz/corpus/TARGET (seeded with every
# .dp of the repository for `check`, tests/fuzz/inputs-seeds for `inputs`),
# and writes what it finds (crash-*, timeout-*, oom-*) into
# build-fuzz/artifacts/TARGET/. Each run's log is build-fuzz/logs/TARGET-DATE.log;
# its line "stat::number_of_executed_units" counts the executions.
# A unit running over 60 s is reported as a timeout; on a loaded machine
# time a timeout-* input with `dpc check --isl-max-ops=300000 FILE` before
# calling it a hang. Exit status: libFuzzer's (non-zero when it found
# something).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
TARGET=${1:?usage: scripts/fuzz.sh check|inputs SECONDS [libFuzzer options]}
SECONDS_=${2:?usage: scripts/fuzz.sh check|inputs SECONDS [libFuzzer options]}
shift 2
case "$TARGET" in check|inputs) ;; *) echo "fuzz.sh: unknown target '$TARGET'" >&2; exit 2;; esac
B=$ROOT/build-fuzz
if [ ! -f "$B/build.ninja" ]; then
  cmake -S . -B "$B" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DDPC_FUZZ=ON \
    -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 >/dev/null
fi
cmake --build "$B" --target "fuzz-$TARGET"
CORPUS=$B/corpus/$TARGET
ART=$B/artifacts/$TARGET
LOG=$B/logs/$TARGET-$(date +%Y%m%d-%H%M%S).log
mkdir -p "$CORPUS" "$ART" "$B/logs"
SEEDS=()
if [ "$TARGET" = check ]; then
  SEEDS=("$B/seeds-check")
  rm -rf "$B/seeds-check" && mkdir -p "$B/seeds-check"
  git ls-files '*.dp' | while read -r f; do cp "$f" "$B/seeds-check/${f//\//_}"; done
  OPTS=(-dict="$ROOT/tests/fuzz/dp.dict" -max_len=8192 -close_fd_mask=3)
else
  SEEDS=("$ROOT/tests/fuzz/inputs-seeds")
  OPTS=(-max_len=4096)
fi
cd "$B"
set +e
"$B/bin/fuzz-$TARGET" "$CORPUS" "${SEEDS[@]}" -max_total_time="$SECONDS_" \
  -timeout=60 -rss_limit_mb=4096 -artifact_prefix="$ART/" -print_final_stats=1 \
  "${OPTS[@]}" "$@" 2>&1 | tee "$LOG"
rc=${PIPESTATUS[0]}
echo "fuzz.sh: $TARGET exit status $rc; executions: $(grep -o 'number_of_executed_units: [0-9]*' "$LOG" | tail -1)"
exit "$rc"
