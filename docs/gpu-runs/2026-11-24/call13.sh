#!/usr/bin/env bash
# Device call 13 of 2026-11-24: the state to commit. The seed suite
# (tests/gpu/run.sh: generated/ changed with the score index helper), the
# strip family's checks again after the last changes (masked row-above
# index, int32 flag checks), and their 30000^2 times. Folders made here by
# the committed dpc into .carry/gen13 (sw_local, editdist, swsides, twotab,
# suffix, lcsfloat, pascal).
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
G=.carry/gen13
for d in $G/*; do
  ( cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    cmake --build $d/build -j 2 >/dev/null 2>&1 ) || echo "BUILD FAIL $d" &
done
echo "== seed suite (tests/gpu/run.sh)"
tests/gpu/run.sh $O/seeds > $O/seeds.txt 2>&1; echo "exit $?"
wait
tail -4 $O/seeds.txt
python3 - <<'PY'
import random
r = random.Random(13)
AL = {"dna": "ACGT", "protein": "ACDEFGHIKLMNPQRSTVWY"}
for al, ab in AL.items():
    for n, m in ((1, 1), (1, 300), (65, 129), (129, 257), (300, 257), (70, 1000), (2049, 4097), (4097, 700)):
        for s, k in (("a", n), ("b", m)):
            open(f"/tmp/{al}_{n}x{m}_{s}.fa", "w").write(">x\n" + "".join(r.choice(ab) for _ in range(k)) + "\n")
for s in "ab":
    open(f"/tmp/big_{s}.fa", "w").write(">x\n" + "".join(r.choice("ACGT") for _ in range(30000)) + "\n")
PY
echo "== strip family: --verify and CUDA == OpenMP (scores)"
pass=0; fail=0
for r in sw_local editdist swsides twotab suffix lcsfloat pascal; do
  b=$G/$r/build/$r; al=dna; [ $r = lcsfloat ] && al=protein
  for f in /tmp/${al}_*_a.fa; do
    g=${f%_a.fa}_b.fa
    v=$(timeout 30 $b --in a=@$f --in b=@$g --backend=cuda --verify --events=none 2>&1 | grep -c "verify: ok")
    c=$(timeout 30 $b --in a=@$f --in b=@$g --backend=cuda --events=none 2>&1); e=$?
    o=$(timeout 30 $b --in a=@$f --in b=@$g --backend=openmp --events=none 2>&1)
    # pascal overflows past ~30 cells a side: then both must report it
    if { [ "$v" = 1 ] || [ $r = pascal ]; } && [ "$c" = "$o" ] && [ $e != 124 ]; then pass=$((pass+1)); else fail=$((fail+1)); echo "FAIL $r $(basename $f): verify=$v"; fi
  done
done
echo "strip family: $pass passed, $fail failed"
compute-sanitizer --tool memcheck --error-exitcode 9 $G/sw_local/build/sw_local --in a=@/tmp/dna_300x257_a.fa --in b=@/tmp/dna_300x257_b.fa --backend=cuda --events=none 2>&1 | tail -1
compute-sanitizer --tool racecheck --error-exitcode 9 $G/suffix/build/suffix --in a=@/tmp/dna_300x257_a.fa --in b=@/tmp/dna_300x257_b.fa --backend=cuda --events=none 2>&1 | tail -1
echo "== corpus cases of sw_local and editdist"
n=0; bad=0
while IFS=$'\t' read -r r args exp; do
  case "$r" in sw_local|editdist) ;; *) continue ;; esac
  got=$(eval $G/$r/build/$r --backend=cuda --verify --json $args 2>/dev/null)
  n=$((n+1)); [ "$got" = "$exp" ] || { bad=$((bad+1)); echo "FAIL $r $args"; }
done < tests/gpu/corpus-cases.tsv
echo "corpus cases: $n run, $bad failed"
echo "== 30000^2 compute"
for r in sw_local editdist; do
  t=$(for k in 1 2 3; do $G/$r/build/$r --in a=@/tmp/big_a.fa --in b=@/tmp/big_b.fa --backend=cuda --timing --events=none 2>&1 | grep -o "compute [0-9.]* s"; done | tr '\n' ' ')
  echo "$r cuda: $t"
done
echo "== done at $SECONDS s"
