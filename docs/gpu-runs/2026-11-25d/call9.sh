#!/usr/bin/env bash
# Device call 9 of 2026-11-25 (session 4): the corpus benchmark table from
# one run (tests/bench/run.py --corpus, every recurrence, CUDA and OpenMP on
# 16 threads, 2 runs each) at the sizes of tests/bench/corpus.tsv, with
# sw_local and editdist raised to 70000 (at 50000 their CUDA runs now take
# about 30 ms, under the 50 ms the table asks for); then the alignment rows
# score only. Compiler of commit 04881f6. Needs .carry/gen9
# (scripts/gen-corpus.sh).
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
G=.carry/gen9
for d in $G/*; do
  ( cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    cmake --build $d/build -j 2 >/dev/null 2>&1 ) || echo "BUILD FAIL $d" &
done; wait
echo "== built at $SECONDS s"
python3 tests/bench/run.py --corpus $G --gpu --threads 16 --repeat 2 --budget 40 --bin /tmp/bb --out $O/bench-full > $O/bench-full.txt 2>&1; echo "bench exit $?"
tail -20 $O/bench-full.txt
echo "== at $SECONDS s: alignment rows, score only"
python3 tests/bench/run.py --corpus $G --only "sw_local|editdist|lcs|gotoh|banded" --gpu --threads 16 --repeat 2 --budget 40 --bin /tmp/bb --scores-only --out $O/bench-scores > $O/bench-scores.txt 2>&1; echo "bench exit $?"
tail -7 $O/bench-scores.txt
echo "== done at $SECONDS s"
