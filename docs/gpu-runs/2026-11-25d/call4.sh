#!/usr/bin/env bash
# Device call 4 of 2026-11-25 (session 4): the whole warp waits for the
# strip above (call4-spinall.py: no lane-0 spin beside 31 lanes busy at a
# __syncwarp), on the emitted kernel (base) and the 6-step unrolled one
# (u6): outputs and --verify, times at 30000^2 / 50000^2 score-only beside
# the unchanged kernels (.carry/p2), and the timelines (call3-instr.py).
# Needs .carry/p2/{base,u6} and .carry/p4/{base,u6}-{plain,tl}.
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
for d in .carry/p4/* .carry/p2/base .carry/p2/u6; do
  ( cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    cmake --build $d/build -j 4 >/dev/null 2>&1 ) || echo "BUILD FAIL $d" &
done; wait
python3 - <<'PY'
import random
r = random.Random(29)
for n in (30000, 50000, 2049, 4000, 333, 64, 65):
    for s in "ab":
        open("/tmp/%s%d.fa" % (s, n), "w").write(">s\n" + "".join(r.choice("ACGT") for _ in range(n)) + "\n")
PY
ok=0; bad=0
for v in base-plain u6-plain; do
  for p in "333 4000" "4000 333" "2049 2049" "64 65" "65 4000" "30000 30000"; do
    set -- $p; in="--in a=@/tmp/a$1.fa --in b=@/tmp/b$2.fa"
    b=$(.carry/p2/base/build/sw_local $in --backend=cuda --events=none 2>&1)
    s=$(.carry/p4/$v/build/sw_local $in --backend=cuda --events=none 2>&1)
    f=$(.carry/p4/$v/build/sw_local $in --backend=cuda --events=none --verify 2>&1)
    if [ "$b" = "$s" ] && echo "$f" | grep -q "verify: ok"; then ok=$((ok+1)); else bad=$((bad+1)); echo "FAIL $v $p: '$b' '$s' '$(echo $f | tail -c 200)'"; fi
  done
done
echo "correctness: $ok ok, $bad failed"
for n in 30000 50000; do
  in="--in a=@/tmp/a$n.fa --in b=@/tmp/b$n.fa"
  for v in p2/base p4/base-plain p2/u6 p4/u6-plain p2/base; do
    echo "$n $v: $(for k in 1 2 3; do .carry/$v/build/sw_local $in --backend=cuda --timing --events=none 2>&1 | grep -o 'compute [0-9.]*'; done | tr '\n' ' ')"
  done
done
for v in base-tl u6-tl; do
  echo "== timeline $v"
  .carry/p4/$v/build/sw_local --in a=@/tmp/a30000.fa --in b=@/tmp/b30000.fa --backend=cuda --events=none --timing > $O/tl-$v.txt 2>&1
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
