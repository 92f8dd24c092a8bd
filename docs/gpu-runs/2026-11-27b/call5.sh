#!/usr/bin/env bash
# Call 5 (no code change): the SASS of BPMax's tile kernel (dpc_kernel2)
# and split product kernel (dpc_product2) at this tree (.carry/k3/c),
# N = M = 128, one late launch each: every SASS line in order with its
# executed warp instructions and stall samples, to see which source
# region spends them.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
O=/tmp/prof; mkdir -p $O
C=.carry/k3/c
cmake -S $C -B $C/build -DCMAKE_BUILD_TYPE=Release > /dev/null 2>&1 && cmake --build $C/build -j 16 > /dev/null 2>&1 || echo BUILD FAILED
args=$(python3 -c "
import random
rng = random.Random(3)
a = ''.join(rng.choice('ACGU') for _ in range(128)); b = ''.join(rng.choice('ACGU') for _ in range(128))
print('--in seq1=%s --in seq2=%s' % (a, b))")
for kn in dpc_kernel2 dpc_product2; do
  ncu --clock-control none --kernel-name regex:"$kn" --launch-skip 100 --launch-count 1 \
      --section SourceCounters -f -o $O/$kn $C/build/bpmax --backend=cuda $args > /dev/null 2>&1
  ncu -i $O/$kn.ncu-rep --page source --csv --print-source sass > $O/s-$kn.csv 2>/dev/null
  python3 - $O/s-$kn.csv <<'PY' > $OUT/call5-$kn-listing.txt
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
hi = next(i for i, r in enumerate(rows) if any('Warp Stall Sampling (All' in c for c in r))
h = rows[hi]; si = next(i for i, c in enumerate(h) if 'Warp Stall Sampling (All' in c)
src = next(i for i, c in enumerate(h) if c == 'Source')
ex = next((i for i, c in enumerate(h) if c.startswith('Instructions Executed')), None)
ad = next((i for i, c in enumerate(h) if c == 'Address'), None)
data = []
for r in rows[hi + 1:]:
    try: data.append((r[ad] if ad is not None else '', float(r[si].replace(',', '') or 0), float(r[ex].replace(',', '') or 0), r[src]))
    except (ValueError, IndexError): pass
ts = sum(d[1] for d in data) or 1; te = sum(d[2] for d in data) or 1
print('# columns: address, % of executed warp instructions, % of stall samples, SASS (lines executed at least once)')
for a, s, e, t in data:
    if e > 0:
        print('%s %6.3f %6.3f %s' % (a[-5:], 100 * e / te, 100 * s / ts, t[:120]))
PY
  echo "$kn: $(wc -l < $OUT/call5-$kn-listing.txt) lines"
done
