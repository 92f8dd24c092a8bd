#!/usr/bin/env bash
# Call 6 (2026-11-29d): F's tile kernel (dpc_kernel2, 43% of BPMax 128's
# kernel time in call 5) at __launch_bounds__(256, 2) (base, 7146518's
# generated/bpmax), 3 (k3) and 4 (k4): main's folder with only that line
# changed. Compute seconds (--timing) at N = M = 128 and 192, three runs,
# outputs compared; --verify at small sizes on k4.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call6.log) 2>&1
V="base k3 k4"
P=
for v in $V; do d=.carry/v/$v
  ( cmake -S $d -B $d/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    ninja -C $d/build bpmax >/dev/null 2>&1 || echo "BUILD FAIL $d" ) & P+=" $!"
done
wait $P; echo "built at $SECONDS s"
python3 -c "
import random; r = random.Random(7)
for n in (20, 23, 41, 45, 128, 192): open(f'/tmp/s{n}.txt', 'w').write(''.join(r.choice('ACGU') for _ in range(n)))"
for p in "20 23" "41 45" "45 41"; do set -- $p
  r=$(.carry/v/k4/build/bpmax --in seq1=$(cat /tmp/s$1.txt) --in seq2=$(cat /tmp/s$2.txt) --backend=cuda --verify 2>&1 >/dev/null | grep -o "verify: [a-z]*" )
  echo "verify k4 $1x$2: $r"
done
for n in 128 192; do S=$(cat /tmp/s$n.txt)
  for rep in 1 2 3; do for v in $V; do
    t=$(.carry/v/$v/build/bpmax --in seq1=$S --in seq2=$S --backend=cuda --json --timing 2>&1 >/tmp/o.txt | grep -o 'compute [0-9.]*')
    echo "n=$n $v rep=$rep $t md5 $(sed -E 's/"seconds":[0-9.eE+-]+//g' /tmp/o.txt | md5sum | cut -c1-8)"
  done; done
done
echo "== done at $SECONDS s"
