#!/usr/bin/env bash
# Builds the generated folders (with CUDA) and runs the benchmark runner
# with the given arguments on the GPU host; the results land in OUTDIR.
# Usage: tests/bench/on_gpu_host.sh OUTDIR [run.py arguments...]
set -eu
cd "$(dirname "$0")/../.."
OUTDIR=$1
shift
for r in nussinov chang bpmax; do
  cmake -S generated/$r -B generated/$r/build -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null
  cmake --build generated/$r/build -j "$(nproc)" >/dev/null
done
PYTHONUNBUFFERED=1 python3 tests/bench/run.py --out "$OUTDIR" --commit "${DPC_COMMIT:-unknown}" "$@"
