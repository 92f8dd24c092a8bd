#!/usr/bin/env bash
# Device run 6: the GPU suite and the corpus verification (mccaskill
# included) after merging param constraints and the FMA flags.
set -u
cd "$(dirname "$0")/.."
O=${OUT:-/tmp/o}; mkdir -p $O
ls .carry/corpus | xargs -P 8 -I{} sh -c 'cmake -S .carry/corpus/{} -B .carry/corpus/{}/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && cmake --build .carry/corpus/{}/build -j 2 >/dev/null 2>&1 || echo BUILD FAIL {}' &
tests/gpu/run.sh $O/suite > $O/suite.txt 2>&1; echo "suite rc=$? $(tail -1 $O/suite.txt)"
grep -E "FAIL|timing" $O/suite.txt | head
wait
tests/gpu/run-corpus.sh --backend=cuda .carry/corpus $O/corpus > $O/corpus.txt 2>&1; echo "run-corpus rc=$?"
cp $O/suite/gpu-verification.log $O/suite-verification.log; cp $O/corpus/gpu-corpus-verification.log $O/corpus-verification.log
tail -18 $O/corpus.txt
