#!/usr/bin/env bash
# Device call 2 of 2026-11-26 (session 8): why a 4-block launch of BPMax's
# dpc_kernel9 takes 8-16 ms (call 1). generated/bpmax built with -lineinfo;
# ncu's launch statistics, warp states and per-source-line stall samples of
# the 61st kernel9 launch and the 61st kernel11 launch at N = M = 128.
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
cmake -S generated/bpmax -B /tmp/bp -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 -DCMAKE_CUDA_FLAGS=-lineinfo >/dev/null 2>&1 &&
  cmake --build /tmp/bp -j 16 >/dev/null 2>&1 || { echo "BUILD FAIL"; exit 1; }
echo "== built at $SECONDS s"
python3 -c "
import random; r = random.Random(7)
for n in (128,):
    for s in (1, 2):
        open('/tmp/bp%d_%d.fa' % (n, s), 'w').write('>s%d_%d\n' % (n, s) + ''.join(r.choice('ACGU') for _ in range(n)) + '\n')"
B=/tmp/bp/bpmax
for k in 9 11; do
  ncu --clock-control none --kernel-name regex:"dpc_kernel$k\\b" --launch-skip 60 --launch-count 1 \
      --section SourceCounters --section WarpStateStats --section LaunchStats --section Occupancy --section SpeedOfLight \
      -f -o $O/p$k $B --backend=cuda --in seq1=@/tmp/bp128_1.fa --in seq2=@/tmp/bp128_2.fa --events=none > $O/ncu$k.log 2>&1
  echo "ncu kernel$k rc=$? at $SECONDS s"
  ncu -i $O/p$k.ncu-rep --print-details all > $O/details$k.txt 2>&1
  ncu -i $O/p$k.ncu-rep --page source --csv --print-source cuda > $O/cuda$k.csv 2>&1
  grep -E "Registers Per|Achieved Occupancy|Theoretical Occupancy|Duration|Block Limit|Grid Size|Warp Cycles Per Issued|Compute \(SM\) Throughput|Memory Throughput" $O/details$k.txt | head -20
  python3 - $O/cuda$k.csv generated/bpmax/bpmax_cuda.cu <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
hi = next(i for i, r in enumerate(rows) if any('Warp Stall Sampling (All' in c for c in r))
h = rows[hi]; si = next(i for i, c in enumerate(h) if 'Warp Stall Sampling (All' in c)
li = next((i for i, c in enumerate(h) if c in ('#', 'Line', '# Line')), 0)
src = open(sys.argv[2]).read().split('\n')
data = []
for r in rows[hi + 1:]:
    try: data.append((float(r[si].replace(',', '') or 0), r))
    except (ValueError, IndexError): pass
tot = sum(d[0] for d in data) or 1
print('columns:', h[:6], 'total samples', tot)
for v, r in sorted(data, key=lambda x: -x[0])[:30]:
    print('%5.1f%% %s | %s' % (100 * v / tot, r[li], (r[1] if len(r) > 1 else '')[:110]))
PY
done
echo "== all done at $SECONDS s"
