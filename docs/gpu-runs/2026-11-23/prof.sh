#!/usr/bin/env bash
# Device run 4: what limits the alignment family (sw_local, 10000 x 10000).
set -u
cd "$(dirname "$0")/.."
O=${OUT:-/tmp/o}; mkdir -p $O
for r in sw_local editdist; do
cmake -S .carry/gen/$r -B build-x/$r -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && cmake --build build-x/$r -j 16 >/dev/null 2>&1 || echo BUILD FAIL $r
done
A="--in a=@.carry/in/a10k.fa --in b=@.carry/in/b10k.fa"
echo "sw_local 10k: $(build-x/sw_local/sw_local --backend=cuda $A --timing --json | grep -o '"seconds":[0-9.]*')"
nsys profile -o $O/sw --stats=false --force-overwrite true build-x/sw_local/sw_local --backend=cuda $A > /dev/null 2>&1
nsys stats --report cuda_gpu_kern_sum,cuda_api_sum --format csv $O/sw.nsys-rep > $O/nsys.txt 2>&1
head -30 $O/nsys.txt
ncu --kernel-name regex:dpc_kernel0 --launch-skip 150 --launch-count 1 --section SpeedOfLight --section Occupancy --section WarpStateStats --section LaunchStats --section SchedulerStats build-x/sw_local/sw_local --backend=cuda $A > $O/ncu.txt 2>&1
grep -E "Duration|Throughput|Achieved Occupancy|Theoretical Occupancy|Stall|Block Size|Grid Size|Registers|Issued Warp|No Eligible|Eligible Warps|Warp Cycles Per Issued" $O/ncu.txt | head -40
