#!/usr/bin/env bash
# Call 4 (2026-11-29, twenty-sixth session): issue 12's and 13's one-run
# report on the H200 host at 8b24749: the benchmark runner's Nussinov and
# Chang GPU rows at n = 16000 (generated CUDA, li-blocked, and the plosone
# peer built from a fetched copy of markpal/plosone cuda/nussinov.cu
# carried in .carry/plosone, not in the repository) and generated BPMax at
# 128, with the measured peaks, seconds and wall_s; then the GPU suite on
# the committed seeds (after call 2 the generic product's cell index
# changed type).
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call4.log) 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader
timeout 330 python3 tests/bench/run.py --out /tmp/bench --commit 8b24749 --cuda-only \
  --recurrences nussinov,chang,bpmax --gpu-sizes 16000 --bpmax-sizes 128 --repeat 3 \
  --plosone-src .carry/plosone/nussinov.cu \
  --only '(nussinov|chang)/(generated|li-blocked|plosone)/cuda|bpmax/generated/cuda' > $OUT/bench.log 2>&1; echo "bench rc=$? at $SECONDS s"
cp /tmp/bench/results.md $OUT/results.md 2>/dev/null; cp /tmp/bench/results.csv $OUT/results.csv 2>/dev/null
timeout 230 bash tests/gpu/run.sh /tmp/gpu > $OUT/gpu.out 2>&1; echo "gpu suite rc $?"
grep "\[target\]" $OUT/bench.log | head
grep -E "^\| (nussinov|chang|bpmax|peak)" /tmp/bench/results.md | head -12
tail -2 $OUT/gpu.out
echo "== done at $SECONDS s"
