#!/usr/bin/env bash
# Call 2 (2026-12-02): the traceback by the cell's stored value
# (Lower/PlanTraceback.cpp TraceByValue). 1. The GPU suite (tests/gpu/run.sh:
# every seed with --verify, the device traceback against dpc interp's
# events, the host one with --trace-records 2, --wide-indices, memcheck,
# racecheck) beside the corpus suite (every corpus recurrence, .carry/C
# compiled by this tree). 2. Then, alone: Nussinov and Chang 16000 with
# --timing (the device traceback's share of the batches).
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call2.log) 2>&1
bash tests/gpu/run.sh /tmp/gpu > $OUT/call2-gpu.out 2>&1 & G=$!
timeout 420 bash tests/gpu/run-corpus.sh .carry/C /tmp/corpus > $OUT/call2-corpus.out 2>&1; echo "corpus suite rc $? at $SECONDS s"
wait $G; echo "gpu suite rc $? at $SECONDS s"
grep -E "FAIL|SUMMARY" $OUT/call2-gpu.out | head; grep -E "FAIL|passed|SUMMARY" $OUT/call2-corpus.out | tail -5
for r in nussinov chang; do d=generated/$r
  cmake -S $d -B $d/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && ninja -C $d/build $r >/dev/null 2>&1 || echo "BUILD FAIL $d"
done
S=$(python3 -c "
import random; r = random.Random(16000); print(''.join(r.choice('ACGU') for _ in range(16000)))")
for r in nussinov chang; do for k in 1 2 3; do generated/$r/build/$r --in seq=$S --json --timing --backend=cuda 2>&1 >/tmp/$r.json | grep timing; done; done
python3 - $S <<'PY'
import sys; sys.path.insert(0, "tests/bench"); import run
for r in ("nussinov", "chang"):
    for k in range(3):
        p, w = run.run_process(["generated/%s/build/%s" % (r, r), "--in", "seq=" + sys.argv[1], "--json", "--backend=cuda"], 60)
        print("%s: answer at %.3f s, exit at %.3f s, rc %d, %d bytes out" % (r, w, p.exit, p.returncode, len(p.stdout)))
PY
echo "== done at $SECONDS s"
