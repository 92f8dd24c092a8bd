#!/usr/bin/env bash
# Call 4 (2026-11-29c): where the 2000-RNA batch's 10 ms go (issue 11's
# 20x over OpenMP: 13.6x in call 3). ncu's per-kernel summary of one run of
# generated/nussinov on the runner's batch input (every launch serialised),
# and the launch count; the batch's --timing beside it.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call4.log) 2>&1
d=generated/nussinov
cmake -S $d -B $d/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && ninja -C $d/build nussinov >/dev/null 2>&1 || echo "BUILD FAIL"
python3 - <<'PY'
import random
rnd = random.Random(1)   # the runner's --seed 1: its batch-rna2000.fa
lens = [rnd.randint(50, 400) for _ in range(2000)]
with open("/tmp/rna2000.fa", "w") as f:
    for i, n in enumerate(lens):
        f.write(">r%d\n%s\n" % (i, "".join(rnd.choice("ACGU") for _ in range(n))))
PY
for k in 1 2 3; do $d/build/nussinov --backend=cuda --timing --json /tmp/rna2000.fa 2>&1 >/dev/null | grep timing; done
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
$NCU --print-summary per-kernel $d/build/nussinov --backend=cuda --json /tmp/rna2000.fa > /tmp/ncu.txt 2>&1; echo "ncu rc $?"
grep -E "^\s+[a-zA-Z_].*\(|Duration|Invocations|^  dpc|void" /tmp/ncu.txt | head -5
python3 - <<'PY'
import re
t = open('/tmp/ncu.txt').read()
# per-kernel blocks: a kernel name line, then metric lines; keep name, invocations and duration
blocks = re.split(r'\n(?=  \S)', t)
rows = []
for b in blocks:
    m = re.match(r'\s*(\S.*?\(.*?\))', b)
    inv = re.search(r'(\d+) invocations|Invocations\s+(\d+)', b)
    dur = re.search(r'Duration\s+(\S+)\s+([\d.,]+)\s+([\d.,]+)\s+([\d.,]+)', b)
    if m and dur:
        rows.append((m.group(1)[:90], inv.group(1) or inv.group(2) if inv else '?', dur.groups()))
for r in rows: print(r)
PY
cp /tmp/ncu.txt $OUT/ncu-summary.txt
echo "== done at $SECONDS s"
