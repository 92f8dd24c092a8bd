#!/usr/bin/env bash
# Device call 3 of 2026-11-26 (session 7): sequential loops around wide
# parallel loops shared by several blocks of a problem (a barrier in global
# memory, cooperative launch; GpuKernel::SharedSequence).
# 1. correctness: the corpus cases of knapsack01 and coin_change (tests/gpu/
#    run-corpus.sh on this copy's cases file cut to those two: 9 + 4 + 6 +
#    2 cases, the new ones with rows of 2048 to 48 032 threads, so 2 to 47
#    blocks per problem), each --verify'd against the CPU reference and
#    compared with dpc interp's line, score-only runs, memcheck;
# 2. time: the two recurrences at call 2's sizes, the folders of the commit
#    before (.carry/seqbase) and after (.carry/genF), CUDA, 3 runs each.
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
mkdir -p /tmp/g3 && cp -r .carry/genF/knapsack01 .carry/genF/coin_change /tmp/g3/
grep -E '^(#|knapsack01|coin_change)' tests/gpu/corpus-cases.tsv > /tmp/cases && cp /tmp/cases tests/gpu/corpus-cases.tsv
for d in /tmp/g3/* .carry/seqbase/*; do
  ( cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    cmake --build $d/build -j 4 >/dev/null 2>&1 ) || echo "BUILD FAIL $d" &
done; wait
echo "== built at $SECONDS s"
timeout 200 tests/gpu/run-corpus.sh /tmp/g3 $O/corpus > $O/corpus.txt 2>&1; echo "run-corpus rc=$?"
grep -E 'FAIL|^knapsack01|^coin_change|SUMMARY' $O/corpus.txt | head -20
echo "== timing at $SECONDS s"
for g in .carry/seqbase /tmp/g3; do
  timeout 150 python3 tests/bench/run.py --corpus $g --corpus-table docs/gpu-runs/2026-11-26/seq.tsv --gpu --cuda-only --repeat 3 --budget 30 --bin /tmp/bb --out $O/seq-$(basename $g) > $O/seq-$(basename $g).txt 2>&1; echo "$g: exit $?"
  grep -E '^\| (knap|coin)' $O/seq-$(basename $g).txt
done
echo "== all done at $SECONDS s"
