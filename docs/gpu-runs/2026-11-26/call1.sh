#!/usr/bin/env bash
# Device call 1 of 2026-11-26 (session 7), on main after the band merge
# (folders in .carry/genF, made by scripts/gen-corpus.sh; generated/ for
# the seeds): 1. the seed suite (tests/gpu/run.sh); 2. the corpus GPU
# verification (tests/gpu/run-corpus.sh: 183 cases, each --verify'd
# against the CPU reference and dpc interp's line, score-only runs,
# memcheck), the 20 cases of lis, triangulation and bpmax_window for the
# first time on a GPU; 3. mccaskill CUDA against OpenMP, bit for bit.
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
G=.carry/genF
for d in $G/*; do
  ( cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    cmake --build $d/build -j 2 >/dev/null 2>&1 ) || echo "BUILD FAIL $d" &
done; wait
echo "== built at $SECONDS s"
DPC_COMMIT=$(git rev-parse --short HEAD 2>/dev/null || echo main) timeout 220 tests/gpu/run.sh $O/gpu > /dev/null 2>&1; echo "run.sh rc=$?"
tail -4 $O/gpu/gpu-verification.log
echo "== corpus at $SECONDS s"
timeout 280 tests/gpu/run-corpus.sh $G $O/corpus > $O/corpus.txt 2>&1; echo "run-corpus rc=$?"
tail -28 $O/corpus.txt
python3 -c "
import random; random.seed(11)
for n in (300, 1000, 3000):
    open('/tmp/mc%d.fa' % n, 'w').write('>s%d\n' % n + ''.join(random.choice('ACGU') for _ in range(n)) + '\n')"
for n in 300 1000 3000; do
  a=$($G/mccaskill/build/mccaskill --backend=cuda --json --events=none /tmp/mc$n.fa)
  b=$($G/mccaskill/build/mccaskill --backend=openmp --json --events=none /tmp/mc$n.fa)
  [ "$a" = "$b" ] && echo "mccaskill n=$n: CUDA == OpenMP" || echo "mccaskill n=$n: DIFFER cuda $a openmp $b"
done
echo "== all done at $SECONDS s"
