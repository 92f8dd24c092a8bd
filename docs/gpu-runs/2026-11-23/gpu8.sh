#!/usr/bin/env bash
# Device run 10: the strip kernel family (alignment-like groups: one warp per
# 128 x 256 tile, lanes own 4 rows in registers). Corpus verification (all 14,
# the 5 strip groups among them), and CUDA timings with tile-shape variants.
set -u
cd "$(dirname "$0")/.."
O=${OUT:-/tmp/o}; mkdir -p $O
( ls .carry/corpus | xargs -P 10 -I{} sh -c 'cmake -S .carry/corpus/{} -B .carry/corpus/{}/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && cmake --build .carry/corpus/{}/build -j 2 >/dev/null 2>&1 || echo BUILD FAIL {}'
  ls .carry/var | xargs -P 6 -I{} sh -c 'cmake -S .carry/var/{} -B .carry/var/{}/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && cmake --build .carry/var/{}/build -j 2 >/dev/null 2>&1 || echo BUILD FAIL {}' ) 2>&1 | tail -5
tests/gpu/run-corpus.sh --backend=cuda .carry/corpus $O/corpus > $O/corpus.txt 2>&1; echo "run-corpus rc=$? $(tail -1 $O/corpus.txt)"
grep FAIL $O/corpus.txt | head
cp $O/corpus/gpu-corpus-verification.log $O/corpus-verification.log
python3 - <<PY
import random
for name, alpha, seed in (("pa", "ACDEFGHIKLMNPQRSTVWY", 1), ("pb", "ACDEFGHIKLMNPQRSTVWY", 2)):
    r = random.Random(seed)
    open("$O/%s.fa" % name, "w").write(">%s\n%s\n" % (name, "".join(r.choice(alpha) for _ in range(30000))))
PY
t() { echo "$1: $(shift; "$@" --timing --json 2>&1 | grep -o '"output":[0-9-]*\|"seconds":[0-9.]*\|"compute_seconds":[0-9.]*\|error.*' | tr '\n' ' ')"; }
for k in 1 2; do
t "sw_local 30000 cuda 128x256" .carry/corpus/sw_local/build/sw_local --backend=cuda --in a=@.carry/in/a30k.fa --in b=@.carry/in/b30k.fa
for v in .carry/var/*; do t "sw_local 30000 cuda $(basename $v)" $v/build/sw_local --backend=cuda --in a=@.carry/in/a30k.fa --in b=@.carry/in/b30k.fa; done
t "sw_local 10000 cuda" .carry/corpus/sw_local/build/sw_local --backend=cuda --in a=@.carry/in/a10k.fa --in b=@.carry/in/b10k.fa
t "lcs 30000 cuda" .carry/corpus/lcs/build/lcs --backend=cuda --in a=@$O/pa.fa --in b=@$O/pb.fa
t "editdist 30000 cuda" .carry/corpus/editdist/build/editdist --backend=cuda --in a=@.carry/in/a30k.fa --in b=@.carry/in/b30k.fa
t "gotoh 30000 cuda" .carry/corpus/gotoh/build/gotoh --backend=cuda --in a=@.carry/in/a30k.fa --in b=@.carry/in/b30k.fa
done
t "sw_local 30000 openmp" .carry/corpus/sw_local/build/sw_local --backend=openmp --threads 16 --in a=@.carry/in/a30k.fa --in b=@.carry/in/b30k.fa
