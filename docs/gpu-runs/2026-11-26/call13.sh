#!/usr/bin/env bash
# Device call 13 of 2026-11-26 (session 7): logsumexp reductions as tile
# products (the log semiring: lse(c, x + y) per update). A McCaskill-like
# log-space partition function written with its k-sum in a table of its own
# (R[i, j] = logsumexp k in i .. j-4 : Q[i, k-1] + Qb[k, j]; .carry/lse/lse.dp, a copy of tests/emit/Inputs/lse_products.dp)
# compiled twice: with the products (.carry/lse/prod) and with --exact-sums
# (.carry/lse/exact: every logsumexp term by term, as before).
# 1. correctness: --verify (every cell against the untiled reference within
#    a relative 1e-12) at n = 1, 5, 64, 65, 200, 700; CUDA against OpenMP
#    and against the exact folder's CUDA (relative 1e-12);
# 2. time: n = 1500 and 3000, CUDA, both folders, 2 runs each.
# Prediction: the products' updates at ~1/60 of the FP64 rate (an exp and
# a log1p per update): n = 1500 (5.6e8 updates) ~10-20 ms instead of 0.82 s.
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
for d in prod exact; do
  ( cmake -S .carry/lse/$d -B /tmp/lse-$d -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    cmake --build /tmp/lse-$d -j 8 >/dev/null 2>&1 ) || echo "BUILD FAIL $d" &
done; wait
echo "== built at $SECONDS s"
P=/tmp/lse-prod/mccaskill_lse; E=/tmp/lse-exact/mccaskill_lse
python3 -c "
import random; r = random.Random(7)
for n in (1, 5, 64, 65, 200, 700, 1500, 3000):
    open('/tmp/l%d.fa' % n, 'w').write('>l%d\n' % n + ''.join(r.choice('ACGU') for _ in range(n)) + '\n')"
for n in 1 5 64 65 200 700; do
  v=$($P --backend=cuda --verify --events=none /tmp/l$n.fa 2>&1 | grep -i verify | head -1)
  a=$($P --backend=cuda --json --events=none /tmp/l$n.fa | grep -oE '"output":[^,}]*' | cut -d: -f2)
  b=$($P --backend=openmp --json --events=none /tmp/l$n.fa | grep -oE '"output":[^,}]*' | cut -d: -f2)
  c=$($E --backend=cuda --json --events=none /tmp/l$n.fa | grep -oE '"output":[^,}]*' | cut -d: -f2)
  echo "n=$n verify: $v; cuda $a openmp $b exact-cuda $c $(python3 -c "
a,b,c=float('$a'),float('$b'),float('$c')
ok=lambda x,y: abs(x-y) <= 1e-12*max(1,abs(x),abs(y))
print('OK' if ok(a,b) and ok(a,c) else 'DIFFER')")"
done
for n in 1500 3000; do
  for f in $P $E; do
    for k in 1 2; do
      t=$(timeout 120 $f --backend=cuda --json --events=none --timing /tmp/l$n.fa 2>&1 | grep -oE 'compute [0-9.]+ s' | head -1)
      echo "n=$n $(basename $(dirname $f)) run $k: $t"
    done
  done
done
echo "== all done at $SECONDS s"
