#!/usr/bin/env bash
# Device call 10 of 2026-11-25 (session 4): the corpus GPU verification on
# the merged main (whole chunks for branch-free strip kernels; the
# data-dependent reads and guards of issue 14 with their three new
# recurrences knapsack01, lcs_eq, coin_change and their 24 cases; --unknown):
# tests/gpu/run-corpus.sh (--verify'd full runs, score-only runs, memcheck),
# folders built in parallel first; then the database search of the batch
# benchmark (1000 nt x 20000 targets). Needs .carry/gen10.
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
G=.carry/gen10
for d in $G/* generated/nussinov; do
  ( cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    cmake --build $d/build -j 2 >/dev/null 2>&1 ) || echo "BUILD FAIL $d" &
done; wait
echo "== built at $SECONDS s"
DPC_COMMIT=merged timeout 360 tests/gpu/run-corpus.sh $G $O/corpus > $O/corpus.txt 2>&1; echo "run-corpus rc=$?"
tail -24 $O/corpus.txt
echo "== at $SECONDS s: database search (tests/bench/run.py --batch)"
timeout 200 python3 tests/bench/run.py --batch --corpus $G --gpu --threads 16 --repeat 2 --budget 90 --out $O/batch > $O/batch.txt 2>&1; echo "batch rc=$?"
tail -12 $O/batch.txt
echo "== done at $SECONDS s"
