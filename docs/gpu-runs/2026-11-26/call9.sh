#!/usr/bin/env bash
# Device call 9 of 2026-11-26 (session 7): the CPU side of sequential loops
# around parallel loops: one OpenMP parallel region around the sequential
# loop, `omp for` inside (ThreadMap::OmpRegion), against a region opened
# per row (the folders of .carry/seqbase, made before both changes of this
# session), OpenMP on 16 threads, 3 runs each; then the same folders' CUDA
# at the corpus sizes (the GPU change of call 3 at those sizes).
# Prediction: knapsack01 n = 20000: 20001 rows of 30001 cells, ~2 ns a
# cell over 16 threads = ~4 us a row, plus a fork/join of ~5-10 us per row
# before and a barrier of ~1-2 us after: 0.61 s -> ~0.15-0.25 s;
# coin_change (300 coins a cell) is compute-bound: little change.
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
mkdir -p /tmp/g9 && cp -r .carry/genF/knapsack01 .carry/genF/coin_change /tmp/g9/
for d in /tmp/g9/* .carry/seqbase/*; do
  ( cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    cmake --build $d/build -j 8 >/dev/null 2>&1 ) || echo "BUILD FAIL $d" &
done; wait
echo "== built at $SECONDS s"
for g in .carry/seqbase /tmp/g9; do
  timeout 200 python3 tests/bench/run.py --corpus $g --corpus-table docs/gpu-runs/2026-11-26/omp.tsv --gpu --threads 16 --repeat 3 --budget 30 --bin /tmp/bb --out $O/omp-$(basename $g) > $O/omp-$(basename $g).txt 2>&1; echo "$g: exit $?"
  grep -E '^\| (knap|coin)' $O/omp-$(basename $g)/results.md
done
echo "== all done at $SECONDS s"
