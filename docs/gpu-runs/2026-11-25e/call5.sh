#!/usr/bin/env bash
# Device call 5 of 2026-11-25 (session 5), on the session's last compiler:
# 1. the corpus benchmark table from one run (tests/bench/run.py --corpus,
# every recurrence, CUDA and OpenMP on 16 threads, 2 runs each), then the
# alignment rows score only; 2. the located overflow error on the GPU:
# tests/gen/Inputs/pascal.dp past the int range with --backend=cuda names
# the same cell as OpenMP (the untiled reference recomputes the problem).
# Needs .carry/gen5 (scripts/gen-corpus.sh) and .carry/pascal5.
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
G=.carry/gen5
for d in $G/* .carry/pascal5; do
  ( cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    cmake --build $d/build -j 2 >/dev/null 2>&1 ) || echo "BUILD FAIL $d" &
done; wait
echo "== built at $SECONDS s"
A=ACGTACGTACGTACGTACGT; B=ACGTACGTACGTACGTAC
for b in cuda openmp; do
  .carry/pascal5/build/pascal --backend=$b --in a=$A --in b=$B --events=none 2>&1; echo "pascal $b rc=$?"
done
echo "== at $SECONDS s: corpus benchmark"
timeout 330 python3 tests/bench/run.py --corpus $G --gpu --threads 16 --repeat 2 --budget 40 --bin /tmp/bb --out $O/bench-full > $O/bench-full.txt 2>&1; echo "bench exit $?"
tail -17 $O/bench-full.txt
echo "== at $SECONDS s: alignment rows, score only"
timeout 100 python3 tests/bench/run.py --corpus $G --only "sw_local|editdist|lcs|gotoh|banded" --gpu --threads 16 --repeat 2 --budget 40 --bin /tmp/bb --scores-only --out $O/bench-scores > $O/bench-scores.txt 2>&1; echo "bench exit $?"
tail -7 $O/bench-scores.txt
echo "== done at $SECONDS s"
