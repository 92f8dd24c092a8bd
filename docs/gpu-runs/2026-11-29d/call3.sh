#!/usr/bin/env bash
# Call 3 (2026-11-29d): BPMax's split-over-k product: main (base: 8 blocks
# per SM), main with __launch_bounds__(64, 10) (b10), this tree (new: 10
# blocks per SM from the register budget, and the exact soft-infinity
# instance as a branch inside the kernel), and new with that branch forced
# to the exact instance (newT: what a separate instance would give).
# Compute seconds (--timing, three runs) at N = M = 128, 192, and 192 with
# --wide-indices (the int64 instances); outputs compared; --verify at
# small sizes on new, with and without --wide-indices.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call3.log) 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader
V="base b10 new newT"
P=
for v in $V; do d=.carry/v/$v
  ( cmake -S $d -B $d/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    ninja -C $d/build bpmax >/dev/null 2>&1 || echo "BUILD FAIL $d" ) & P+=" $!"
done
wait $P; echo "built at $SECONDS s"
python3 -c "
import random; r = random.Random(7)
for n in (20, 23, 41, 45, 128, 192): open(f'/tmp/s{n}.txt', 'w').write(''.join(r.choice('ACGU') for _ in range(n)))"
for v in new; do for w in "" --wide-indices; do
  for p in "20 23" "41 45" "45 41"; do set -- $p
    r=$(.carry/v/$v/build/bpmax --in seq1=$(cat /tmp/s$1.txt) --in seq2=$(cat /tmp/s$2.txt) --backend=cuda --verify $w 2>&1 >/dev/null | grep -o "verify: [a-z]*" )
    echo "verify $v $1x$2 $w: $r"
  done
done; done
.carry/v/new/build/bpmax --in seq1=$(cat /tmp/s41.txt) --in seq2=$(cat /tmp/s45.txt) --backend=cuda --explain 2>&1 | grep -i "product 2"
for n in 128 192; do S=$(cat /tmp/s$n.txt)
  for rep in 1 2 3; do for v in $V; do
    t=$(.carry/v/$v/build/bpmax --in seq1=$S --in seq2=$S --backend=cuda --json --timing 2>&1 >/tmp/o.txt | grep -o 'compute [0-9.]*')
    echo "n=$n $v rep=$rep $t md5 $(sed -E 's/"seconds":[0-9.eE+-]+//g' /tmp/o.txt | md5sum | cut -c1-8)"
  done; done
done
S=$(cat /tmp/s192.txt)
for rep in 1 2; do for v in base b10 new; do
  t=$(.carry/v/$v/build/bpmax --in seq1=$S --in seq2=$S --backend=cuda --json --timing --wide-indices 2>&1 >/tmp/o.txt | grep -o 'compute [0-9.]*')
  echo "n=192 wide $v rep=$rep $t md5 $(sed -E 's/"seconds":[0-9.eE+-]+//g' /tmp/o.txt | md5sum | cut -c1-8)"
done; done
echo "== done at $SECONDS s"
