#!/usr/bin/env bash
# Device call 7b of 2026-11-26 (session 8): call 7's benchmark step again,
# with generated/bpmax built first where the runner looks for it
# (generated/bpmax/build/bpmax; call 7 found it missing: the runner builds
# only corpus folders itself).
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
C=${DPC_COMMIT:-wip}
cmake -S generated/bpmax -B generated/bpmax/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
  cmake --build generated/bpmax/build -j 16 >/dev/null 2>&1 || echo "BUILD FAIL"
timeout 400 python3 tests/bench/run.py --out $O/bench --commit $C --gpu --recurrences bpmax --bpmax-sizes 64,96,128 \
  --threads 16 --repeat 3 --only 'bpmax/(generated/(cuda|openmp)|bpmax-omp)' > $O/bench.log 2>&1; echo "bench rc=$?"
grep -E "^\| (bpmax|peak)" $O/bench/results.md | head -20
echo "== all done at $SECONDS s"
