#!/usr/bin/env bash
# Device call 2 of 2026-11-25 (session 4): the strip kernel's interior
# chunk with its events (wait, publish) at fixed offsets and the steps
# between them unrolled by 1, 6 or 30 (hand-edited from the emitted
# sw_local_cuda.cu by an experimental script), against the emitted kernel,
# in one run: outputs equal (score-only and --verify'd full runs), times at
# 30000^2 and 50000^2 score-only, then ncu's per-instruction stall samples
# of the 6-step variant. Needs .carry/p2/{base,u1,u6,u30}.
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
for d in .carry/p2/*; do
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
for v in u1 u6 u30; do
  for p in "333 4000" "4000 333" "2049 2049" "64 65" "65 4000" "30000 30000"; do
    set -- $p; in="--in a=@/tmp/a$1.fa --in b=@/tmp/b$2.fa"
    b=$(.carry/p2/base/build/sw_local $in --backend=cuda --events=none 2>&1)
    s=$(.carry/p2/$v/build/sw_local $in --backend=cuda --events=none 2>&1)
    f=$(.carry/p2/$v/build/sw_local $in --backend=cuda --events=none --verify 2>&1)
    if [ "$b" = "$s" ] && echo "$f" | grep -q "verify: ok"; then ok=$((ok+1)); else bad=$((bad+1)); echo "FAIL $v $p: '$b' '$s' '$(echo $f | tail -c 200)'"; fi
  done
done
echo "correctness: $ok ok, $bad failed"
for n in 30000 50000; do
  in="--in a=@/tmp/a$n.fa --in b=@/tmp/b$n.fa"
  for v in base u1 u6 u30 base; do
    echo "$n $v: $(for k in 1 2 3; do .carry/p2/$v/build/sw_local $in --backend=cuda --timing --events=none 2>&1 | grep -o 'compute [0-9.]*'; done | tr '\n' ' ')"
  done
done
B=.carry/p2/u6/build/sw_local
ncu --kernel-name regex:dpc_kernel0 --launch-count 1 --section SourceCounters --section WarpStateStats \
    --import-source no -f -o $O/prof $B --in a=@/tmp/a30000.fa --in b=@/tmp/b30000.fa --backend=cuda --events=none > $O/ncu.log 2>&1
ncu -i $O/prof.ncu-rep --page source --csv --print-source sass > $O/src-u6.csv 2>&1; rm -f $O/prof.ncu-rep
echo "== done at $SECONDS s"
