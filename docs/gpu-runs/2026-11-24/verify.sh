#!/bin/bash
# Device calls 10-11 of 2026-11-24: branch-free strip kernels. For every
# folder (dpc compile of sw_local, editdist and tests' twotab, suffix, sum3,
# lcsfloat, logalign, swsides, built here with nvcc into <name>/b): the
# 30000^2 timings against main's folders (main/<name>), then --verify (every
# table against the untiled CPU reference) on sizes around the tile edges,
# CUDA --json == OpenMP --json (scores only), an overflow case, memcheck and
# racecheck, the corpus cases of sw_local/editdist. (Reconstructed from the
# session's transcript: the folder it ran in, .carry/v1, is not kept.)
cd "$(dirname "$0")"
O=${OUT:-/tmp/o}; mkdir -p $O
python3 - <<'PY'
import random, os
r = random.Random(11)
AL = {"dna": "ACGT", "protein": "ACDEFGHIKLMNPQRSTVWY"}
os.makedirs("/tmp/in", exist_ok=True)
sizes = [(1,1),(1,300),(300,1),(64,63),(65,129),(128,127),(129,257),(300,257),(70,1000),(2000,1999),(4097,700)]
for al, ab in AL.items():
    for (n, m) in sizes:
        open(f"/tmp/in/{al}_{n}x{m}_a.fa","w").write(">a\n" + "".join(r.choice(ab) for _ in range(n)) + "\n")
        open(f"/tmp/in/{al}_{n}x{m}_b.fa","w").write(">b\n" + "".join(r.choice(ab) for _ in range(m)) + "\n")
for n in (30000,):
    for s in "ab":
        open(f"/tmp/in/big_{s}.fa","w").write(">%s\n" % s + "".join(r.choice("ACGT") for _ in range(n)) + "\n")
PY
pass=0; fail=0
echo "--- 30000 x 30000 compute (2 runs; main = the generated folders of main)"
for d in main/sw_local sw_local main/editdist editdist; do
  n=$(basename $d)
  for k in 1 2; do ./$d/b/$n --in a=@/tmp/in/big_a.fa --in b=@/tmp/in/big_b.fa --backend=cuda --timing --events=none 2>&1 | grep -o "compute [0-9.]* s"; done | tr '\n' ' ' | sed "s|^|$d: |"; echo
done
ok() { pass=$((pass+1)); }
bad() { fail=$((fail+1)); echo "FAIL $*"; }
for d in sw_local editdist twotab suffix sum3 lcsfloat logalign swsides; do
  B=./$d/b/$d; al=dna; [ $d = lcsfloat ] && al=protein
  for f in /tmp/in/${al}_*_a.fa; do
    g=${f%_a.fa}_b.fa
    v=$(timeout 20 $B --in a=@$f --in b=@$g --backend=cuda --verify --events=none 2>&1 | grep verify:)
    case "$v" in *"verify: ok"*) ok ;; *) bad "$d $(basename $f) verify: $v" ;; esac
    c=$(timeout 20 $B --in a=@$f --in b=@$g --backend=cuda --json --events=none 2>&1); o=$(timeout 20 $B --in a=@$f --in b=@$g --backend=openmp --json --events=none 2>&1)
    if [ "$c" = "$o" ]; then ok; else bad "$d $(basename $f) cuda json != openmp json"; fi
  done
  echo "$d: pass $pass fail $fail so far ($SECONDS s)"
done
echo "--- memcheck"
for d in sw_local twotab lcsfloat; do
  al=dna; [ $d = lcsfloat ] && al=protein
  compute-sanitizer --tool memcheck --error-exitcode 9 ./$d/b/$d --in a=@/tmp/in/${al}_300x257_a.fa --in b=@/tmp/in/${al}_300x257_b.fa --backend=cuda --events=none > $O/mc-$d.txt 2>&1
  rc=$?; tail -1 $O/mc-$d.txt; [ $rc = 0 ] && ok || bad "memcheck $d rc $rc"
  compute-sanitizer --tool racecheck --error-exitcode 9 ./$d/b/$d --in a=@/tmp/in/${al}_129x257_a.fa --in b=@/tmp/in/${al}_129x257_b.fa --backend=cuda --events=none > $O/rc-$d.txt 2>&1
  rc=$?; tail -1 $O/rc-$d.txt; [ $rc = 0 ] && ok || bad "racecheck $d rc $rc"
done
echo "--- corpus cases (tests/gpu/corpus-cases.tsv) of sw_local and editdist"
grep -P "^(sw_local|editdist)\t" ../../../tests/gpu/corpus-cases.tsv | while IFS=$'\t' read r args exp; do
  got=$(cd ../../.. && eval docs/gpu-runs/2026-11-24/$r/b/$r $args --backend=cuda --verify --json 2>/dev/null)
  if [ "$got" = "$exp" ]; then echo P; else echo "F $r $args"; fi
done > $O/corpus.txt
echo "corpus cases: $(grep -c '^P' $O/corpus.txt) pass, $(grep -c '^F' $O/corpus.txt) fail"
echo "=== checks: pass $pass fail $fail"
