#!/usr/bin/env bash
# Device call 7 of 2026-11-25 (session 3): the batch benchmark
# (tests/bench/run.py --batch: 2000 RNAs through generated/nussinov, and one
# DNA query of 1000 nt against 20000 targets of 200..2000 nt through the
# corpus sw_local) after score-only runs keep two rows of sw_local's H: the
# database search asks for scores only, so each target's table is now
# O(N + M). Needs .carry/gen3 (scripts/gen-corpus.sh).
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
for d in generated/nussinov .carry/gen3/sw_local; do
  ( cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    cmake --build $d/build -j 8 >/dev/null 2>&1 ) || echo "BUILD FAIL $d" &
done; wait
echo "== built at $SECONDS s"
python3 tests/bench/run.py --batch --corpus .carry/gen3 --gpu --threads 16 --repeat 2 --budget 90 --out $O/bench > $O/bench.log 2>&1; echo "bench rc=$?"
tail -12 $O/bench.log
echo "== done at $SECONDS s"
