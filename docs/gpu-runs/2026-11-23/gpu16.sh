#!/usr/bin/env bash
# Device run 28: exp/log/logsumexp (merge of lang-5). Builds the corpus
# (.carry/exp/A, with mccaskill_log) and logspace/logalign (.carry/exp/gen);
# 1. --verify (tolerant for exp/log tables) and CUDA vs OpenMP;
# 2. corpus verification (mccaskill_log to 1e-12); 3. mccaskill_log n = 5000.
set -u
cd "$(dirname "$0")/../.."
O=${OUT:-/tmp/o}; mkdir -p $O
E=.carry/exp
b() { cmake -S $1 -B $1/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && cmake --build $1/build -j 3 >/dev/null 2>&1 || echo BUILD FAIL $1; }
export -f b
ls -d $E/A/*/ $E/gen/*/ | xargs -P 8 -I{} bash -c 'b {}'
G=$E/gen
$G/logspace/build/logspace --backend=cuda --verify --in seq=ACGUAGGCAUACGUAGGCAUACGUAGGCAUUUAGCGAUCG 2>&1 | tail -2
$G/logalign/build/logalign --backend=cuda --verify --in a=ACGTACGTTAGCACGTACGTTAGCACGTACGTTAGC --in b=ACGTTTAGCACGTTTAGCACGTT 2>&1 | tail -2
python3 - <<PY
import random
r = random.Random(3)
open("$O/a.fa","w").write(">a\n%s\n" % "".join(r.choice("ACGT") for _ in range(3001)))
open("$O/b.fa","w").write(">b\n%s\n" % "".join(r.choice("ACGT") for _ in range(2999)))
PY
$G/logalign/build/logalign --backend=cuda --verify --timing --in a=@$O/a.fa --in b=@$O/b.fa 2>&1 | tail -3
tests/gpu/run-corpus.sh --backend=cuda $E/A $O/corpus > $O/corpus.txt 2>&1; echo "run-corpus rc=$? $(tail -1 $O/corpus.txt)"
grep -i "FAIL\|mccaskill_log" $O/corpus.txt | head
cp $O/corpus/gpu-corpus-verification.log $O/corpus-verification.log 2>/dev/null
rm -rf $O/corpus
M=$E/A/mccaskill_log/build/mccaskill_log
for be in cuda openmp; do timeout 200 $M --backend=$be --timing --in seq=@.carry/in/rna5000.fa > $O/ml.$be 2>&1; echo "mccaskill_log n=5000 $be rc=$?: $(tr '\n' ' ' < $O/ml.$be | cut -c1-300)"; done
timeout 200 $M --backend=cuda --verify --in seq=@.carry/in/rna5000.fa 2>&1 | tail -1
