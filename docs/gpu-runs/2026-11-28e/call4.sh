#!/usr/bin/env bash
# Call 4 (2026-11-28e): where BPMax's 0.206 s at 128 x 128 goes: Nsight
# Compute's duration of every launch (serialised), summed per kernel.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
d=generated/bpmax
cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && cmake --build $d/build -j 16 >/dev/null 2>&1 || echo "BUILD FAIL $d"
python3 - <<'PY'
import random
r = random.Random(13)
open('/tmp/b128', 'w').write(''.join(r.choice('ACGU') for _ in range(128)))
PY
B=$(cat /tmp/b128)
$d/build/bpmax --in seq1=$B --in seq2=$B --backend=cuda --events=none --timing 2>&1 | tail -2
timeout 500 ncu --metrics gpu__time_duration.sum --print-summary per-kernel $d/build/bpmax --in seq1=$B --in seq2=$B --backend=cuda --events=none > $OUT/call4-ncu.txt 2>&1
python3 - "$OUT/call4-ncu.txt" <<'PY'
import re, sys
txt = open(sys.argv[1]).read()
# blocks: kernel name line, then "gpu__time_duration.sum  unit  min max avg" with invocations
rows = []
name = None; inv = None
for line in txt.splitlines():
    m = re.match(r'\s*(\S.*?)\s+\(\d+, \d+, \d+\)x\(\d+, \d+, \d+\)', line)
    if m: name = m.group(1)
    m = re.search(r'Invocations\s+(\d+)', line) or re.search(r'(\d+)\s+invocations', line, re.I)
    if m: inv = int(m.group(1))
    m = re.match(r'\s*gpu__time_duration.sum\s+(\S+)\s+([\d.,]+)\s+([\d.,]+)\s+([\d.,]+)', line)
    if m and name:
        unit = m.group(1); avg = float(m.group(4).replace(',', ''))
        scale = {'ns': 1e-9, 'us': 1e-6, 'usecond': 1e-6, 'ms': 1e-3, 'msecond': 1e-3, 's': 1, 'nsecond': 1e-9}.get(unit, 1e-9)
        rows.append((name, inv, avg * scale * (inv or 1)))
for n, i, t in sorted(rows, key=lambda r: -r[2]):
    print(f"{t:9.4f} s  {i} launches  {n[:90]}")
PY
grep -c "" $OUT/call4-ncu.txt
