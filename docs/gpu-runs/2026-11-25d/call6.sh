#!/usr/bin/env bash
# Device call 6 of 2026-11-25 (session 4): the emitted kernel with whole
# chunks (new, this commit's compiler) against the same with the strip
# handoff by a release store and acquire loads instead of two
# __threadfence() (ra: call6-relacq.py): outputs, --verify, times at
# 30000^2 and 50000^2 score-only and full, timeline of ra (call6-instr.py).
# Needs .carry/p6/{new,ra,ra-tl}.
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
for d in .carry/p6/*; do
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
for v in new ra; do
  for p in "333 4000" "4000 333" "2049 2049" "64 65" "65 4000" "100 160" "160 100" "64 64" "30000 30000"; do
    set -- $p; in="--in a=@/tmp/a$1.fa --in b=@/tmp/b$2.fa"
    f=$(.carry/p6/$v/build/sw_local $in --backend=cuda --events=none --verify 2>&1)
    o=$(.carry/p6/$v/build/sw_local $in --backend=openmp --events=none 2>&1)
    s=$(.carry/p6/$v/build/sw_local $in --backend=cuda --events=none 2>&1)
    if [ "$o" = "$s" ] && echo "$f" | grep -q "verify: ok"; then ok=$((ok+1)); else bad=$((bad+1)); echo "FAIL $v $p: '$o' '$s' '$(echo $f | tail -c 200)'"; fi
  done
done
echo "correctness: $ok ok, $bad failed"
echo "memcheck ra: $(compute-sanitizer --tool memcheck .carry/p6/ra/build/sw_local --in a=@/tmp/a333.fa --in b=@/tmp/b4000.fa --backend=cuda --events=none 2>&1 | tail -1)"
for n in 30000 50000; do
  in="--in a=@/tmp/a$n.fa --in b=@/tmp/b$n.fa"
  for m in "--events=none" "--events=all"; do
    for v in new ra new ra; do
      echo "$n $m $v: $(for k in 1 2 3; do .carry/p6/$v/build/sw_local $in --backend=cuda --timing $m 2>&1 | grep -o 'compute [0-9.]*'; done | tr '\n' ' ')"
    done
  done
done
echo "== timeline ra"
.carry/p6/ra-tl/build/sw_local --in a=@/tmp/a30000.fa --in b=@/tmp/b30000.fa --backend=cuda --events=none --timing > $O/tl-ra.txt 2>&1
python3 - $O/tl-ra.txt <<'PY'
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
