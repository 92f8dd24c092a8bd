#!/usr/bin/env bash
# Call 2 (no code change): where BPMax's time goes at N = M = 128 after
# call 1 (.carry/k/new): each kernel's total time over the run (ncu, one
# metric per launch), then source counters of one late launch of the
# split-over-k product kernel (dpc_product2) and of the tile kernel
# (dpc_kernel2): executed SASS by opcode and the lines with the most stall
# samples.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
O=/tmp/prof; mkdir -p $O
d=.carry/k/new/bpmax
cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release > /dev/null 2>&1 && cmake --build $d/build -j 16 > /dev/null 2>&1 || echo BUILD FAILED
python3 -c "
import random
rng = random.Random(5)
print('--in seq1=' + ''.join(rng.choice('ACGU') for _ in range(128)) + ' --in seq2=' + ''.join(rng.choice('ACGU') for _ in range(128)))" > /tmp/args
X="$d/build/bpmax --backend=cuda $(cat /tmp/args)"
$X --timing 2>&1 | grep timing
ncu --clock-control none --metrics gpu__time_duration.sum --csv $X > $O/t.csv 2>/dev/null
python3 - $O/t.csv <<'PY' | tee $OUT/call2-kernels.txt
import csv, sys, collections
rows = [r for r in csv.reader(open(sys.argv[1])) if len(r) > 10]
h = rows[0]; k = h.index('Kernel Name'); v = h.index('Metric Value'); u = h.index('Metric Unit')
tot = collections.Counter(); n = collections.Counter()
for r in rows[1:]:
    try: x = float(r[v].replace(',', ''))
    except ValueError: continue
    s = {'nsecond': 1e-9, 'usecond': 1e-6, 'msecond': 1e-3, 'second': 1}[r[u]]
    name = r[k].split('(')[0].split('::')[-1]
    tot[name] += x * s; n[name] += 1
all_ = sum(tot.values())
for name, t in tot.most_common():
    print('%-28s %5d launches %8.4f s %5.1f%%' % (name, n[name], t, 100 * t / all_))
PY
for kn in dpc_product2 dpc_kernel2; do
  ncu --clock-control none --kernel-name regex:"$kn" --launch-skip 100 --launch-count 1 \
      --section SourceCounters --section WarpStateStats --section InstructionStats --section SpeedOfLight --section Occupancy --section LaunchStats \
      -f -o $O/$kn $X > /dev/null 2>&1
  ncu -i $O/$kn.ncu-rep --print-details all > $OUT/call2-$kn-details.txt 2>&1
  echo "== $kn"
  grep -E "^\s+(Duration|Grid Size|Executed Instructions |Issued Warp Per Scheduler|Warp Cycles Per Issued Instruction|Achieved Occupancy|Registers Per Thread|Stall [A-Z][a-z ]+ +inst +[0-9.]+ *$)" $OUT/call2-$kn-details.txt | awk '!seen[$0]++' | head -24
  ncu -i $O/$kn.ncu-rep --page source --csv --print-source sass > $O/s.csv 2>/dev/null
  python3 - $O/s.csv <<'PY' | tee $OUT/call2-$kn-sass.txt
import csv, sys, collections
rows = list(csv.reader(open(sys.argv[1])))
hi = next(i for i, r in enumerate(rows) if any('Warp Stall Sampling (All' in c for c in r))
h = rows[hi]; si = next(i for i, c in enumerate(h) if 'Warp Stall Sampling (All' in c)
src = next(i for i, c in enumerate(h) if c == 'Source')
ex = next((i for i, c in enumerate(h) if c.startswith('Instructions Executed')), None)
data = []
for r in rows[hi + 1:]:
    try: data.append((float(r[si].replace(',', '') or 0), float(r[ex].replace(',', '') or 0) if ex is not None else 0, r[src]))
    except (ValueError, IndexError): pass
tot = sum(d[0] for d in data) or 1
texe = sum(d[1] for d in data) or 1
print('sass lines', len(data), 'samples', tot, 'executed', texe)
mix = collections.Counter()
for v, e, t in data:
    op = t.split()[0] if t.split() else '?'
    if op.startswith('@'): op = t.split()[1] if len(t.split()) > 1 else op
    mix[op.split('.')[0]] += e
print('instruction mix (executed warp instructions):')
for op, e in mix.most_common(22):
    print('  %-10s %5.1f%%' % (op, 100 * e / texe))
print('top stall lines:')
for v, e, t in sorted(data, key=lambda x: -x[0])[:25]:
    print('%5.1f%% %s' % (100 * v / tot, t[:110]))
print('most executed lines:')
for v, e, t in sorted(data, key=lambda x: -x[1])[:25]:
    print('%5.1f%% %s' % (100 * e / texe, t[:110]))
PY
done
