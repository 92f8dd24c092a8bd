#!/usr/bin/env bash
# Call 4: BPMax after call 3 (c = .carry/k3/c, this tree's bpmax) and the
# same folder with its generic tile product's k loops unrolled by 4 by hand
# (u: `#pragma unroll 4`, so that the loads of four k are in flight at
# once; call 2: the tile kernel's most sampled stalls were that product's
# updates waiting on its loads, one k after another). CUDA compute s at
# N = M = 128 and 192, 3 runs alternating, outputs compared; each kernel's
# share of the run (ncu) for c and u at N = M = 128; source counters of a
# late launch of c's split product kernel.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
O=/tmp/prof; mkdir -p $O
C=.carry/k3
for v in c u; do (cmake -S $C/$v -B $C/$v/build -DCMAKE_BUILD_TYPE=Release > /dev/null 2>&1 && cmake --build $C/$v/build -j 8 > /dev/null 2>&1 || echo "BUILD FAILED $v") & done; wait
python3 - > /tmp/cases.txt <<'PY'
import random
rng = random.Random(3)
for n in (128, 192):
    a = "".join(rng.choice("ACGU") for _ in range(n)); b = "".join(rng.choice("ACGU") for _ in range(n))
    print("--in seq1=%s --in seq2=%s" % (a, b))
PY
while read -r args; do
  for k in 1 2 3; do for v in c u; do
    t=$($C/$v/build/bpmax --backend=cuda --timing --events=none $args 2>&1 >/tmp/o-$v.txt | grep -o 'compute [0-9.]* s')
    echo "bpmax ${#args} $v: $t"
  done; done
  cmp -s /tmp/o-c.txt /tmp/o-u.txt && echo "outputs c == u" || echo "OUTPUTS DIFFER"
done < /tmp/cases.txt | tee $OUT/call4.log
args=$(head -1 /tmp/cases.txt)
for v in c u; do
  ncu --clock-control none --metrics gpu__time_duration.sum --csv $C/$v/build/bpmax --backend=cuda $args > $O/t-$v.csv 2>/dev/null
  echo "== kernels of $v (N = M = 128)"
  python3 - $O/t-$v.csv <<'PY'
import csv, sys, collections
rows = [r for r in csv.reader(open(sys.argv[1])) if len(r) > 10]
h = rows[0]; k = h.index('Kernel Name'); v = h.index('Metric Value'); u = h.index('Metric Unit')
tot = collections.Counter(); n = collections.Counter()
scale = {'nsecond': 1e-9, 'ns': 1e-9, 'usecond': 1e-6, 'us': 1e-6, 'msecond': 1e-3, 'ms': 1e-3, 'second': 1, 's': 1}
for r in rows[1:]:
    try: x = float(r[v].replace(',', ''))
    except ValueError: continue
    name = r[k].split('(')[0].split('::')[-1].split('<')[0]
    tot[name] += x * scale.get(r[u], float('nan')); n[name] += 1
all_ = sum(tot.values())
for name, t in tot.most_common():
    print('%-28s %5d launches %8.4f s %5.1f%%' % (name, n[name], t, 100 * t / all_))
PY
done 2>&1 | tee -a $OUT/call4.log
kn=dpc_product2
ncu --clock-control none --kernel-name regex:"$kn" --launch-skip 100 --launch-count 1 \
    --section SourceCounters --section WarpStateStats --section InstructionStats --section SpeedOfLight \
    -f -o $O/$kn $C/c/build/bpmax --backend=cuda $args > /dev/null 2>&1
ncu -i $O/$kn.ncu-rep --print-details all > $O/d.txt 2>&1
grep -E "^\s+(Duration|Executed Instructions |Issued Warp Per Scheduler|Warp Cycles Per Issued Instruction)" $O/d.txt | awk '!seen[$0]++' | tee -a $OUT/call4.log
ncu -i $O/$kn.ncu-rep --page source --csv --print-source sass > $O/s.csv 2>/dev/null
python3 - $O/s.csv <<'PY' > $OUT/call4-product2-sass.txt
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
for v, e, t in sorted(data, key=lambda x: -x[0])[:30]:
    print('%5.1f%% %s' % (100 * v / tot, t[:110]))
PY
head -45 $OUT/call4-product2-sass.txt
