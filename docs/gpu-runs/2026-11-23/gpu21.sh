#!/usr/bin/env bash
# Device run 33: the sweep reads the next chunk of the row above ahead (a
# column a lane, lane 0's up by a shuffle) when the strip above has
# published it. p_* = main at 59e674f (no read-ahead) for comparison.
set -u
cd "$(dirname "$0")/../.."
O=${OUT:-/tmp/o}; mkdir -p $O
E=.carry/exp
b() { cmake -S $1 -B $1/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && cmake --build $1/build -j 3 >/dev/null 2>&1 || echo BUILD FAIL $1; }
export -f b
ls -d $E/A/*/ .carry/gen/suffix/ .carry/gen/twotab/ .carry/var/p_*/ | xargs -P 8 -I{} bash -c 'b {}'
t() { local name=$1; shift; for i in 1 2 3; do timeout 60 "$@" --backend=cuda --timing 2>&1 >/dev/null | grep -o "compute [0-9.]* s" | tr '\n' ' '; done; echo " <- $name"; }
IN="--in a=@.carry/in/a30k.fa --in b=@.carry/in/b30k.fa"
for r in sw_local gotoh editdist; do t "$r 30k before (59e674f)" .carry/var/p_$r/build/$r $IN; t "$r 30k read-ahead" $E/A/$r/build/$r $IN; done
for r in lcs banded; do t "$r 30k read-ahead" $E/A/$r/build/$r $IN; done
t "sw_local 10k before" .carry/var/p_sw_local/build/sw_local --in a=@.carry/in/a10k.fa --in b=@.carry/in/b10k.fa
t "sw_local 10k read-ahead" $E/A/sw_local/build/sw_local --in a=@.carry/in/a10k.fa --in b=@.carry/in/b10k.fa
python3 - <<PY
import random
r = random.Random(7)
for n in (1, 2, 31, 63, 64, 65, 127, 128, 129, 200, 1000, 3001):
    open("$O/r%d.fa" % n, "w").write(">r%d\n%s\n" % (n, "".join(r.choice("ACGT") for _ in range(n))))
r = random.Random(5)
def seq(n): return "".join(r.choice("ACGT") for _ in range(n))
with open("$O/small.fa","w") as f:
    for i in range(30): f.write(">a%d\n%s\n>b%d\n%s\n" % (i, seq(r.randint(1,700)), i, seq(r.randint(1,700))))
PY
for r in sw_local gotoh lcs editdist; do
  $E/A/$r/build/$r --backend=openmp --json $O/small.fa > $O/$r.omp
  $E/A/$r/build/$r --backend=cuda --verify --json $O/small.fa > $O/$r.cu 2>$O/e.txt; echo "$r verify 30 pairs rc=$? $(head -c 200 $O/e.txt)"; cmp $O/$r.omp $O/$r.cu && echo "$r batch json == openmp"
done
ok=0; bad=0
for rec in suffix twotab; do for n in 1 2 31 64 65 128 129 1000 3001; do for m in 1 63 127 129 200 3001; do
  if .carry/gen/$rec/build/$rec --backend=cuda --verify --in a=@$O/r$n.fa --in b=@$O/r$m.fa > $O/v.txt 2>&1; then ok=$((ok+1)); else bad=$((bad+1)); echo "VERIFY FAIL $rec $n $m: $(head -c 300 $O/v.txt)"; fi
done; done; done
echo "strip edge cases: $ok verified, $bad failed"
tests/gpu/run-corpus.sh --backend=cuda $E/A $O/corpus > $O/corpus.txt 2>&1; echo "run-corpus rc=$? $(tail -1 $O/corpus.txt)"
grep FAIL $O/corpus.txt | head
cp $O/corpus/gpu-corpus-verification.log $O/corpus-verification.log 2>/dev/null
rm -rf $O/corpus $O/*.omp $O/*.cu $O/r*.fa $O/v.txt $O/small.fa
python3 -c "
import random
r = random.Random(11)
with open('$O/q.fa', 'w') as f: f.write('>q\n%s\n' % ''.join(r.choice('ACGT') for _ in range(1000)))
with open('$O/t.fa', 'w') as f:
    for i in range(20000): f.write('>t%d\n%s\n' % (i, ''.join(r.choice('ACGT') for _ in range(r.randint(200, 2000)))))
"
S=$E/A/sw_local/build/sw_local
$S --backend=openmp --in a=@$O/q.fa $O/t.fa > $O/db.omp 2>/dev/null
$S --backend=cuda --in a=@$O/q.fa $O/t.fa > $O/db.cu 2>$O/e.txt; echo "sw-db rc=$? $(head -c 200 $O/e.txt)"; cmp $O/db.omp $O/db.cu && echo "sw-db 20000 scores == openmp"
for i in 1 2; do $S --backend=cuda --timing --in a=@$O/q.fa $O/t.fa 2>&1 >/dev/null | grep -o "compute [0-9.]* s"; done
rm -f $O/db.* $O/q.fa $O/t.fa
