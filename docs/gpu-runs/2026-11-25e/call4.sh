#!/usr/bin/env bash
# Device call 4 of 2026-11-25 (session 5), on main `3021215` (the library
# merged: every generated folder's main goes through NAME_host.cpp):
# 1. the corpus GPU verification on folders of this compiler (.carry/gen4);
# 2. the batch benchmark (tests/bench/run.py --batch: the database search
# through sw_local, 2000 RNAs through generated/nussinov), to see that the
# rewritten batch loop of main kept its speed (call 10 of the fourth
# session: 0.0703 s GPU for the search, 0.0293 s for the RNAs).
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
G=.carry/gen4
for d in $G/* generated/nussinov; do
  ( cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    cmake --build $d/build -j 2 >/dev/null 2>&1 ) || echo "BUILD FAIL $d" &
done; wait
echo "== built at $SECONDS s"
timeout 300 tests/gpu/run-corpus.sh $G $O/corpus > $O/corpus.txt 2>&1; echo "run-corpus rc=$?"
tail -21 $O/corpus.txt
echo "== at $SECONDS s: batch benchmark"
timeout 200 python3 tests/bench/run.py --batch --corpus $G --gpu --threads 16 --repeat 2 --budget 90 --out $O/batch > $O/batch.txt 2>&1; echo "batch rc=$?"
tail -12 $O/batch.txt
echo "== done at $SECONDS s"
