#!/usr/bin/env bash
# Call 5 (2026-11-28d): Nussinov's tile kernel (the in-tile phase) at
# n = 16000, one launch mid-run and one late: where its ~0.34 ms a launch
# goes (launch statistics, occupancy, warp states, source hot spots).
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
d=generated/nussinov
cmake -S $d -B build-gpu/nussinov -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 -DCMAKE_CUDA_FLAGS=-lineinfo >/dev/null 2>&1 && cmake --build build-gpu/nussinov -j 16 >/dev/null 2>&1 || echo BUILD FAIL
python3 -c "import random; r = random.Random(16000); print('>s'); print(''.join(r.choice('ACGU') for _ in range(16000)))" > /tmp/s16000.fa
for skip in 100 200; do
  timeout 200 ncu --kernel-name regex:dpc_kernel0 --launch-skip $skip --launch-count 1 \
    --section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats --section SchedulerStats \
    --section SourceCounters build-gpu/nussinov/nussinov /tmp/s16000.fa --backend=cuda --events=none > $OUT/ncu-kernel0-$skip.txt 2>&1
  echo "== launch $skip"
  grep -E "Duration|Grid Size|Block Size|Registers Per|Achieved Occupancy|Theoretical Occupancy|Issue Slots Busy|Executed Ipc Active|Stall|Warp Cycles Per Issued|No Eligible|Compute \(SM\) Throughput|Memory Throughput" $OUT/ncu-kernel0-$skip.txt | head -24
done
