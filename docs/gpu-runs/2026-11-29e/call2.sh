#!/usr/bin/env bash
# Call 2 (2026-11-29e): main at 32ef926 (a masked product's U(tile) as one
# convex set). 1. The GPU suite (tests/gpu/run.sh: every seed with
# --verify, device and host traceback, memcheck, racecheck, --wide-indices)
# beside the corpus suite on bpmax_window (.carry/C, compiled by 32ef926's
# dpc). 2. Then, alone on the machine, issue 13's BPMax section from one
# runner run: generated CUDA at N = M = 96, 128, 256, generated OpenMP (16
# threads) beside the hand-written bpmax-omp at 96 and 128.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call2.log) 2>&1
C=32ef926
bash tests/gpu/run.sh /tmp/gpu > $OUT/call2-gpu.out 2>&1 & G=$!
timeout 300 bash tests/gpu/run-corpus.sh --only=bpmax_window .carry/C /tmp/corpus > $OUT/call2-corpus.out 2>&1; echo "corpus suite rc $? at $SECONDS s"
wait $G; echo "gpu suite rc $? at $SECONDS s"
tail -2 $OUT/call2-gpu.out; tail -4 $OUT/call2-corpus.out
d=generated/bpmax
cmake -S $d -B $d/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && ninja -C $d/build bpmax >/dev/null 2>&1 || echo "BUILD FAIL"
timeout 330 python3 tests/bench/run.py --out /tmp/bench --commit $C --gpu --recurrences bpmax --bpmax-sizes 96,128,256 \
  --budget 30 --threads 16 --repeat 3 --only 'bpmax/(generated/(cuda|openmp)|bpmax-omp)' > $OUT/call2-bench.log 2>&1; echo "bench rc=$? at $SECONDS s"
cp /tmp/bench/results.md $OUT/call2-bench-results.md; cp /tmp/bench/results.csv $OUT/call2-bench-results.csv
grep -E "^\| (bpmax|peak)" $OUT/call2-bench-results.md | head -20
echo "== done at $SECONDS s"
