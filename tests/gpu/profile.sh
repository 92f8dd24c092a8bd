#!/usr/bin/env bash
# Times the generated CUDA Nussinov and Chang at n = 16000 and 32000 and
# profiles their tile-product and tile kernels with Nsight Compute at early
# and late tile-wavefront steps (speed of light, occupancy, warp states),
# for the performance notes in docs/benchmarks.md.
# Usage: tests/gpu/profile.sh [OUTDIR]   (after tests/gpu/run.sh built build-gpu/)
set -u
cd "$(dirname "$0")/../.."
OUTDIR=${1:-${OUT:-/tmp/dpc-gpu}}
mkdir -p "$OUTDIR"
for n in 16000 32000; do
  python3 -c "import random; r = random.Random($n); print('>s$n'); print(''.join(r.choice('ACGU') for _ in range($n)))" > "$OUTDIR/s$n.fa"
  for r in nussinov chang; do
    echo "timing $r n=$n: $(build-gpu/$r/$r --backend=cuda --timing --json "$OUTDIR/s$n.fa" | grep -o '"output":[0-9-]*\|"seconds":[0-9.]*' | tr '\n' ' ')"
  done
done
# Each step launches the tile-product kernel (dpc_product*, split over k)
# and then the tile kernel (dpc_kernel*, the in-tile phase).
for r in nussinov chang; do
  for skip in ${PROFILE_STEPS:-60 150 200}; do
    for k in dpc_product dpc_kernel; do
      ncu --kernel-name regex:$k --launch-skip $skip --launch-count 1 \
          --section SpeedOfLight --section Occupancy --section WarpStateStats \
          --section ComputeWorkloadAnalysis --section MemoryWorkloadAnalysis \
          build-gpu/$r/$r --backend=cuda "$OUTDIR/s16000.fa" > "$OUTDIR/ncu-$r-$k-$skip.txt" 2>&1
      echo "== ncu $r $k at launch $skip"
      grep -E "Duration|Compute \(SM\) Throughput|Achieved Occupancy|Grid Size|Registers Per|Executed Ipc Active|Issue Slots Busy" \
          "$OUTDIR/ncu-$r-$k-$skip.txt" | head -12
    done
  done
done
