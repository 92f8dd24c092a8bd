#!/usr/bin/env bash
# Device run 8: sequential reducing cells on a block of 256 threads (was one
# warp); the GPU suite (the lane combine moved in the runtime), the corpus,
# racecheck and timing of segment.
set -u
cd "$(dirname "$0")/.."
O=${OUT:-/tmp/o}; mkdir -p $O
ls .carry/corpus | xargs -P 8 -I{} sh -c 'cmake -S .carry/corpus/{} -B .carry/corpus/{}/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && cmake --build .carry/corpus/{}/build -j 2 >/dev/null 2>&1 || echo BUILD FAIL {}' &
tests/gpu/run.sh $O/suite > $O/suite.txt 2>&1; echo "suite rc=$? $(tail -1 $O/suite.txt)"
grep -E "FAIL|timing" $O/suite.txt | head
wait
tests/gpu/run-corpus.sh --backend=cuda .carry/corpus $O/corpus > $O/corpus.txt 2>&1; echo "run-corpus rc=$? $(tail -1 $O/corpus.txt)"
grep FAIL $O/corpus.txt | head
cp $O/suite/gpu-verification.log $O/suite-verification.log; cp $O/corpus/gpu-corpus-verification.log $O/corpus-verification.log
for tool in racecheck synccheck; do
compute-sanitizer --tool $tool --error-exitcode 99 .carry/corpus/segment/build/segment --backend=cuda --in x=@tests/gpu/inputs/corpus_segment_500_x.txt > $O/san.txt 2>&1 && echo "PASS $tool segment" || { echo "FAIL $tool segment"; head $O/san.txt; }
done
python3 -c "
import random; r=random.Random(1)
open('$O/seg.txt','w').write(' '.join(str(r.randint(-5,20)) for _ in range(20000))+'\n')"
for b in cuda openmp; do echo "segment n=20000 $b: $(.carry/corpus/segment/build/segment --backend=$b --threads 16 --in x=@$O/seg.txt --timing --json | grep -o '"output":[0-9-]*\|"seconds":[0-9.]*' | tr '\n' ' ')"; done
