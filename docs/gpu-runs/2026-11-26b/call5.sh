#!/usr/bin/env bash
# Device call 5 of 2026-11-26 (session 8): where BPMax's time goes with the
# split double-reduction kernel (.carry/bpm2, call 4): ncu's kernel times
# summed per kernel at N = M = 128, then details (launch statistics, warp
# states, instruction mix, per-SASS-instruction stall samples) of the 70th
# launch of dpc_product2 and of dpc_kernel2.
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
cmake -S .carry/bpm2 -B /tmp/bn -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 -DCMAKE_CUDA_FLAGS=-lineinfo >/dev/null 2>&1 &&
  cmake --build /tmp/bn -j 16 >/dev/null 2>&1 || { echo "BUILD FAIL"; exit 1; }
python3 -c "
import random; r = random.Random(7)
for s in (1, 2):
    open('/tmp/bp128_%d.fa' % s, 'w').write('>s128_%d\n' % s + ''.join(r.choice('ACGU') for _ in range(128)) + '\n')"
B="/tmp/bn/bpmax --backend=cuda --in seq1=@/tmp/bp128_1.fa --in seq2=@/tmp/bp128_2.fa --events=none"
ncu --clock-control none --metrics gpu__time_duration.sum --csv $B > $O/sum.csv 2>/dev/null
python3 - $O/sum.csv <<'PY'
import csv, sys, collections
rows = [r for r in csv.reader(open(sys.argv[1])) if len(r) > 10]
h = rows[0]; ki = h.index('Kernel Name'); vi = h.index('Metric Value')
tot = collections.defaultdict(float); cnt = collections.Counter()
for r in rows[1:]:
    k = r[ki].split('(')[0]; tot[k] += float(r[vi].replace(',', '')) * 1e-9; cnt[k] += 1
s = sum(tot.values())
for k, v in sorted(tot.items(), key=lambda x: -x[1])[:8]:
    print('%-28s %6d launches %9.4f s %5.1f%%' % (k, cnt[k], v, 100 * v / s))
print('total kernel time %.4f s' % s)
PY
for k in product2 kernel2; do
  ncu --clock-control none --kernel-name regex:"dpc_$k\\b" --launch-skip 70 --launch-count 1 \
      --section SourceCounters --section WarpStateStats --section LaunchStats --section Occupancy --section SpeedOfLight --section InstructionStats \
      -f -o $O/p$k $B > /dev/null 2>&1
  ncu -i $O/p$k.ncu-rep --print-details all > $O/d$k.txt 2>&1
  echo "== $k"
  grep -E "^\s+(Duration|Grid Size|Registers Per Thread|Achieved Occupancy|Warp Cycles Per Issued Instruction|Executed Instructions |Issued Warp Per Scheduler|Stall [A-Z][a-z]+ +inst +[0-9.]+ *$)" $O/d$k.txt | awk '!seen[$0]++' | head -24
  ncu -i $O/p$k.ncu-rep --page source --csv --print-source sass > $O/s$k.csv 2>/dev/null
  python3 - $O/s$k.csv <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
hi = next(i for i, r in enumerate(rows) if any('Warp Stall Sampling (All' in c for c in r))
h = rows[hi]; si = next(i for i, c in enumerate(h) if 'Warp Stall Sampling (All' in c)
src = next(i for i, c in enumerate(h) if c == 'Source')
data = []
for r in rows[hi + 1:]:
    try: data.append((float(r[si].replace(',', '') or 0), r[src]))
    except (ValueError, IndexError): pass
tot = sum(d[0] for d in data) or 1
print('sass lines', len(data), 'samples', tot)
for v, t in sorted(data, key=lambda x: -x[0])[:25]:
    print('%5.1f%% %s' % (100 * v / tot, t[:100]))
PY
  rm -f $O/p$k.ncu-rep
done
echo "== all done at $SECONDS s"
