#!/usr/bin/env bash
# Call 4: generated/nussinov (58a041a) against a hand-edited copy of it
# (.carry/exp/tc) whose in-tile phase reads the remainder's column operand
# C[k + 1, j] from column-major copies (the current tile's columns, updated
# as its cells are computed, and the diagonal tile's, copied at the tile's
# start), so both remainder loops run on contiguous loads (no gathers, no
# triangular index arithmetic per k). --verify at several sizes, then
# n = 8000 on 16 threads and n = 4000 on one, alternating, 3 each.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call4.log) 2>&1
P=
for d in generated/nussinov .carry/exp/tc; do
  ( cmake -S $d -B $d/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DDPC_ENABLE_CUDA=OFF >/dev/null 2>&1 &&
    ninja -C $d/build >/dev/null 2>&1 || echo "BUILD FAIL $d" ) & P+=" $!"
done
wait $P
python3 -c "
import random; random.seed(1)
for n in (65, 129, 300, 1500, 4000, 8000): open('/tmp/s%d.fa'%n,'w').write('>r\n'+''.join(random.choice('ACGU') for _ in range(n))+'\n')
"
for n in 65 129 300 1500; do .carry/exp/tc/build/nussinov /tmp/s$n.fa --backend=openmp --verify --events=none --threads 16 2>&1 | grep verify; done
cmp <(generated/nussinov/build/nussinov /tmp/s8000.fa --backend=openmp --threads 16) <(.carry/exp/tc/build/nussinov /tmp/s8000.fa --backend=openmp --threads 16) && echo "8000 structures equal"
t() { $1/build/nussinov $2 --backend=openmp --events=none --threads $3 --timing 2>&1 | awk '/^time:/{print $2}'; }
declare -A R
for rep in 1 2 3; do
  for v in generated/nussinov .carry/exp/tc; do
    R[$v-8000-16]+=" $(t $v /tmp/s8000.fa 16)"
    R[$v-4000-1]+=" $(t $v /tmp/s4000.fa 1)"
  done
done
for k in $(echo ${!R[@]} | tr ' ' '\n' | sort); do echo "$k:${R[$k]}"; done
