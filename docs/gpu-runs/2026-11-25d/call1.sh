#!/usr/bin/env bash
# Device call 1 of 2026-11-25 (session 4): (1) the seed GPU suite on
# generated/ (not re-run since the runtime headers changed last session);
# (2) where the pipelined strip kernel spends its cycles: SASS of
# sw_local's dpc_kernel0<true> and ncu's per-instruction stall samples at
# 30000^2 score-only; baseline times. Needs .carry/p1/sw_local.
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
d=.carry/p1/sw_local
( cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
  cmake --build $d/build -j 8 >/dev/null 2>&1 ) || echo "BUILD FAIL $d"
python3 - <<'PY'
import random
r = random.Random(29)
for n in (30000,):
    for s in "ab":
        open("/tmp/%s%d.fa" % (s, n), "w").write(">s\n" + "".join(r.choice("ACGT") for _ in range(n)) + "\n")
PY
B=$d/build/sw_local
in="--in a=@/tmp/a30000.fa --in b=@/tmp/b30000.fa"
echo "== baseline 30000^2 score-only: $(for k in 1 2 3; do $B $in --backend=cuda --timing --events=none 2>&1 | grep -o 'compute [0-9.]*'; done | tr '\n' ' ')"
obj=$(find $d/build -name '*cuda*.o' | head -1)
cuobjdump -sass $obj > $O/sass.txt 2>&1 || cuobjdump -sass $B > $O/sass.txt 2>&1
echo "sass lines: $(wc -l < $O/sass.txt)"
ncu --kernel-name regex:dpc_kernel0 --launch-count 1 --section SourceCounters --section WarpStateStats \
    --section LaunchStats --import-source no -f -o $O/prof $B $in --backend=cuda --events=none > $O/ncu.log 2>&1
ncu -i $O/prof.ncu-rep --page source --csv --print-source sass > $O/src.csv 2>&1
echo "src.csv lines: $(wc -l < $O/src.csv)"; rm -f $O/prof.ncu-rep
echo "== seed suite"
DPC_COMMIT=622dbab timeout 400 tests/gpu/run.sh $O/gpu > /dev/null 2>&1; echo "run.sh rc=$?"
tail -8 $O/gpu/gpu-verification.log
echo "== done at $SECONDS s"
