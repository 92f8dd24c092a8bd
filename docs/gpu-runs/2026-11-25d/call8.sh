#!/usr/bin/env bash
# Device call 8 of 2026-11-25 (session 4): call 7 found lcs, gotoh and
# banded slower (their cells dispatch on their case: 54 -> 63, 79 -> 129,
# 59 -> 93 ms); whole unrolled chunks are now only for branch-free cells.
# Same run: before (.carry/gen-old, 622dbab) and now (.carry/gen5) at the
# benchmark sizes, and --verify / score-only outputs of the five shapes.
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
for d in .carry/gen5/* .carry/gen-old/*; do
  ( cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    cmake --build $d/build -j 2 >/dev/null 2>&1 ) || echo "BUILD FAIL $d" &
done; wait
python3 - <<'PY'
import random
r = random.Random(29)
for alpha, tag, ns in (("ACGT", "d", (30000, 45000, 50000, 64, 65, 333, 2049)), ("ACDEFGHIKLMNPQRSTVWY", "p", (35000, 64, 65, 333, 2049))):
    for n in ns:
        for s in "ab":
            open("/tmp/%s%s%d.fa" % (tag, s, n), "w").write(">s\n" + "".join(r.choice(alpha) for _ in range(n)) + "\n")
PY
ok=0; bad=0
for r in sw_local editdist lcs gotoh banded; do
  t=d; [ $r = lcs ] && t=p
  for p in "64 65" "65 333" "333 2049" "2049 333" "2049 2049"; do
    set -- $p; in="--in a=@/tmp/${t}a$1.fa --in b=@/tmp/${t}b$2.fa"; [ $r = banded ] && in="--in a=@/tmp/${t}a$1.fa --in b=@/tmp/${t}b$1.fa --set W=40"
    f=$(.carry/gen5/$r/build/$r $in --backend=cuda --events=none --verify 2>&1)
    o=$(.carry/gen5/$r/build/$r $in --backend=openmp --events=none 2>&1)
    s=$(.carry/gen5/$r/build/$r $in --backend=cuda --events=none 2>&1)
    if [ "$o" = "$s" ] && echo "$f" | grep -q "verify: ok"; then ok=$((ok+1)); else bad=$((bad+1)); echo "FAIL $r $p: '$o' '$s' '$(echo $f | tail -c 200)'"; fi
  done
done
echo "correctness: $ok ok, $bad failed"
for spec in "lcs p 35000" "gotoh d 30000" "banded d 45000" "sw_local d 30000" "editdist d 30000"; do
  set -- $spec; in="--in a=@/tmp/$2a$3.fa --in b=@/tmp/$2b$3.fa"; [ $1 = banded ] && in="$in --set W=256"
  for m in "--events=none" "--events=all"; do
    for v in gen-old gen5; do
      echo "$1 $3 $m $v: $(for k in 1 2 3; do .carry/$v/$1/build/$1 $in --backend=cuda --timing $m 2>&1 | grep -o 'compute [0-9.]*'; done | tr '\n' ' ')"
    done
  done
done
echo "== done at $SECONDS s"
