#!/usr/bin/env bash
# Device run 7: tile kernels without products get fewer threads per block
# (twice the average anti-diagonal): corpus verification and the alignment
# rows of the corpus benchmark.
set -u
cd "$(dirname "$0")/.."
O=${OUT:-/tmp/o}; mkdir -p $O
ls .carry/corpus | xargs -P 8 -I{} sh -c 'cmake -S .carry/corpus/{} -B .carry/corpus/{}/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && cmake --build .carry/corpus/{}/build -j 2 >/dev/null 2>&1 || echo BUILD FAIL {}'
tests/gpu/run-corpus.sh --backend=cuda .carry/corpus $O/corpus > $O/corpus.txt 2>&1; echo "run-corpus rc=$?"
tail -17 $O/corpus.txt
for r in sw_local editdist; do
  compute-sanitizer --tool racecheck --error-exitcode 99 .carry/corpus/$r/build/$r --backend=cuda --in a=@.carry/in/a300.fa --in b=@.carry/in/b450.fa > $O/san.txt 2>&1 && echo "PASS racecheck $r" || { echo "FAIL racecheck $r"; head $O/san.txt; }
done
export PYTHONUNBUFFERED=1
timeout 300 python3 tests/bench/run.py --corpus .carry/corpus --gpu --threads 16 --repeat 2 --budget 20 --only '^(sw_local|gotoh|lcs|editdist|banded|align3|knapsack)$' --out $O/bench > $O/bench.log 2>&1
grep -A12 "^recurrence" $O/bench.log
