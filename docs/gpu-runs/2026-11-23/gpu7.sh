#!/usr/bin/env bash
# Device run 9: score tables at namespace scope (a table local to the score
# function was rebuilt in local memory at every call: 3200 bytes of stack in
# lcs's tile kernel). GPU suite, corpus, and CUDA timings.
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
python3 - <<PY
import random
for name, alpha, seed in (("pa", "ACDEFGHIKLMNPQRSTVWY", 1), ("pb", "ACDEFGHIKLMNPQRSTVWY", 2)):
    r = random.Random(seed)
    open("$O/%s.fa" % name, "w").write(">%s\n%s\n" % (name, "".join(r.choice(alpha) for _ in range(30000))))
PY
t() { echo "$1: $(shift; "$@" --timing --json 2>&1 | grep -o '"output":[0-9-]*\|"seconds":[0-9.]*\|error.*' | tr '\n' ' ')"; }
for k in 1 2; do
t "lcs 30000 cuda" .carry/corpus/lcs/build/lcs --backend=cuda --in a=@$O/pa.fa --in b=@$O/pb.fa
t "sw_local 30000 cuda" .carry/corpus/sw_local/build/sw_local --backend=cuda --in a=@.carry/in/a30k.fa --in b=@.carry/in/b30k.fa
t "editdist 30000 cuda" .carry/corpus/editdist/build/editdist --backend=cuda --in a=@.carry/in/a30k.fa --in b=@.carry/in/b30k.fa
t "gotoh 30000 cuda" .carry/corpus/gotoh/build/gotoh --backend=cuda --in a=@.carry/in/a30k.fa --in b=@.carry/in/b30k.fa
done
