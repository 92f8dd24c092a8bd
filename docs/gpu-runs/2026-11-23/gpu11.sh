#!/usr/bin/env bash
# Device run 13 (main at 7006565): strip kernels with 64 x 128 tiles.
#  1. corpus verification (143 cases, the 5 strip groups among them);
#  2. reversed bands (suffix.dp: -i, -j) and two tables read at the same cell
#     (twotab.dp) with --verify (every cell against the CPU reference) at
#     edge sizes around the 64 x 128 tile;
#  3. tile-shape timings; 4. the corpus benchmark (CUDA and OpenMP, 16 threads).
set -u
cd "$(dirname "$0")/.."
O=${OUT:-/tmp/o}; mkdir -p $O
b() { cmake -S $1 -B $1/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && cmake --build $1/build -j 2 >/dev/null 2>&1 || echo BUILD FAIL $1; }
export -f b
ls -d .carry/corpus/* .carry/var/* .carry/gen/* | xargs -P 12 -I{} bash -c 'b {}'
tests/gpu/run-corpus.sh --backend=cuda .carry/corpus $O/corpus > $O/corpus.txt 2>&1; echo "run-corpus rc=$? $(tail -1 $O/corpus.txt)"
grep FAIL $O/corpus.txt | head
cp $O/corpus/gpu-corpus-verification.log $O/corpus-verification.log
python3 - <<PY
import random
r = random.Random(7)
for n in (1, 2, 31, 63, 64, 65, 127, 128, 129, 200, 1000, 3001):
    open("$O/r%d.fa" % n, "w").write(">r%d\n%s\n" % (n, "".join(r.choice("ACGT") for _ in range(n))))
PY
ok=0; bad=0
for rec in suffix twotab; do for n in 1 2 31 64 65 128 129 1000 3001; do for m in 1 63 127 129 200 3001; do
  if .carry/gen/$rec/build/$rec --backend=cuda --verify --in a=@$O/r$n.fa --in b=@$O/r$m.fa > $O/v.txt 2>&1; then ok=$((ok+1)); else bad=$((bad+1)); echo "VERIFY FAIL $rec $n $m: $(head -c 300 $O/v.txt)"; fi
done; done; done
echo "strip edge cases: $ok verified, $bad failed"
t() { echo "$1: $(shift; "$@" --timing --json 2>&1 | grep -o '"output":[0-9-]*\|"seconds":[0-9.]*\|error.*' | tr '\n' ' ')"; }
A="--in a=@.carry/in/a30k.fa --in b=@.carry/in/b30k.fa"
t "sw_local 30000 64x128" .carry/corpus/sw_local/build/sw_local --backend=cuda $A
for v in .carry/var/*; do t "sw_local 30000 $(basename $v)" $v/build/sw_local --backend=cuda $A; done
python3 tests/bench/run.py --corpus .carry/corpus --gpu --threads 16 --repeat 2 --budget 30 --commit 7006565 --out $O/bench > $O/bench.log 2>&1; echo "bench rc=$?"
tail -25 $O/bench.log
