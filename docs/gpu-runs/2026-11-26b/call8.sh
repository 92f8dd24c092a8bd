#!/usr/bin/env bash
# Device call 8 of 2026-11-26 (session 8): BPMax's two kernels' occupancy
# against their registers, by hand-edited launch bounds on .carry/bpm3
# (= generated/bpmax at 89d3a1d): V0 as generated (tile kernel 2: 172
# registers, one block per SM; product 2: (256, 2), 128 registers, 132 B
# spilled); V1 tile kernel (256, 2) (128 registers, 68 B spilled); V2
# product (256, 1) (no spill, one block per SM); V3 both. N = M = 128 and
# 192, CUDA compute, 2 runs each; answers compared.
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
for v in 0 1 2 3; do
  rm -rf /tmp/v$v; cp -r .carry/bpm3 /tmp/v$v
  f=/tmp/v$v/bpmax_cuda.cu
  case $v in
    1) sed -i 's/^__global__ void __launch_bounds__(256)$/__global__ void __launch_bounds__(256, 2)/' $f ;;
    2) sed -i '1250s/__launch_bounds__(256, 2)/__launch_bounds__(256, 1)/' $f ;;
    3) sed -i 's/^__global__ void __launch_bounds__(256)$/__global__ void __launch_bounds__(256, 2)/; 1250s/__launch_bounds__(256, 2)/__launch_bounds__(256, 1)/' $f ;;
  esac
  (cmake -S /tmp/v$v -B /tmp/v$v/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && cmake --build /tmp/v$v/build -j 8 >/dev/null 2>&1 || echo "BUILD FAIL v$v") &
done
wait
echo "== built at $SECONDS s"
grep -n "launch_bounds" /tmp/v3/bpmax_cuda.cu | sed -n 1,12p | cut -c1-80
python3 -c "
import random; r = random.Random(7)
for n in (128, 192):
    for s in (1, 2):
        open('/tmp/bp%d_%d.fa' % (n, s), 'w').write('>s%d_%d\n' % (n, s) + ''.join(r.choice('ACGU') for _ in range(n)) + '\n')"
for n in 128 192; do
  for v in 0 1 2 3 0 1 2 3; do
    o=$(/tmp/v$v/build/bpmax --backend=cuda --in seq1=@/tmp/bp${n}_1.fa --in seq2=@/tmp/bp${n}_2.fa --events=none --timing 2>&1)
    echo "N=M=$n v$v $(echo "$o" | grep -o '= [0-9]*' | head -1) $(echo "$o" | grep -oE 'compute [0-9.]+ s' | head -1)"
  done
done
echo "== all done at $SECONDS s"
