#!/bin/bash
# Call 1 (eighteenth session): the CPU rows x vectors and k-vector tile
# products with k cut into chunks of KC (hand-edited generated folders in
# .carry/kc, -DKC=...), against generated/ as it is: Nussinov and Chang at
# n = 8000 on all threads, Nussinov n = 4000 on one thread; the CPU peak.
set -u
L=$OUT/call1.log; exec > >(tee $L) 2>&1
nproc; lscpu | grep -i 'model name\|^L[123]\|Thread(s) per core\|Core(s) per socket'
B=/tmp/kcb; mkdir -p $B
build() { # name src kc
  cmake -S $2 -B $B/$1 -G Ninja -DCMAKE_BUILD_TYPE=Release -DDPC_ENABLE_CUDA=OFF ${3:+-DCMAKE_CXX_FLAGS=-DKC=$3} >/dev/null 2>&1 && ninja -C $B/$1 >/dev/null 2>&1 || echo "BUILD FAIL $1"
}
P=
build nbase generated/nussinov & P+=" $!"
build cbase generated/chang & P+=" $!"
for kc in 64 128 256 512; do build n$kc .carry/kc/nbk $kc & P+=" $!"; done
for kc in 128 256 512 1024; do build c$kc .carry/kc/cgk $kc & P+=" $!"; done
wait $P  # (a bare wait would also wait for tee)
echo built
g++ -O3 -march=native -fopenmp -Itests/bench tests/bench/peak_cpu.cpp -o $B/peak && $B/peak
python3 -c "
import random; random.seed(1)
for n in (1500, 4000, 8000): open('/tmp/s%d.fa'%n,'w').write('>r\n'+''.join(random.choice('ACGU') for _ in range(n))+'\n')
"
t() { $B/$1/$2 $3 --backend=openmp --events=none --threads $4 --timing 2>&1 | awk '/^time:/{print $2}'; }
out() { $B/$1/$2 $3 --backend=openmp --events=none --threads $4 2>/dev/null | md5sum | cut -c1-8; }
echo "== outputs (md5 at 8000, 16 thr)"
for v in nbase n64 n128 n256 n512; do echo "$v $(out $v nussinov /tmp/s8000.fa 16)"; done
for v in cbase c128 c256 c512 c1024; do echo "$v $(out $v chang /tmp/s8000.fa 16)"; done
echo "== verify at 1500"
for v in n256 n512; do $B/$v/nussinov /tmp/s1500.fa --backend=openmp --verify --events=none 2>&1 | grep verify; done
for v in c512 c1024; do $B/$v/chang /tmp/s1500.fa --backend=openmp --verify --events=none 2>&1 | grep verify; done
declare -A R
for rep in 1 2 3; do
  for v in nbase n64 n128 n256 n512; do R[$v-8000]+=" $(t $v nussinov /tmp/s8000.fa 16)"; done
  for v in cbase c128 c256 c512 c1024; do R[$v-8000]+=" $(t $v chang /tmp/s8000.fa 16)"; done
done
for rep in 1 2; do
  for v in nbase n128 n256 n512; do R[$v-4000-1]+=" $(t $v nussinov /tmp/s4000.fa 1)"; done
  for v in cbase c256 c1024; do R[$v-4000-1]+=" $(t $v chang /tmp/s4000.fa 1)"; done
done
echo "== times (s): variant-n[-threads1]"
for k in $(echo ${!R[@]} | tr ' ' '\n' | sort); do echo "$k:${R[$k]}"; done
