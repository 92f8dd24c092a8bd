#!/usr/bin/env bash
# Device call 3 of 2026-11-25: where matrix chain's 1.47 s goes. Per-kernel
# GPU time (nsys-free: ncu gpu__time_duration over every launch, summed by
# kernel) at n = 2000, and the same recurrence without its k term (mc0:
# recurrences/matrix_chain.dp minus `+ p[i] * p[k+1] * p[j+1]`).
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
for d in .carry/gen3/*; do
  ( cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    cmake --build $d/build -j 8 >/dev/null 2>&1 ) || echo "BUILD FAIL $d" &
done; wait
echo "== built at $SECONDS s"
python3 -c "
import random
r = random.Random(3)
for n in (2000, 4000):
    open('/tmp/mc%d.txt' % n,'w').write(','.join(str(r.randint(1, 40)) for _ in range(n + 2)))"
for v in matrix_chain mc0; do
  b=.carry/gen3/$v/build/$v
  for n in 2000 4000; do
    t=$($b --in p=$(cat /tmp/mc$n.txt) --backend=cuda --timing --events=none 2>&1 | grep -o "compute [0-9.]* s")
    echo "$v n=$n: $t"
  done
done
for v in matrix_chain mc0; do
  b=.carry/gen3/$v/build/$v
  echo "== $v n=2000: GPU time per kernel (ncu, summed over launches)"
  ncu --metrics gpu__time_duration.sum $b --in p=$(cat /tmp/mc2000.txt) --backend=cuda --events=none > $O/ncu-$v.txt 2>&1
  python3 - $O/ncu-$v.txt <<'PY'
import re, sys, collections
tot = collections.Counter(); cnt = collections.Counter(); name = None
for l in open(sys.argv[1]):
    m = re.match(r"\s*(\S*dpc_\w+)", l)
    if m and "(" in l: name = m.group(1)
    m = re.search(r"gpu__time_duration.sum\s+(\S+)\s+([\d.,]+)", l)
    if m and name:
        u, v = m.group(1), float(m.group(2).replace(",", ""))
        v *= {"nsecond": 1e-9, "usecond": 1e-6, "msecond": 1e-3, "second": 1}.get(u, 1)
        tot[name] += v; cnt[name] += 1
for k in tot: print("  %-40s %6d launches %10.4f s" % (k, cnt[k], tot[k]))
PY
done
echo "== done at $SECONDS s"
