#!/usr/bin/env bash
# Device run 26: tile products with factored terms (rnafold's multiloop
# reduction), untiled independent groups (obst's W). Builds the corpus
# (.carry/exp/A); 1. corpus verification (run-corpus.sh, CUDA --verify);
# 2. corpus benchmark rows for rnafold, obst, nussinov_weighted (CUDA and
# OpenMP, 16 threads).
set -u
cd "$(dirname "$0")/../.."
O=${OUT:-/tmp/o}; mkdir -p $O
E=.carry/exp
b() { cmake -S $1 -B $1/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && cmake --build $1/build -j 3 >/dev/null 2>&1 || echo BUILD FAIL $1; }
export -f b
ls -d $E/A/*/ | xargs -P 8 -I{} bash -c 'b {}'
tests/gpu/run-corpus.sh --backend=cuda $E/A $O/corpus > $O/corpus.txt 2>&1; echo "run-corpus rc=$? $(tail -1 $O/corpus.txt)"
grep FAIL $O/corpus.txt | head
cp $O/corpus/gpu-corpus-verification.log $O/corpus-verification.log 2>/dev/null
rm -rf $O/corpus
python3 tests/bench/run.py --corpus $E/A --gpu --threads 16 --repeat 2 --budget 40 --commit ${DPC_COMMIT:-wip} \
  --only 'rnafold|obst|nussinov_weighted' --out $O/bench > $O/bench.log 2>&1; echo "bench rc=$?"
cp $O/bench/*.md $O/ 2>/dev/null; rm -rf $O/bench
tail -12 $O/bench.log
