#!/usr/bin/env bash
# Call 1 (2026-12-02, thirty-second session): BPMax N = M = 128 under ncu:
# where the double reduction's product (dpc_product2) and F's tile kernel
# (dpc_kernel2) lose their time (stall reasons, throughput, occupancy) at
# a middle wavefront step, and every launch's duration of both kernels.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call1.log) 2>&1
d=/tmp/bp; rm -rf $d; cp -r generated/bpmax $d; rm -rf $d/build
cmake -S $d -B $d/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 -DCMAKE_CUDA_FLAGS=-lineinfo >/dev/null 2>&1 && ninja -C $d/build bpmax >/dev/null 2>&1 || echo BUILD FAIL
echo "built at $SECONDS s"
S=$(python3 -c "
import random; r = random.Random(128); print(''.join(r.choice('ACGU') for _ in range(128)))")
B=$d/build/bpmax
for k in 1 2; do $B --in seq1=$S --in seq2=$S --events=none --timing --backend=cuda 2>&1 >/dev/null | grep -o "compute [0-9.]* s" | head -1; done
# every launch's duration
ncu --metrics gpu__time_duration.sum -k regex:'dpc_product2|dpc_kernel2|dpc_kernel3' --csv $B --in seq1=$S --in seq2=$S --events=none --backend=cuda > $OUT/durations.csv 2>/dev/null
python3 - $OUT/durations.csv <<'PY'
import csv, sys, collections
rows = [r for r in csv.reader(open(sys.argv[1])) if len(r) > 10]
h = rows[0]; ki = h.index("Kernel Name"); vi = h.index("Metric Value"); gi = h.index("Grid Size") if "Grid Size" in h else None
tot = collections.defaultdict(float); cnt = collections.Counter(); mx = {}
for r in rows[1:]:
    name = r[ki].split("(")[0].split("<")[0].split("::")[-1] + ("<i>" if "<int>" in r[ki] or "Ii" in r[ki] else "")
    u = r[h.index("Metric Unit")]
    v = float(r[vi].replace(",", "")) * {"nsecond": 1, "usecond": 1e3, "msecond": 1e6, "second": 1e9}.get(u, 1)
    tot[name] += v; cnt[name] += 1
for n in tot: print("%-24s launches %4d  total %.3f ms" % (n, cnt[n], tot[n] / 1e6))
PY
# the middle step in detail
for k in dpc_product2 dpc_kernel2; do
  ncu --set full --import-source no -k regex:$k --launch-skip 70 --launch-count 1 $B --in seq1=$S --in seq2=$S --events=none --backend=cuda > $OUT/ncu-$k.txt 2>&1
  grep -E "Duration|Grid Size|Block Size|Registers|Achieved Occupancy|Theoretical Occupancy|Compute \(SM\) Throughput|Memory Throughput|L1/TEX Hit|L2 Hit|Issued Ipc|Warp Cycles Per Issued|Eligible Warps|No Eligible|One or More|DRAM Throughput|Executed Ipc" $OUT/ncu-$k.txt | head -30
done
echo "== done at $SECONDS s"
