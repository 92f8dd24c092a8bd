#!/usr/bin/env bash
# Device call 8 of 2026-11-25 (session 3): what limits the strip kernel
# (issue 10's 100 G cells/s at 30000^2). sw_local at 30000 x 30000, score
# only and full: --timing (3 runs each); ncu (SpeedOfLight, Occupancy,
# WarpStateStats, InstructionStats) of the strip kernel, score only; the
# kernel's SASS size. Then the OpenMP runs at 100000^2 again, 3 each
# (editdist was 1.52 s in call 5, sw_local 0.99 s). Needs .carry/gen3.
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
G=.carry/gen3
for d in $G/sw_local $G/editdist; do
  ( cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    cmake --build $d/build -j 8 >/dev/null 2>&1 ) || echo "BUILD FAIL $d" &
done; wait
echo "== built at $SECONDS s"
python3 -c "
import random
r = random.Random(23)
for n in (30000, 100000):
    for s in 'ab':
        open('/tmp/%s%d.fa' % (s, n), 'w').write('>s\n' + ''.join(r.choice('ACGT') for _ in range(n)) + '\n')"
S=$G/sw_local/build/sw_local
echo "== sw_local 30000^2 CUDA compute s (3 runs): score only, then with the traceback"
for m in "--events=none" "--events=all"; do
  echo "$m: $(for k in 1 2 3; do $S --in a=@/tmp/a30000.fa --in b=@/tmp/b30000.fa --backend=cuda --timing $m 2>&1 | grep -o 'compute [0-9.]* s'; done | tr '\n' ' ')"
done
echo "== ncu, strip kernel, score only, 30000^2"
ncu --section SpeedOfLight --section Occupancy --section WarpStateStats --section InstructionStats --section LaunchStats \
  -k regex:dpc_kernel0 --launch-count 1 $S --in a=@/tmp/a30000.fa --in b=@/tmp/b30000.fa --backend=cuda --events=none > $O/ncu.txt 2>&1
grep -E "Duration|Executed Ipc|Issue Slots Busy|Achieved Occupancy|Theoretical Occupancy|Registers Per|Block Size|Grid Size|Warp Cycles Per Issued|Executed Instructions |Stall|Avg. Active Threads|No Eligible|One or More Eligible|Compute \(SM\) Throughput|Memory Throughput" $O/ncu.txt | head -40
echo "== SASS of the strip kernel (score only): instructions"
cuobjdump -sass -fun '_ZN8sw_local11dpc_kernel0ILb1EEEvPKNS_12BatchProblemEPKlPiS6_' $S > $O/k.sass 2>&1
echo "lines $(wc -l < $O/k.sass), SHFL $(grep -c SHFL $O/k.sass), LDS $(grep -c 'LDS' $O/k.sass), STS $(grep -c 'STS' $O/k.sass), VIMNMX $(grep -c 'VIMNMX' $O/k.sass), BRA $(grep -c 'BRA' $O/k.sass)"
echo "== OpenMP 100000^2 score only, 3 runs each"
for r in sw_local editdist; do
  echo "$r: $(for k in 1 2 3; do $G/$r/build/$r --in a=@/tmp/a100000.fa --in b=@/tmp/b100000.fa --backend=openmp --threads 16 --timing --events=none 2>&1 | grep -o 'compute [0-9.]* s'; done | tr '\n' ' ')"
done
echo "== done at $SECONDS s"
