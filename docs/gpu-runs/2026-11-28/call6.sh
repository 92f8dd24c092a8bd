#!/usr/bin/env bash
# Call 6 (2026-11-28): where the GPU time goes after the remainder pieces
# (as call 1, on the regenerated generated/): base, norem (the remainder
# loops off), noprod (the split-product launch off), CUDA compute at
# n = 16000, 3 runs each; and the final tile kernel's SASS loops
# (.carry/sass/final.cubin, compiled here from generated/nussinov).
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call6.log) 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader
cuobjdump -sass .carry/sass/final.cubin > $OUT/final.sass
P=
for v in base norem noprod; do for r in nussinov chang; do
  if [ $v = base ]; then d=generated/$r; else d=.carry/var6/$v/$r; fi
  ( cmake -S $d -B $d/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    ninja -C $d/build $r >/dev/null 2>&1 || echo "BUILD FAIL $d" ) & P+=" $!"
done; done
wait $P
python3 -c "
import random
r = random.Random(1)
open('/tmp/s16000.fa', 'w').write('>r\n' + ''.join(r.choice('ACGU') for _ in range(16000)) + '\n')"
c() { "$@" --backend=cuda --events=none --timing 2>&1 | grep -o "compute [0-9.]*" | awk '{print $2}'; }
declare -A R
for rep in 1 2 3; do for v in base norem noprod; do for r in nussinov chang; do
  if [ $v = base ]; then b=generated/$r/build/$r; else b=.carry/var6/$v/$r/build/$r; fi
  R[$r-$v]+=" $(c $b /tmp/s16000.fa)"
done; done; done
for k in $(echo ${!R[@]} | tr ' ' '\n' | sort); do echo "$k:${R[$k]}"; done
echo "== all done at $SECONDS s"
