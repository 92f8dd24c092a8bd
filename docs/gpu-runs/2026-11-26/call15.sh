#!/usr/bin/env bash
# Device call 15 of 2026-11-26 (session 7): the CPU side of logsumexp tile
# products after the CPU form became a running max and scaled sum per
# accumulator (one exp an update; call 14 measured the exp + log1p form): OpenMP on 16 threads, the product form
# (.carry/lse/prod: lse(c, x + y) per update, an exp and a log1p each)
# against --exact-sums (.carry/lse/exact: one exp per term, in order), n =
# 1500 and 3000, 2 runs each; both answers compared.
set -u
cd "$(dirname "$0")/../../.."
for d in prod exact; do
  ( cmake -S .carry/lse/$d -B /tmp/lse-$d -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    cmake --build /tmp/lse-$d -j 8 >/dev/null 2>&1 ) || echo "BUILD FAIL $d" &
done; wait
echo "== built at $SECONDS s"
python3 -c "
import random; r = random.Random(7)
for n in (1, 5, 64, 65, 200, 700, 1500, 3000):
    open('/tmp/l%d.fa' % n, 'w').write('>l%d\n' % n + ''.join(r.choice('ACGU') for _ in range(n)) + '\n')"
for n in 1500 3000; do
  for d in prod exact; do
    for k in 1 2; do
      o=$(timeout 200 /tmp/lse-$d/mccaskill_lse --backend=openmp --threads 16 --json --events=none --timing /tmp/l$n.fa 2>&1)
      echo "n=$n $d openmp run $k: $(echo "$o" | grep -oE 'compute [0-9.]+ s' | head -1) $(echo "$o" | grep -oE '"output":[^,}]*' | head -1)"
    done
  done
done
echo "== all done at $SECONDS s"
