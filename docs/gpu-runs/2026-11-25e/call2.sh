#!/usr/bin/env bash
# Device call 2 of 2026-11-25 (session 5): tile products over operands that
# may be -inf / +inf (SplitInfo::SoftInf) with the tile's wide flag: where
# every finite operand a product read lies within +-2^28, its result alone
# is exact or the infinity (no recomputed cells); and sequential cells with
# reductions on blocks of 512 threads (256 before). 1. the corpus GPU
# verification on folders of the new compiler (.carry/gen2); 2. cyk and
# segment in the corpus benchmark, the commit before (.carry/base2) and the
# new folders, in the same run.
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
G=.carry/gen2; B=.carry/base2
for d in $G/* $B/*; do
  ( cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    cmake --build $d/build -j 2 >/dev/null 2>&1 ) || echo "BUILD FAIL $d" &
done; wait
echo "== built at $SECONDS s"
timeout 300 tests/gpu/run-corpus.sh $G $O/corpus > $O/corpus.txt 2>&1; echo "run-corpus rc=$?"
tail -22 $O/corpus.txt
for w in base:$B new:$G; do
  n=${w%%:*}; d=${w#*:}
  echo "== at $SECONDS s: $n"
  timeout 150 python3 tests/bench/run.py --corpus $d --only "cyk|segment" --gpu --threads 16 --repeat 2 --budget 60 --bin /tmp/bb-$n --out $O/bench-$n > $O/bench-$n.txt 2>&1; echo "bench rc=$?"
  tail -4 $O/bench-$n.txt
done
echo "== done at $SECONDS s"
