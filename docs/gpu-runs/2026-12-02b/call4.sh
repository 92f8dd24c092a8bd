#!/usr/bin/env bash
# Call 4 (2026-12-02, thirty-first session): call 3's timing part again
# (its after-the-change binary was looked for in the wrong folder): BPMax
# N = M = 128 and 192, the folder before the change (.carry/bpmax-old, the
# last commit's generated/bpmax) and after (generated/bpmax), built here,
# three runs each interleaved, compute seconds, the JSON answers compared.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call4.log) 2>&1
A=.carry/bpmax-old/generated/bpmax; B=generated/bpmax
P=
for d in $A $B; do
  ( cmake -S $d -B $d/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && ninja -C $d/build bpmax >/dev/null 2>&1 || echo "BUILD FAIL $d" ) & P+=" $!"
done
wait $P; echo "built at $SECONDS s"
for n in 128 192 256; do
  S=$(python3 -c "
import random; r = random.Random($n); print(''.join(r.choice('ACGU') for _ in range($n)))")
  T=$(python3 -c "
import random; r = random.Random($n + 1); print(''.join(r.choice('ACGU') for _ in range($n)))")
  R=3; [ $n = 256 ] && R=1
  for k in $(seq $R); do
    for v in A B; do d=${!v}
      t=$($d/build/bpmax --in seq1=$S --in seq2=$T --json --timing --backend=cuda 2>&1 >/tmp/bp-$v-$n.json | grep -o "compute [0-9.]* s" | head -1)
      echo "bpmax $n $v run $k: $t"
    done
  done
  cmp -s /tmp/bp-A-$n.json /tmp/bp-B-$n.json && echo "bpmax $n: answers equal" || echo "bpmax $n: ANSWERS DIFFER"
done
echo "== done at $SECONDS s"
