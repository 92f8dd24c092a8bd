#!/usr/bin/env bash
# Device call 2 of 2026-11-25 (session 6): tile copies with halos (the
# cells of earlier tiles that a tile's cells read at constant offsets, in
# shared memory) and point wavefronts along a member that carries every
# dependence (knapsack: rows, not anti-diagonals).
# 1. the seed suite (tests/gpu/run.sh: generated/ has halos now);
# 2. the corpus GPU verification on folders of the new compiler (gen2);
# 3. CUDA times, base (.carry/base1: the session's start) against new, of
#    every recurrence whose kernels changed; the seeds at n = 16000;
#    align3 with other tile shapes (schedule blocks) and Damerau-Levenshtein
#    (reads two cells back: tile-wavefront family) base and new.
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
G=.carry/gen2; B=.carry/base1; V=.carry/var; SB=.carry/seedbase
CH="cyk|knapsack|align3|obst|rnafold|nussinov_weighted|matrix_chain|mccaskill"
for d in $G/* $V/* $SB/*; do
  ( cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    cmake --build $d/build -j 2 >/dev/null 2>&1 ) || echo "BUILD FAIL $d" &
done
for r in cyk knapsack align3 obst rnafold nussinov_weighted matrix_chain; do
  d=$B/$r
  ( cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    cmake --build $d/build -j 2 >/dev/null 2>&1 ) || echo "BUILD FAIL $d" &
done; wait
echo "== built at $SECONDS s"
DPC_COMMIT=halo timeout 240 tests/gpu/run.sh $O/gpu > /dev/null 2>&1; echo "run.sh rc=$?"
tail -8 $O/gpu/gpu-verification.log
echo "== corpus at $SECONDS s"
timeout 220 tests/gpu/run-corpus.sh $G $O/corpus > $O/corpus.txt 2>&1; echo "run-corpus rc=$?"
tail -22 $O/corpus.txt
echo "== bench at $SECONDS s"
for w in base:$B new:$G; do
  n=${w%%:*}; d=${w#*:}
  timeout 70 python3 tests/bench/run.py --corpus $d --only "^($CH)\$" --gpu --cuda-only --threads 16 --repeat 2 --budget 30 --bin /tmp/bb-$n --out /tmp/bench-$n > $O/bench-$n.txt 2>&1; echo "bench $n rc=$?"
  grep -E "^(recurrence|$CH) " $O/bench-$n.txt
done
echo "== variants at $SECONDS s"
python3 - <<'PY'
import random
random.seed(5)
s = lambda n, a: ''.join(random.choice(a) for _ in range(n))
open('/tmp/a3.txt', 'w').write(' '.join('--in %s=%s' % (x, s(600, 'ACGT')) for x in 'abc'))
open('/tmp/dl.txt', 'w').write('--in a=%s --in b=%s' % (s(20000, 'ACGT'), s(20000, 'ACGT')))
open('/tmp/s16k.fa', 'w').write('>s\n' + s(16000, 'ACGU') + '\n')
PY
t() { # label binary args...: the min compute time of 2 runs, and the output
  local l=$1; shift
  local a b
  a=$(timeout 60 "$@" --backend=cuda --events=none --timing 2>&1 | grep -oE "compute [0-9.]+ s" | head -1)
  b=$(timeout 60 "$@" --backend=cuda --events=none --timing 2>&1 | grep -E "compute [0-9.]+ s|= " | tr '\n' ' ' | grep -oE "= -?[0-9.e+-]+|compute [0-9.]+ s" | tr '\n' ' ')
  echo "$l: $a | $b"
}
for x in $G/align3/build/align3 $V/align3_*/build/align3_*; do t "$(basename $x) 600^3" $x $(cat /tmp/a3.txt); done
t "damerau base 20000^2" $V/damerau_base/build/damerau $(cat /tmp/dl.txt)
t "damerau new 20000^2" $V/damerau/build/damerau $(cat /tmp/dl.txt)
for r in nussinov chang; do
  t "$r base n=16000" $SB/$r/build/$r /tmp/s16k.fa
  t "$r new n=16000" build-gpu/$r/$r /tmp/s16k.fa
done
echo "== all done at $SECONDS s"
