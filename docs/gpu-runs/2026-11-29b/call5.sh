#!/usr/bin/env bash
# Call 5 (2026-11-29, twenty-sixth session): call 4's runner report again,
# with the generated folders built first (the runner runs
# generated/<r>/build/<r> and does not build them; call 4's rows for them
# say "not built"). Main at 8b24749 (its GPU suite passed in call 4).
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call5.log) 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader
P=
for r in nussinov chang bpmax; do d=generated/$r
  ( cmake -S $d -B $d/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    ninja -C $d/build $r >/dev/null 2>&1 || echo "BUILD FAIL $d" ) & P+=" $!"
done
wait $P; echo "built at $SECONDS s"
timeout 300 python3 tests/bench/run.py --out /tmp/bench --commit 8b24749 --cuda-only \
  --recurrences nussinov,chang,bpmax --gpu-sizes 16000 --bpmax-sizes 128 --repeat 3 \
  --plosone-src .carry/plosone/nussinov.cu \
  --only '(nussinov|chang)/(generated|li-blocked|plosone)/cuda|bpmax/generated/cuda' > $OUT/bench.log 2>&1; echo "bench rc=$? at $SECONDS s"
cp /tmp/bench/results.md $OUT/results.md 2>/dev/null; cp /tmp/bench/results.csv $OUT/results.csv 2>/dev/null
grep "\[target\]" $OUT/bench.log | head -3
grep -E "^\| (nussinov|chang|bpmax|peak)" /tmp/bench/results.md | head -12
echo "== done at $SECONDS s"
