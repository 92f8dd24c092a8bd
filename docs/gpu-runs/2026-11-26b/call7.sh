#!/usr/bin/env bash
# Device call 7 of 2026-11-26 (session 8), on the final tree of the
# session (generated/ regenerated): the seed GPU suite (tests/gpu/run.sh:
# every case with --verify, memcheck and racecheck, Nussinov/Chang at
# n = 16000), bpmax_window's corpus cases with --verify (.carry/bw3 =
# dpc compile recurrences/bpmax_window.dp), and the benchmark runner's
# BPMax rows (generated CUDA and OpenMP beside the hand-written OpenMP
# baseline, N = M = 64, 96, 128, 3 repeats; the peaks of the same run).
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
C=${DPC_COMMIT:-wip}
DPC_COMMIT=$C timeout 300 tests/gpu/run.sh $O/gpu > /dev/null 2>&1; echo "run.sh rc=$?"
tail -6 $O/gpu/gpu-verification.log
echo "== seed suite done at $SECONDS s"
cmake -S .carry/bw3 -B /tmp/bw -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && cmake --build /tmp/bw -j 16 >/dev/null 2>&1 || echo "BUILD FAIL bw3"
pass=0; fail=0
while IFS=$'\t' read -r rec args expected; do
  [ "$rec" = bpmax_window ] || continue
  got=$(/tmp/bw/bpmax_window --backend=cuda --verify --json $args 2>$O/err.txt); rc=$?
  if [ $rc -eq 0 ] && [ "$got" = "$expected" ]; then pass=$((pass+1)); else fail=$((fail+1)); echo "FAIL $(echo $args | cut -c1-60) rc=$rc"; fi
done < tests/gpu/corpus-cases.tsv
echo "bpmax_window cases: $pass passed, $fail failed"
timeout 330 python3 tests/bench/run.py --out $O/bench --commit $C --gpu --recurrences bpmax --bpmax-sizes 64,96,128 \
  --threads 16 --repeat 3 --only 'bpmax/(generated/(cuda|openmp)|bpmax-omp)' > $O/bench.log 2>&1; echo "bench rc=$?"
grep -E "^\| (bpmax|peak)" $O/bench/results.md | head -20
echo "== all done at $SECONDS s"
