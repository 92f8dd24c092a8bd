#!/usr/bin/env bash
# Device call 12 of 2026-11-26 (session 7), H100: lcs at its new benchmark
# size (75000; 49.9 ms at 70000 in call 10), CUDA and OpenMP, 2 runs each,
# as tests/bench/run.py --corpus runs the table's rows.
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
timeout 400 python3 tests/bench/run.py --corpus .carry/genF --only '^lcs$' --gpu --threads 16 --repeat 2 --budget 40 --bin /tmp/bb --out $O/bench-lcs > $O/bench-lcs.txt 2>&1; echo "bench exit $?"
grep -E '^\| ' $O/bench-lcs/results.md | tail -2
grep -E 'NOTICE: lcs' $O/bench-lcs.txt
echo "== done at $SECONDS s"
