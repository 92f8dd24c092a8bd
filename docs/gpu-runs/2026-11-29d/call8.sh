#!/usr/bin/env bash
# Call 8 (2026-11-29d): issue 13's BPMax section from one runner run at
# main 45f2415 (the register budget, the exact soft-infinity instance and
# F's four-block instance): generated CUDA at N = M = 96, 128 and 256, and
# generated OpenMP (16 threads) beside the hand-written bpmax-omp at 96 and
# 128 (--budget 30 skips the CPU codes at 256).
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call8.log) 2>&1
C=45f2415
d=generated/bpmax
cmake -S $d -B $d/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && ninja -C $d/build bpmax >/dev/null 2>&1 || echo "BUILD FAIL"
echo "built at $SECONDS s"
timeout 450 python3 tests/bench/run.py --out /tmp/bench --commit $C --gpu --recurrences bpmax --bpmax-sizes 96,128,256 \
  --budget 30 --threads 16 --repeat 3 --only 'bpmax/(generated/(cuda|openmp)|bpmax-omp)' > $OUT/call8-bench.log 2>&1; echo "bench rc=$? at $SECONDS s"
cp /tmp/bench/results.md $OUT/call8-bench-results.md; cp /tmp/bench/results.csv $OUT/call8-bench-results.csv
grep -E "^\| (bpmax|peak)" $OUT/call8-bench-results.md | head -20
echo "== done at $SECONDS s"
