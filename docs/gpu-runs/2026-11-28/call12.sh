#!/usr/bin/env bash
# Call 12 (2026-11-28): issue 12's one-run report at n = 16000 on the H100
# host: the benchmark runner's Nussinov and Chang GPU rows (generated CUDA,
# li-blocked, and the plosone peer built from a fetched copy of
# markpal/plosone cuda/nussinov.cu carried in .carry/plosone, not in the
# repository) with the measured DPX peak, seconds and wall_s, main at
# f7ddf49.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call12.log) 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader
# (the runner runs generated/<r>/build/<r>: built here; the baselines
# build-bench/ kept from this call's first run on the same warm machine)
P=
for r in nussinov chang; do d=generated/$r
  ( cmake -S $d -B $d/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    ninja -C $d/build $r >/dev/null 2>&1 || echo "BUILD FAIL $d" ) & P+=" $!"
done
wait $P
timeout 150 python3 tests/bench/run.py --out $OUT/bench --commit f7ddf49 --no-build \
  --recurrences nussinov,chang --gpu-sizes 16000 --repeat 3 \
  --plosone-src .carry/plosone/nussinov.cu \
  --only '(nussinov|chang)/(generated|li-blocked|plosone)/cuda' > $OUT/bench.log 2>&1; echo "bench rc=$?"
tail -5 $OUT/bench.log
grep -E "^\| (nussinov|chang|peak)" $OUT/bench/results.md | head -12
cp $OUT/bench/results.csv $OUT/results.csv 2>/dev/null
echo "== all done at $SECONDS s"
