#!/usr/bin/env bash
# Device call 1 of 2026-11-25 (session 5): branch-free GPU strip cells in
# int32 that carry -inf / +inf as the stored sentinels (GpuKernel::
# Sentinels): gotoh, lcs and banded leave the case dispatch for whole
# chunks. 1. the corpus GPU verification (tests/gpu/run-corpus.sh: every
# case --verify'd against the CPU reference and dpc interp's expected
# line, score-only runs, memcheck) on folders of the new compiler
# (.carry/gen1); 2. the alignment rows of the corpus benchmark, full runs
# and score-only, for the folders of the commit before (.carry/base1:
# gotoh, lcs, banded) and the new ones, in the same run.
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
G=.carry/gen1; B=.carry/base1
for d in $G/* $B/*; do
  ( cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    cmake --build $d/build -j 2 >/dev/null 2>&1 ) || echo "BUILD FAIL $d" &
done; wait
echo "== built at $SECONDS s"
timeout 300 tests/gpu/run-corpus.sh $G $O/corpus > $O/corpus.txt 2>&1; echo "run-corpus rc=$?"
tail -26 $O/corpus.txt
for w in base:$B new:$G; do
  n=${w%%:*}; d=${w#*:}
  echo "== at $SECONDS s: $n, full runs"
  timeout 100 python3 tests/bench/run.py --corpus $d --only "gotoh|lcs|banded" --gpu --threads 16 --repeat 2 --budget 40 --bin /tmp/bb-$n --out $O/bench-$n-full > $O/bench-$n-full.txt 2>&1; echo "bench rc=$?"
  tail -5 $O/bench-$n-full.txt
  echo "== at $SECONDS s: $n, score only"
  timeout 100 python3 tests/bench/run.py --corpus $d --only "gotoh|lcs|banded" --gpu --threads 16 --repeat 2 --budget 40 --bin /tmp/bb-$n --scores-only --out $O/bench-$n-scores > $O/bench-$n-scores.txt 2>&1; echo "bench rc=$?"
  tail -5 $O/bench-$n-scores.txt
done
echo "== done at $SECONDS s"
