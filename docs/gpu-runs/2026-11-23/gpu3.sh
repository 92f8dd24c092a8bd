#!/usr/bin/env bash
# Device run 3: corpus verification after the warp kernel for sequential
# reducing cells; segment and sw_local timings.
set -u
cd "$(dirname "$0")/.."
O=${OUT:-/tmp/o}; mkdir -p $O
ls .carry/corpus | xargs -P 8 -I{} sh -c 'cmake -S .carry/corpus/{} -B .carry/corpus/{}/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && cmake --build .carry/corpus/{}/build -j 2 >/dev/null 2>&1 || echo BUILD FAIL {}'
tests/gpu/run-corpus.sh --backend=cuda .carry/corpus $O/corpus > $O/corpus.txt 2>&1; echo "run-corpus rc=$?"
cp $O/corpus/gpu-corpus-verification.log $O/ 2>/dev/null
python3 -c "
import random; r=random.Random(1)
open('$O/seg.txt','w').write(' '.join(str(r.randint(-5,20)) for _ in range(20000))+'\n')"
compute-sanitizer --tool racecheck --error-exitcode 99 .carry/corpus/segment/build/segment --backend=cuda --in x=@tests/gpu/inputs/corpus_segment_500_x.txt > $O/san.txt 2>&1 && echo "PASS racecheck segment" || { echo "FAIL racecheck segment"; head $O/san.txt; }
for b in cuda openmp; do echo "segment n=20000 $b: $(.carry/corpus/segment/build/segment --backend=$b --threads 16 --in x=@$O/seg.txt --timing --json | grep -o '"output":[0-9-]*\|"seconds":[0-9.]*' | tr '\n' ' ')"; done
tail -22 $O/corpus.txt
