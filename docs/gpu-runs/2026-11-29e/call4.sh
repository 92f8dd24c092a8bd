#!/usr/bin/env bash
# Call 4 (2026-11-29e): where BPMax N = M = 128's GPU time goes at 63b142d
# (for the next session): every kernel's time (ncu, serialised, summed by
# kernel), and one launch of F's tile kernel (dpc_kernel2, the in-tile
# phase and the O(N^5) terms' products) with its warp states and source page.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call4.log) 2>&1
d=generated/bpmax
cmake -S $d -B /tmp/li -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 -DCMAKE_CUDA_FLAGS=-lineinfo >/dev/null 2>&1 && ninja -C /tmp/li bpmax >/dev/null 2>&1 || echo "BUILD FAIL"
echo "built at $SECONDS s"
S=$(python3 -c "
import random; r = random.Random(7); print(''.join(r.choice('ACGU') for _ in range(128)))")
timeout 240 ncu --metrics gpu__time_duration.sum --csv /tmp/li/bpmax --in seq1=$S --in seq2=$S --backend=cuda --events=none > /tmp/all.csv 2>/tmp/all.err; echo "ncu all rc=$? at $SECONDS s"
python3 - /tmp/all.csv > $OUT/call4-kernels.txt <<'PY'
import csv, sys, collections, re
rows = [r for r in csv.reader(open(sys.argv[1])) if len(r) > 10]
h = rows[0]; ki = h.index('Kernel Name'); vi = h.index('Metric Value'); ui = h.index('Metric Unit')
t = collections.Counter(); n = collections.Counter()
for r in rows[1:]:
    k = re.sub(r'\(.*', '', r[ki]); v = float(r[vi].replace(',', ''))
    if r[ui] == 'nsecond': v /= 1e9
    elif r[ui] == 'usecond': v /= 1e6
    elif r[ui] == 'msecond': v /= 1e3
    t[k] += v; n[k] += 1
for k, v in t.most_common(): print(f"{v:10.5f} s {n[k]:5d} launches  {k}")
print(f"{sum(t.values()):10.5f} s total")
PY
cat $OUT/call4-kernels.txt
timeout 150 ncu --kernel-name regex:dpc_kernel2 --launch-skip 60 --launch-count 1 \
  --section SourceCounters --section WarpStateStats --section InstructionStats --section SpeedOfLight --section Occupancy --section LaunchStats \
  --import-source yes -o /tmp/k2 /tmp/li/bpmax --in seq1=$S --in seq2=$S --backend=cuda --events=none > /tmp/k2.log 2>&1; echo "ncu k2 rc=$?"
ncu --import /tmp/k2.ncu-rep --page source --print-source sass --csv > /tmp/k2-source.csv 2>&1
ncu --import /tmp/k2.ncu-rep --page details > $OUT/call4-k2-details.txt 2>&1
python3 docs/gpu-runs/2026-11-29d/sass_page.py /tmp/k2-source.csv > $OUT/call4-k2-sass.txt
grep -E "Duration|Registers|Achieved Occupancy|Warp Cycles Per Issued|Executed Instructions " $OUT/call4-k2-details.txt | head -8
echo "== done at $SECONDS s"
