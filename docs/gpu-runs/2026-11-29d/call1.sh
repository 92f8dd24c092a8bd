#!/usr/bin/env bash
# Call 1 (2026-11-29d, twenty-eighth session): where BPMax's time goes now.
#  1. the SASS of dpc_product2<int> (cuobjdump) and ncu's source page of one
#     product2 launch and one F tile-kernel launch (dpc_kernel2) at 128 x 128;
#  2. BPMax 128 and 192 compute seconds (--timing, three runs) with the
#     product kernel at __launch_bounds__(64, 8) (main), 10 and 12
#     (.carry/lb/b*: main's folder with only that line changed).
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call1.log) 2>&1
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
P=
for d in .carry/lb/b8 .carry/lb/b10 .carry/lb/b12; do
  ( cmake -S $d -B $d/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 -DCMAKE_CUDA_FLAGS=-lineinfo >/dev/null 2>&1 &&
    ninja -C $d/build bpmax >/dev/null 2>&1 || echo "BUILD FAIL $d" ) & P+=" $!"
done
wait $P; echo "built at $SECONDS s"
B=.carry/lb/b8/build
OBJ=$(find $B -name 'bpmax_cuda.cu.o' | head -1)
cuobjdump -sass -fun '_ZN5bpmax12dpc_product2IiEEvPKNS_12BatchProblemElPKlPiS6_' $OBJ > $OUT/p2-sass.txt 2>&1 || cuobjdump -sass $OBJ > $OUT/p2-sass.txt
wc -l $OUT/p2-sass.txt
python3 -c "
import random; r = random.Random(7)
for n in (128, 192): open(f'/tmp/s{n}.txt', 'w').write(''.join(r.choice('ACGU') for _ in range(n)))"
for n in 128 192; do S=$(cat /tmp/s$n.txt)
  for lb in 8 10 12; do
    for rep in 1 2 3; do
      t=$(.carry/lb/b$lb/build/bpmax --in seq1=$S --in seq2=$S --backend=cuda --timing 2>&1 >/dev/null | grep -o 'compute [0-9.]*')
      echo "n=$n lb=$lb rep=$rep $t"
    done
  done
done
S=$(cat /tmp/s128.txt)
prof() { # name kernel skip binary args...
  local n=$1 k=$2 s=$3; shift 3
  timeout 150 ncu --kernel-name regex:$k --launch-skip $s --launch-count 1 \
    --section SourceCounters --section WarpStateStats --section InstructionStats --section SpeedOfLight --section Occupancy --section LaunchStats \
    --import-source yes -o /tmp/$n "$@" > /tmp/$n.log 2>&1; echo "ncu $n rc=$?"
  ncu --import /tmp/$n.ncu-rep --page source --print-source sass --csv > /tmp/$n-source.csv 2>&1
  ncu --import /tmp/$n.ncu-rep --page details > $OUT/$n-details.txt 2>&1
  python3 docs/gpu-runs/2026-11-29d/sass_page.py /tmp/$n-source.csv > $OUT/$n-sass.txt
  grep -E "Duration|Executed Instructions  |Registers Per|Achieved Occupancy|Theoretical Occ|Issued Warp|Block Limit|Stall" $OUT/$n-details.txt | head -16 | sed "s/^/$n /"
}
prof bp-p2 dpc_product2 60 $B/bpmax --in seq1=$S --in seq2=$S --backend=cuda --events=none
prof bp-k2 dpc_kernel2 60 $B/bpmax --in seq1=$S --in seq2=$S --backend=cuda --events=none
timeout 120 nsys profile -o /tmp/bpn --force-overwrite true $B/bpmax --in seq1=$S --in seq2=$S --backend=cuda --events=none >/dev/null 2>&1
nsys stats -r cuda_gpu_kern_sum /tmp/bpn.nsys-rep 2>/dev/null | head -20 > $OUT/nsys-kern.txt; cat $OUT/nsys-kern.txt | cut -c1-160
echo "== done at $SECONDS s"
