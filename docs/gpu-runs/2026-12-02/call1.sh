#!/usr/bin/env bash
# Call 1 (2026-12-02): issue 12's process wall. (a) Nussinov 16000 with
# --timing, the batches' time split into compute and the device traceback
# (new in this tree), with and without the traceback; (b) the runner's
# one-run report (Nussinov, Chang 16000 beside li-blocked and the plosone
# peer, BPMax 128) with wall_s now the start to the printed answer (the
# last byte on stdout) and the process's exit beside it.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call1.log) 2>&1
COMMIT=${COMMIT:-HEAD}
nvidia-smi --query-gpu=name,driver_version,persistence_mode --format=csv,noheader
P=
for r in nussinov chang bpmax; do d=generated/$r
  ( cmake -S $d -B $d/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    ninja -C $d/build $r >/dev/null 2>&1 || echo "BUILD FAIL $d" ) & P+=" $!"
done
wait $P; echo "built at $SECONDS s"
S=$(python3 -c "
import random; r = random.Random(16000); print(''.join(r.choice('ACGU') for _ in range(16000)))")
B=generated/nussinov/build/nussinov
for k in 1 2 3; do $B --in seq=$S --json --timing --backend=cuda 2>&1 >/dev/null | grep timing; done
for k in 1 2; do $B --in seq=$S --json --events=none --timing --backend=cuda 2>&1 >/dev/null | grep timing; done
for k in 1 2; do CUDA_MODULE_LOADING=EAGER $B --in seq=$S --json --timing --backend=cuda 2>&1 >/dev/null | grep timing; done
python3 - $B $S <<'PY'
import sys; sys.path.insert(0, "tests/bench"); import run
for k in range(3):
    p, w = run.run_process([sys.argv[1], "--in", "seq=" + sys.argv[2], "--json", "--backend=cuda"], 60)
    print("answer at %.3f s, exit at %.3f s, rc %d, %d bytes out" % (w, p.exit, p.returncode, len(p.stdout)))
PY
timeout 300 python3 tests/bench/run.py --out /tmp/bench --commit $COMMIT --cuda-only \
  --recurrences nussinov,chang,bpmax --gpu-sizes 16000 --bpmax-sizes 128 --repeat 3 \
  --plosone-src .carry/plosone/nussinov.cu \
  --only '(nussinov|chang)/(generated|li-blocked|plosone)/cuda|bpmax/generated/cuda' > $OUT/call1-bench.log 2>&1; echo "bench rc=$? at $SECONDS s"
cp /tmp/bench/results.md $OUT/call1-bench-results.md; cp /tmp/bench/results.csv $OUT/call1-bench-results.csv
grep -E "^\| (nussinov|chang|bpmax)" $OUT/call1-bench-results.md | head -8
echo "== done at $SECONDS s"
