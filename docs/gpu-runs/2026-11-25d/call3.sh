#!/usr/bin/env bash
# Device call 3 of 2026-11-25 (session 4): a timeline of the pipelined strip
# kernel (sw_local 30000^2 score-only): lane 0 of strips 0, 1, 2, 50, 100,
# ..., 468 prints %globaltimer at entry, when it publishes chunks 0, 100,
# ..., 900, and at the end (printf added to the emitted kernel by
# /tmp/exp/instr.py, kept in this folder's call3-instr.py). Emitted kernel
# (base) and the 6-step unrolled one (u6). Needs .carry/p3/{base,u6}.
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
for d in .carry/p3/*; do
  ( cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    cmake --build $d/build -j 8 >/dev/null 2>&1 ) || echo "BUILD FAIL $d" &
done; wait
python3 - <<'PY'
import random
r = random.Random(29)
for s in "ab":
    open("/tmp/%s30000.fa" % s, "w").write(">s\n" + "".join(r.choice("ACGT") for _ in range(30000)) + "\n")
PY
for v in base u6; do
  .carry/p3/$v/build/sw_local --in a=@/tmp/a30000.fa --in b=@/tmp/b30000.fa --backend=cuda --events=none --timing > $O/tl-$v.txt 2>&1
  python3 - $O/tl-$v.txt <<'PY'
import sys, collections
ev = collections.defaultdict(dict)
for l in open(sys.argv[1]):
    if l.startswith("TT "):
        _, s, w, t = l.split(); ev[int(s)][int(w)] = int(t)
    elif "compute" in l: print(l.strip())
t0 = min(min(d.values()) for d in ev.values())
print("strip  entry  c0     c100   c500   c900   end   (us from the first entry)")
for s in sorted(ev):
    d = ev[s]; f = lambda k: "%6.0f" % ((d[k] - t0) / 1e3) if k in d else "     -"
    print("%4d " % s, " ".join(f(k) for k in (-1, 0, 100, 500, 900, -2)))
PY
done
