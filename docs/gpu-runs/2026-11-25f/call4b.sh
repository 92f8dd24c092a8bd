#!/usr/bin/env bash
# Device call 4b of 2026-11-25 (session 6), right after call 4 on the same
# machine (the folders of .carry/genF built there): the corpus benchmark
# table (tests/bench/run.py --corpus: every recurrence at its size, CUDA
# and OpenMP on 16 threads, 2 runs each, peaks measured in the same run),
# and the alignment rows score only.
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
G=.carry/genF
timeout 420 python3 tests/bench/run.py --corpus $G --gpu --threads 16 --repeat 2 --budget 40 --bin /tmp/bb --out $O/bench-full > $O/bench-full.txt 2>&1; echo "bench exit $?"
tail -24 $O/bench-full.txt
echo "== at $SECONDS s: alignment rows, score only"
timeout 120 python3 tests/bench/run.py --corpus $G --only "sw_local|editdist|lcs|gotoh|banded" --gpu --threads 16 --repeat 2 --budget 40 --bin /tmp/bb --scores-only --out $O/bench-scores > $O/bench-scores.txt 2>&1; echo "bench exit $?"
tail -8 $O/bench-scores.txt
echo "== done at $SECONDS s"
