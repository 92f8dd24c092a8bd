#!/usr/bin/env bash
# Call 2 (2026-11-29d): BPMax with F's tiles at 32 x 32 (main), 64 x 64,
# 32 x 64 and 64 x 32 in (i2, j2) (schedule-block variants compiled by this
# tree into .carry/v/t*), and main's folder with the split-over-k product at
# __launch_bounds__(64, 10) (.carry/v/b10). Compute seconds (--timing) at
# N = M = 128, 192 (three runs), outputs compared (md5 of the JSON without
# seconds), --verify at small sizes on every variant.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call2.log) 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader
P=
for v in base b10 t6464 t3264 t6432; do d=.carry/v/$v
  ( cmake -S $d -B $d/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    ninja -C $d/build bpmax >/dev/null 2>&1 || echo "BUILD FAIL $d" ) & P+=" $!"
done
wait $P; echo "built at $SECONDS s"
python3 -c "
import random; r = random.Random(7)
for n in (20, 23, 41, 45, 128, 192): open(f'/tmp/s{n}.txt', 'w').write(''.join(r.choice('ACGU') for _ in range(n)))"
for v in base b10 t6464 t3264 t6432; do
  for p in "20 23" "41 45" "45 41"; do set -- $p
    r=$(.carry/v/$v/build/bpmax --in seq1=$(cat /tmp/s$1.txt) --in seq2=$(cat /tmp/s$2.txt) --backend=cuda --verify 2>&1 >/dev/null | grep -o "verify: [a-z]*" )
    echo "verify $v $1x$2: $r"
  done
done
for n in 128 192; do S=$(cat /tmp/s$n.txt)
  for rep in 1 2 3; do for v in base b10 t6464 t3264 t6432; do
    t=$(.carry/v/$v/build/bpmax --in seq1=$S --in seq2=$S --backend=cuda --json --timing 2>&1 >/tmp/o.txt | grep -o 'compute [0-9.]*')
    echo "n=$n $v rep=$rep $t md5 $(sed -E 's/"seconds":[0-9.eE+-]+//g' /tmp/o.txt | md5sum | cut -c1-8)"
  done; done
done
echo "== done at $SECONDS s"
