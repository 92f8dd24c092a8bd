#!/usr/bin/env bash
# Call 12 (for the next session, no code change): where the database
# search's strip kernel spends its issue slots at 56ccfcd: ncu source
# counters of sw_local's score-only strip kernel over the 20 000-target
# batch; the SASS instructions with the most stall samples and the
# instruction mix.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
O=/tmp/prof; mkdir -p $O
d=.carry/dbRun/sw_local
cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release > /dev/null 2>&1 && cmake --build $d/build -j 16 > /dev/null 2>&1 || echo BUILD FAILED
python3 - <<'PY'
import random
rnd = random.Random(7)
open("/tmp/q.fa","w").write(">query\n%s\n" % "".join(rnd.choice("ACGT") for _ in range(1000)))
with open("/tmp/t.fa","w") as f:
    for i in range(20000):
        m = rnd.randint(200, 2000)
        f.write(">t%d\n%s\n" % (i, "".join(rnd.choice("ACGT") for _ in range(m))))
PY
ncu --clock-control none --kernel-name regex:"dpc_kernel0" --launch-count 1 \
    --section SourceCounters --section WarpStateStats --section InstructionStats --section SpeedOfLight \
    -f -o $O/p $d/build/sw_local --backend=cuda --in a=@/tmp/q.fa /tmp/t.fa > /dev/null 2>&1
ncu -i $O/p.ncu-rep --print-details all > $OUT/call12-details.txt 2>&1
grep -E "^\s+(Duration|Executed Instructions |Issued Warp Per Scheduler|Warp Cycles Per Issued Instruction|Stall [A-Z][a-z ]+ +inst +[0-9.]+ *$)" $OUT/call12-details.txt | awk '!seen[$0]++' | head -24
ncu -i $O/p.ncu-rep --page source --csv --print-source sass > $O/s.csv 2>/dev/null
python3 - $O/s.csv <<'PY' | tee $OUT/call12-sass.txt
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
for op, e in mix.most_common(20):
    print('  %-10s %5.1f%%' % (op, 100 * e / texe))
print('top stall lines:')
for v, e, t in sorted(data, key=lambda x: -x[0])[:30]:
    print('%5.1f%% %s' % (100 * v / tot, t[:110]))
PY
