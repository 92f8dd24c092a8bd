#!/usr/bin/env bash
# Times the generated CUDA Nussinov and Chang at n = 16000 and 32000 and
# profiles the tile kernel of Nussinov with Nsight Compute at one early and
# one late tile-wavefront step (speed of light, warp stalls, hot source
# lines), for the performance notes in docs/benchmarks.md.
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
for skip in ${PROFILE_STEPS:-60 240}; do
  ncu --kernel-name regex:dpc_kernel --launch-skip $skip --launch-count 1 \
      --section SpeedOfLight --section Occupancy --section WarpStateStats \
      --section SourceCounters --section ComputeWorkloadAnalysis \
      build-gpu/nussinov/nussinov --backend=cuda "$OUTDIR/s16000.fa" > "$OUTDIR/ncu-$skip.txt" 2>&1
  echo "== ncu nussinov tile kernel at launch $skip"
  grep -E "Duration|Compute \(SM\) Throughput|Achieved Occupancy|Grid Size|Stall|Executed Ipc Active|Issue Slots Busy" "$OUTDIR/ncu-$skip.txt" | head -20
done
