# ncu's source page (CSV) -> one line per SASS instruction: index, warp
# instructions executed, stall samples, the instruction; the total last.
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
h = None
for i, r in enumerate(rows):
    if 'Source' in r and any('Instructions Executed' in c for c in r): h = i; break
if h is None: print('no header'); sys.exit()
H = rows[h]; src = H.index('Source')
ex = [j for j, c in enumerate(H) if c.startswith('Warp') and 'Instructions Executed' in c or c == 'Instructions Executed'][0]
st = [j for j, c in enumerate(H) if c.startswith('Warp Stall Sampling (All')]
st = st[0] if st else None
tot = 0
for k, r in enumerate(rows[h + 1:]):
    if len(r) <= src: continue
    e = r[ex].replace(',', '') or '0'
    tot += int(float(e))
    print(f"{k:5d} {e:>10} {r[st] if st is not None else '':>6}  {r[src]}")
print('total warp instructions', tot)
