#!/usr/bin/env bash
# Call 1 (2026-11-29c, twenty-seventh session). (a) Issue 11: the strip
# kernel's rows per lane. sw_local, editdist, gotoh compiled at main
# (64a0d63) with the schedule block's tile sizes 64 (main's), 96, 128 and
# 160 rows x 128 columns (2, 3, 4, 5 rows a lane), in .carry/s<rows>/;
# the database search and a 30000^2 pair, 3 runs each, alternating.
# (b) Issue 12: where the runner's process wall (0.46-0.49 s) goes against
# the --timing wall (0.35 s): nussinov and chang 16000 with and without
# --json, the process timed from outside.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call1.log) 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader
P=
for d in .carry/s*/* generated/nussinov generated/chang; do r=$(basename $d)
  ( cmake -S $d -B $d/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    ninja -C $d/build $r >/dev/null 2>&1 || echo "BUILD FAIL $d" ) & P+=" $!"
done
wait $P; echo "built at $SECONDS s"
python3 - <<'PY'
import random
r = random.Random(5)
open("/tmp/s16000.fa", "w").write(">s\n%s\n" % "".join(r.choice("ACGU") for _ in range(16000)))
PY
for rep in 1 2 3; do for r in nussinov chang; do b=generated/$r/build/$r
  for mode in json plain; do
    a="--backend=cuda --in seq=@/tmp/s16000.fa --timing"; [ $mode = json ] && a="$a --json"
    s=$EPOCHREALTIME; $b $a > /tmp/o.txt 2> /tmp/e.txt; e=$EPOCHREALTIME
    echo "wall $r $mode outside $(python3 -c "print(round($e - $s, 3))") s; $(grep -o 'wall .*' /tmp/e.txt); stdout $(wc -c < /tmp/o.txt) bytes"
  done; done; done
python3 docs/gpu-runs/2026-11-29c/search_ab.py 3 sw_local,editdist,gotoh s64=.carry/s64 s96=.carry/s96 s128=.carry/s128 s160=.carry/s160 2>&1 | tee $OUT/ab.log
echo "== done at $SECONDS s"
