#!/usr/bin/env bash
# Call 4 (2026-11-29d): main at 7146518 (split-over-k blocks per SM from a
# register budget, the exact soft-infinity instance).
#  1. the runner: BPMax N = M = 128 and 256, generated CUDA, three runs;
#  2. the GPU suite (tests/gpu/run.sh: every case with and without
#     --wide-indices, memcheck, racecheck) beside the corpus suite on
#     bpmax_window (the other recurrence whose product changed).
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call4.log) 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader
P=
for d in generated/bpmax .carry/C/bpmax_window; do r=$(basename $d)
  ( cmake -S $d -B $d/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    ninja -C $d/build $r >/dev/null 2>&1 || echo "BUILD FAIL $d" ) & P+=" $!"
done
wait $P; echo "built at $SECONDS s"
timeout 200 python3 tests/bench/run.py --out /tmp/bench --commit 7146518 --cuda-only \
  --recurrences bpmax --bpmax-sizes 128,256 --repeat 3 --only 'bpmax/generated/cuda' > $OUT/call4-bench.log 2>&1; echo "bench rc=$? at $SECONDS s"
cp /tmp/bench/results.md $OUT/call4-bench-results.md; cp /tmp/bench/results.csv $OUT/call4-bench-results.csv
grep -E "^\| (bpmax|peak)" $OUT/call4-bench-results.md | head -8
bash tests/gpu/run.sh /tmp/gpu > $OUT/call4-gpu.out 2>&1 & G=$!
timeout 300 bash tests/gpu/run-corpus.sh --only=bpmax_window .carry/C /tmp/corpus > $OUT/call4-corpus.out 2>&1; echo "corpus suite rc $? at $SECONDS s"
wait $G; echo "gpu suite rc $? at $SECONDS s"
tail -4 $OUT/call4-gpu.out; tail -4 $OUT/call4-corpus.out
echo "== done at $SECONDS s"
