#!/usr/bin/env bash
# Call 4 (2026-11-28d): where Nussinov's time goes at n = 16000 with the
# int16x2 products: Nsight Compute's duration of every launch (serialised,
# so the side stream's overlap is lost), summed per kernel.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
d=generated/nussinov
cmake -S $d -B build-gpu/nussinov -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && cmake --build build-gpu/nussinov -j 16 >/dev/null 2>&1 || echo BUILD FAIL
python3 -c "import random; r = random.Random(16000); print('>s'); print(''.join(r.choice('ACGU') for _ in range(16000)))" > /tmp/s16000.fa
build-gpu/nussinov/nussinov /tmp/s16000.fa --backend=cuda --events=none --timing 2>&1 | grep -o "compute [0-9.]* s"
timeout 400 ncu --metrics gpu__time_duration.sum --csv build-gpu/nussinov/nussinov /tmp/s16000.fa --backend=cuda --events=none > $OUT/ncu.csv 2>/dev/null
python3 - $OUT/ncu.csv <<'PY'
import csv, sys, collections
rows = [r for r in csv.reader(open(sys.argv[1])) if len(r) > 10]
h = rows[0]; k = h.index("Kernel Name"); v = h.index("Metric Value"); u = h.index("Metric Unit")
s = collections.defaultdict(float); n = collections.Counter()
for r in rows[1:]:
    try: x = float(r[v].replace(",", ""))
    except ValueError: continue
    x *= {"nsecond": 1e-9, "usecond": 1e-6, "msecond": 1e-3, "second": 1}.get(r[u], 1e-9)
    name = r[k].split("(")[0]; s[name] += x; n[name] += 1
for name in sorted(s, key=lambda a: -s[a]):
    print("%-40s %6d launches %9.4f s" % (name[:40], n[name], s[name]))
PY
