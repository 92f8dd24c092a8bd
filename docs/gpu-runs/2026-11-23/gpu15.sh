#!/usr/bin/env bash
# Device run 27: tile products over tables holding -inf (SoftInf) and with
# factored terms. Builds the corpus (.carry/exp/A) and softinf/factored
# (.carry/exp/gen); 1. --verify and CUDA == OpenMP (JSON, whole run) on
# random RNAs around the tile sizes; 2. corpus verification; 3. benchmark
# rows for cyk and rnafold.
set -u
cd "$(dirname "$0")/../.."
O=${OUT:-/tmp/o}; mkdir -p $O
E=.carry/exp
b() { cmake -S $1 -B $1/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && cmake --build $1/build -j 3 >/dev/null 2>&1 || echo BUILD FAIL $1; }
export -f b
ls -d $E/A/*/ $E/gen/*/ | xargs -P 8 -I{} bash -c 'b {}'
python3 - <<PY
import random
r = random.Random(9)
with open("$O/rna.fa", "w") as f:
    for n in (1, 2, 3, 63, 64, 65, 66, 127, 128, 129, 130, 200, 257, 500, 1000, 1500):
        f.write(">r%d\n%s\n" % (n, "".join(r.choice("ACGU") for _ in range(n))))
PY
for rec in softinf factored; do
  B=$E/gen/$rec/build/$rec
  $B --backend=openmp --json $O/rna.fa > $O/$rec.omp 2>&1
  $B --backend=cuda --verify --json $O/rna.fa > $O/$rec.cu 2>$O/e.txt; echo "$rec cuda --verify rc=$? $(head -c 200 $O/e.txt)"
  cmp -s $O/$rec.omp $O/$rec.cu && echo "$rec: cuda json == openmp json (16 problems)" || echo "$rec: JSON DIFFERS"
  for n in 1000 1500; do $B --backend=cuda --verify --in seq=$(awk -v n=">r$n" '$0==n{getline; print}' $O/rna.fa) > /dev/null 2>$O/e.txt; echo "$rec n=$n single --verify rc=$? $(head -c 200 $O/e.txt)"; done
done
tests/gpu/run-corpus.sh --backend=cuda $E/A $O/corpus > $O/corpus.txt 2>&1; echo "run-corpus rc=$? $(tail -1 $O/corpus.txt)"
grep FAIL $O/corpus.txt | head
cp $O/corpus/gpu-corpus-verification.log $O/corpus-verification.log 2>/dev/null
rm -rf $O/corpus $O/*.omp $O/*.cu
python3 tests/bench/run.py --corpus $E/A --gpu --threads 16 --repeat 2 --budget 40 --commit ${DPC_COMMIT:-wip} \
  --only 'cyk|rnafold' --out $O/bench > $O/bench.log 2>&1; echo "bench rc=$?"
cp $O/bench/*.md $O/ 2>/dev/null; rm -rf $O/bench
tail -6 $O/bench.log
