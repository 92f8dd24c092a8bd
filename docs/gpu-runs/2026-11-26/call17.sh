#!/usr/bin/env bash
# Device call 17 of 2026-11-26 (session 7), H100: the corpus benchmark row of
# mccaskill_log (n = 1500, CUDA and OpenMP on 16 threads, 2 runs each) with
# the logsumexp tile product (folder made by the final compiler), by the
# benchmark runner (call 11 measured the term-by-term code: 0.824 s CUDA,
# 0.854 s OpenMP).
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
timeout 400 python3 tests/bench/run.py --corpus .carry/genF --only '^mccaskill_log$' --gpu --threads 16 --repeat 2 --budget 40 --bin /tmp/bb --out $O/bench-mlog > $O/bench-mlog.txt 2>&1; echo "bench exit $?"
grep -E '^\| ' $O/bench-mlog/results.md | tail -2
echo "== done at $SECONDS s"
