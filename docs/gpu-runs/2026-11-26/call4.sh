#!/usr/bin/env bash
# Device call 4 of 2026-11-26 (session 7): the corpus benchmark table
# (tests/bench/run.py --corpus: every recurrence of tests/bench/corpus.tsv at
# its size, CUDA and OpenMP on 16 threads, 2 runs each, peaks measured in
# the same run), in two parts so that each fits a call: the 14 rows of
# earlier sessions here (--only), the 6 rows new this session and the
# alignment rows score only in call 5, on the same machine.
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
G=.carry/genF
NEW="mccaskill_log|lcs_eq|knapsack01|coin_change|lis|triangulation"
OLD="sw_local|gotoh|^lcs$|editdist|banded|align3|matrix_chain|obst|cyk|rnafold|^mccaskill$|nussinov_weighted|^knapsack$|segment"
part=${1:-old}
if [ "$part" = old ]; then
  for d in $G/*; do
    ( cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
      cmake --build $d/build -j 2 >/dev/null 2>&1 ) || echo "BUILD FAIL $d" &
  done; wait
  echo "== built at $SECONDS s"
  timeout 480 python3 tests/bench/run.py --corpus $G --only "$OLD" --gpu --threads 16 --repeat 2 --budget 40 --bin /tmp/bb --out $O/bench-old > $O/bench-old.txt 2>&1; echo "bench exit $?"
  grep -E '^\| ' $O/bench-old.txt | tail -16
else
  timeout 330 python3 tests/bench/run.py --corpus $G --only "$NEW" --gpu --threads 16 --repeat 2 --budget 40 --bin /tmp/bb --out $O/bench-new > $O/bench-new.txt 2>&1; echo "bench exit $?"
  grep -E '^\| ' $O/bench-new.txt | tail -8
  echo "== at $SECONDS s: alignment rows, score only"
  timeout 150 python3 tests/bench/run.py --corpus $G --only "sw_local|editdist|^lcs$|gotoh|banded" --gpu --threads 16 --repeat 2 --budget 40 --bin /tmp/bb --no-build --scores-only --out $O/bench-scores > $O/bench-scores.txt 2>&1; echo "bench exit $?"
  grep -E '^\| ' $O/bench-scores.txt | tail -7
fi
echo "== done at $SECONDS s"
