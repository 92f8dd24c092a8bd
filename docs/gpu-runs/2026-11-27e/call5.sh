#!/usr/bin/env bash
# Call 5: three forms of OpenMP Nussinov's in-tile phase (all with the
# chunked tile product of 58a041a):
#   generated/nussinov  per cell, its remainder's k loops (C[k + 1, j] down a
#                       column: gathers and triangular index arithmetic);
#   .carry/exp/tc       per cell, the column operand from column-major
#                       copies of the tiles (call 4; tc/nussinov_openmp.diff);
#   .carry/exp/rp       row by row (bottom up, left to right): the k inside
#                       the row tile as vector updates of the row's
#                       accumulators along j, each C[i, k] of the column tile
#                       pushed along the row as soon as it is final (every
#                       read a contiguous row; tc/rowpush_openmp.diff).
# --verify at several sizes, structures equal at 8000, then n = 8000 on 16
# threads and n = 4000 on one, alternating, 5 each; the CPU peak.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call5.log) 2>&1
V="generated/nussinov .carry/exp/tc .carry/exp/rp"
P=
for d in $V; do
  ( cmake -S $d -B $d/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DDPC_ENABLE_CUDA=OFF >/dev/null 2>&1 &&
    ninja -C $d/build >/dev/null 2>&1 || echo "BUILD FAIL $d" ) & P+=" $!"
done
wait $P
g++ -O3 -march=native -fopenmp -Itests/bench tests/bench/peak_cpu.cpp -o /tmp/peak && /tmp/peak | cut -c1-80
python3 -c "
import random; random.seed(1)
for n in (65, 129, 300, 1500, 4000, 8000): open('/tmp/s%d.fa'%n,'w').write('>r\n'+''.join(random.choice('ACGU') for _ in range(n))+'\n')
"
for n in 65 129 300 1500; do for d in .carry/exp/tc .carry/exp/rp; do $d/build/nussinov /tmp/s$n.fa --backend=openmp --verify --events=none --threads 16 2>&1 | grep verify; done; done
for d in .carry/exp/tc .carry/exp/rp; do
  cmp <(generated/nussinov/build/nussinov /tmp/s8000.fa --backend=openmp --threads 16) <($d/build/nussinov /tmp/s8000.fa --backend=openmp --threads 16) && echo "$d: 8000 structures equal"
done
t() { $1/build/nussinov $2 --backend=openmp --events=none --threads $3 --timing 2>&1 | awk '/^time:/{print $2}'; }
declare -A R
for rep in 1 2 3 4 5; do
  for v in $V; do
    R[$v-8000-16]+=" $(t $v /tmp/s8000.fa 16)"
    R[$v-4000-1]+=" $(t $v /tmp/s4000.fa 1)"
  done
done
for k in $(echo ${!R[@]} | tr ' ' '\n' | sort); do echo "$k:${R[$k]}"; done
