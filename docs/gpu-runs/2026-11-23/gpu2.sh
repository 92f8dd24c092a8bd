#!/usr/bin/env bash
# Device run 2: build the corpus folders (8 at a time), verify them on CUDA.
set -u
cd "$(dirname "$0")/.."
O=${OUT:-/tmp/o}; mkdir -p $O
t0=$(date +%s)
ls .carry/corpus | xargs -P 8 -I{} sh -c 'cmake -S .carry/corpus/{} -B .carry/corpus/{}/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && cmake --build .carry/corpus/{}/build -j 2 >/dev/null 2>&1 || echo BUILD FAIL {}'
echo "built in $(( $(date +%s) - t0 )) s"
tests/gpu/run-corpus.sh --backend=cuda .carry/corpus $O/corpus > $O/corpus.txt 2>&1; echo "run-corpus rc=$?"
cp $O/corpus/*.log $O/ 2>/dev/null
tail -30 $O/corpus.txt
