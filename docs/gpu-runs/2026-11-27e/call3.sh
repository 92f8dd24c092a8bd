#!/usr/bin/env bash
# Call 3: where OpenMP Nussinov's time goes after call 2: generated/nussinov
# against two hand-edited copies of it (.carry/exp; timing only, their
# answers are wrong): norem (the per-cell remainder loops of the split
# reduction, the in-tile phase's k, skipped) and noprod (the tile product
# skipped). n = 8000 on 16 threads, n = 4000 on one, alternating, min of 3.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call3.log) 2>&1
P=
for d in generated/nussinov .carry/exp/norem .carry/exp/noprod; do
  ( cmake -S $d -B $d/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DDPC_ENABLE_CUDA=OFF >/dev/null 2>&1 &&
    ninja -C $d/build >/dev/null 2>&1 || echo "BUILD FAIL $d" ) & P+=" $!"
done
wait $P
python3 -c "
import random; random.seed(1)
for n in (4000, 8000): open('/tmp/s%d.fa'%n,'w').write('>r\n'+''.join(random.choice('ACGU') for _ in range(n))+'\n')
"
t() { $1/build/nussinov $2 --backend=openmp --events=none --threads $3 --timing 2>&1 | awk '/^time:/{print $2}'; }
declare -A R
for rep in 1 2 3; do
  for v in generated/nussinov .carry/exp/norem .carry/exp/noprod; do
    R[$v-8000-16]+=" $(t $v /tmp/s8000.fa 16)"
    R[$v-4000-1]+=" $(t $v /tmp/s4000.fa 1)"
  done
done
for k in $(echo ${!R[@]} | tr ' ' '\n' | sort); do echo "$k:${R[$k]}"; done
