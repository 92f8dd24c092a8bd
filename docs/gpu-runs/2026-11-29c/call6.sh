#!/usr/bin/env bash
# Call 6 (2026-11-29c): why the 2000-RNA batch's tile kernel is slow. ncu
# on two of its launches (steps 1 and 2 of the wavefront: the most tiles)
# with the launch, occupancy, scheduler and warp-state sections.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call6.log) 2>&1
d=generated/nussinov
cmake -S $d -B $d/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && ninja -C $d/build nussinov >/dev/null 2>&1 || echo "BUILD FAIL"
python3 - <<'PY'
import random
rnd = random.Random(1)
lens = [rnd.randint(50, 400) for _ in range(2000)]
with open("/tmp/rna2000.fa", "w") as f:
    for i, n in enumerate(lens):
        f.write(">r%d\n%s\n" % (i, "".join(rnd.choice("ACGU") for _ in range(n))))
PY
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
$NCU -k regex:dpc_kernel0 --launch-skip 1 --launch-count 2 --section LaunchStats --section Occupancy \
  --section SchedulerStats --section WarpStateStats --section SpeedOfLight --section MemoryWorkloadAnalysis \
  $d/build/nussinov --backend=cuda --json /tmp/rna2000.fa > $OUT/call6-ncu.txt 2>&1; echo "ncu rc $?"
grep -E "Duration|Grid Size|Registers Per|Achieved Occupancy|Theoretical Occupancy|Block Limit|Issued Warp Per|No Eligible|Active Warps Per|Eligible Warps|Warp Cycles Per Issued|Stall|Compute \(SM\) Throughput|Memory Throughput|Dynamic Shared" $OUT/call6-ncu.txt | head -80
echo "== done at $SECONDS s"
