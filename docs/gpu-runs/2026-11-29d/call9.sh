#!/usr/bin/env bash
# Call 9 (2026-11-29d): main at 45f2415 as committed (F's four-block
# instance, without call 7's change): the GPU suite on generated/ and,
# beside it, the corpus suite on bpmax_window (compiled by this tree).
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call9.log) 2>&1
bash tests/gpu/run.sh /tmp/gpu > $OUT/call9-gpu.out 2>&1 & G=$!
timeout 300 bash tests/gpu/run-corpus.sh --only=bpmax_window .carry/C /tmp/corpus > $OUT/call9-corpus.out 2>&1; echo "corpus suite rc $? at $SECONDS s"
wait $G; echo "gpu suite rc $? at $SECONDS s"
tail -2 $OUT/call9-gpu.out; tail -4 $OUT/call9-corpus.out
echo "== done at $SECONDS s"
