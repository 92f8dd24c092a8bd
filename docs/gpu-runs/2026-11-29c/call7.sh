#!/usr/bin/env bash
# Call 7 (2026-11-29c): the 2000-RNA batch's biggest tile-kernel launch
# (wavefront step 1, 6064 tiles, 3.23 ms in call 6) at the SASS level: ncu
# source page (warp instructions executed, stall samples per instruction);
# and the same kernel at n = 16000 (step 100) for comparison.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call7.log) 2>&1
d=generated/nussinov
cmake -S $d -B $d/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 -DCMAKE_CUDA_FLAGS=-lineinfo >/dev/null 2>&1 && ninja -C $d/build nussinov >/dev/null 2>&1 || echo "BUILD FAIL"
python3 - <<'PY'
import random
rnd = random.Random(1)
lens = [rnd.randint(50, 400) for _ in range(2000)]
with open("/tmp/rna2000.fa", "w") as f:
    for i, n in enumerate(lens):
        f.write(">r%d\n%s\n" % (i, "".join(rnd.choice("ACGU") for _ in range(n))))
r = random.Random(7)
open('/tmp/s16000.fa', 'w').write('>r\n' + ''.join(r.choice('ACGU') for _ in range(16000)) + '\n')
PY
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
prof() { # name kernel skip binary args...
  local n=$1 k=$2 s=$3; shift 3
  timeout 200 $NCU --kernel-name regex:$k --launch-skip $s --launch-count 1 \
    --section SourceCounters --section WarpStateStats --section InstructionStats --section SpeedOfLight --section Occupancy --section LaunchStats \
    --import-source yes -o /tmp/$n "$@" > /tmp/$n.log 2>&1; echo "ncu $n rc=$?"
  $NCU --import /tmp/$n.ncu-rep --page source --print-source sass --csv > /tmp/$n-source.csv 2>&1
  $NCU --import /tmp/$n.ncu-rep --page details > /tmp/$n-details.txt 2>&1
  python3 - /tmp/$n-source.csv > $OUT/$n-sass.txt <<'PY'
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
lines, tot, stot = [], 0, 0
for k, r in enumerate(rows[h + 1:]):
    if len(r) <= src: continue
    e = int(float(r[ex].replace(',', '') or '0')); s = int(float((r[st] if st is not None else '0').replace(',', '') or '0'))
    tot += e; stot += s
    lines.append((k, e, s, r[src]))
print('# index, warp instructions executed, stall samples, SASS (lines with >= 0.2% of the instructions or of the samples)')
for k, e, s, t in lines:
    if e >= 0.002 * tot or s >= 0.002 * stot:
        print(f"{k:5d} {e:>10} {s:>6}  {t}")
print('total warp instructions', tot, 'stall samples', stot)
PY
  grep -E "Duration|Executed Instructions  |Registers Per|Achieved Occupancy|Issued Warp|Stall|Warp Cycles Per Issued" /tmp/$n-details.txt | head -20 | sed "s/^/$n /"
  cp /tmp/$n-details.txt $OUT/$n-details.txt
}
prof batch-k0 dpc_kernel0 2 $d/build/nussinov --backend=cuda --events=none /tmp/rna2000.fa
prof n16k-k0 dpc_kernel0 100 $d/build/nussinov --backend=cuda --events=none /tmp/s16000.fa
wc -l $OUT/*-sass.txt
echo "== done at $SECONDS s"
