#!/usr/bin/env bash
# Device run 12: strip kernels with the finite fast path (no sentinel logic for
# values proven finite) and read-only input loads. Seed GPU suite (generated/
# changed), corpus verification, CUDA timings of strip shapes and the seeds.
set -u
cd "$(dirname "$0")/.."
O=${OUT:-/tmp/o}; mkdir -p $O
( ls .carry/corpus | xargs -P 10 -I{} sh -c 'cmake -S .carry/corpus/{} -B .carry/corpus/{}/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && cmake --build .carry/corpus/{}/build -j 2 >/dev/null 2>&1 || echo BUILD FAIL {}'
  ls .carry/var | xargs -P 6 -I{} sh -c 'cmake -S .carry/var/{} -B .carry/var/{}/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && cmake --build .carry/var/{}/build -j 2 >/dev/null 2>&1 || echo BUILD FAIL {}' ) > $O/build.txt 2>&1 &
tests/gpu/run.sh $O/suite > $O/suite.txt 2>&1; echo "suite rc=$? $(tail -1 $O/suite.txt)"
grep -E "FAIL" $O/suite.txt | head
wait; cat $O/build.txt
tests/gpu/run-corpus.sh --backend=cuda .carry/corpus $O/corpus > $O/corpus.txt 2>&1; echo "run-corpus rc=$? $(tail -1 $O/corpus.txt)"
grep FAIL $O/corpus.txt | head
cp $O/suite/gpu-verification.log $O/suite-verification.log; cp $O/corpus/gpu-corpus-verification.log $O/corpus-verification.log
python3 - <<PY
import random
for name, alpha, seed in (("pa", "ACDEFGHIKLMNPQRSTVWY", 1), ("pb", "ACDEFGHIKLMNPQRSTVWY", 2)):
    r = random.Random(seed)
    open("$O/%s.fa" % name, "w").write(">%s\n%s\n" % (name, "".join(r.choice(alpha) for _ in range(30000))))
PY
t() { echo "$1: $(shift; "$@" --timing --json 2>&1 | grep -o '"output":[0-9-]*\|"seconds":[0-9.]*\|error.*' | tr '\n' ' ')"; }
A="--in a=@.carry/in/a30k.fa --in b=@.carry/in/b30k.fa"
t "sw_local 30000 128x256" .carry/corpus/sw_local/build/sw_local --backend=cuda $A
for v in .carry/var/*; do t "sw_local 30000 $(basename $v)" $v/build/sw_local --backend=cuda $A; done
t "sw_local 10000 128x256" .carry/corpus/sw_local/build/sw_local --backend=cuda --in a=@.carry/in/a10k.fa --in b=@.carry/in/b10k.fa
t "lcs 30000" .carry/corpus/lcs/build/lcs --backend=cuda --in a=@$O/pa.fa --in b=@$O/pb.fa
t "editdist 30000" .carry/corpus/editdist/build/editdist --backend=cuda $A
t "gotoh 30000" .carry/corpus/gotoh/build/gotoh --backend=cuda $A
grep -E "^\| |timing" $O/suite.txt | tail -12
