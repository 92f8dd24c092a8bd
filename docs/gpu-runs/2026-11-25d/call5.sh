#!/usr/bin/env bash
# Device call 5 of 2026-11-25 (session 4): strip 0 (row i = 0, a boundary
# case) runs only guarded steps and sets the pace of every strip below it
# (call 3/4 timelines: 8.4 us per chunk against 4.2 for unrolled interior
# steps). Here the guarded steps too run whole chunks with fixed-offset
# events, unrolled by 3, 6 or 10 (call5-unroll2.py), the whole warp
# waiting (call4-spinall.py): outputs, --verify, times, timeline of g6.
# Needs .carry/p5.
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
for d in .carry/p5/*; do
  ( cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    cmake --build $d/build -j 4 >/dev/null 2>&1 ) || echo "BUILD FAIL $d" &
done; wait
python3 - <<'PY'
import random
r = random.Random(29)
for n in (30000, 50000, 2049, 4000, 333, 64, 65, 100, 160):
    for s in "ab":
        open("/tmp/%s%d.fa" % (s, n), "w").write(">s\n" + "".join(r.choice("ACGT") for _ in range(n)) + "\n")
PY
ok=0; bad=0
for v in g3-plain g6-plain g10-plain; do
  for p in "333 4000" "4000 333" "2049 2049" "64 65" "65 4000" "100 160" "160 100" "64 64" "30000 30000"; do
    set -- $p; in="--in a=@/tmp/a$1.fa --in b=@/tmp/b$2.fa"
    b=$(.carry/p5/base/build/sw_local $in --backend=cuda --events=none 2>&1)
    s=$(.carry/p5/$v/build/sw_local $in --backend=cuda --events=none 2>&1)
    f=$(.carry/p5/$v/build/sw_local $in --backend=cuda --events=none --verify 2>&1)
    if [ "$b" = "$s" ] && echo "$f" | grep -q "verify: ok"; then ok=$((ok+1)); else bad=$((bad+1)); echo "FAIL $v $p: '$b' '$s' '$(echo $f | tail -c 200)'"; fi
  done
done
echo "correctness: $ok ok, $bad failed"
for n in 30000 50000; do
  in="--in a=@/tmp/a$n.fa --in b=@/tmp/b$n.fa"
  for v in base g3-plain g6-plain g10-plain base; do
    echo "$n $v: $(for k in 1 2 3; do .carry/p5/$v/build/sw_local $in --backend=cuda --timing --events=none 2>&1 | grep -o 'compute [0-9.]*'; done | tr '\n' ' ')"
  done
done
for v in g6-tl; do
  echo "== timeline $v"
  .carry/p5/$v/build/sw_local --in a=@/tmp/a30000.fa --in b=@/tmp/b30000.fa --backend=cuda --events=none --timing > $O/tl-$v.txt 2>&1
  python3 - $O/tl-$v.txt <<'PY'
import sys, collections
ev = collections.defaultdict(dict)
for l in open(sys.argv[1]):
    if l.startswith("TT "):
        _, s, w, t = l.split(); ev[int(s)][int(w)] = int(t)
    elif "compute" in l: print(l.strip()[:80])
t0 = min(min(d.values()) for d in ev.values())
print("strip  entry  c0     c100   c500   c900   end   (us from the first entry)")
for s in sorted(ev):
    d = ev[s]; f = lambda k: "%6.0f" % ((d[k] - t0) / 1e3) if k in d else "     -"
    print("%4d " % s, " ".join(f(k) for k in (-1, 0, 100, 500, 900, -2)))
PY
done
