#!/usr/bin/env bash
# Call 3: the clamped product operands (SplitInfo::SoftInf) clamped where
# they are stored into shared memory instead of where they are loaded (call
# 2: the split product kernel's most sampled stalls were the clamp's add
# waiting on each load). a = .carry/k2/a (d87c53f's compiler), b = call 1's
# change (.carry/k2/b), c = this tree (.carry/k2/c): the three recurrences
# whose CUDA changes (bpmax, bpmax_window, cyk), CUDA compute s, 3 runs
# alternating, outputs compared; --verify and memcheck of c at a mid size.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
L=$OUT/call3.log
C=.carry/k2
for v in a b c; do for d in $C/$v/*; do (cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release > /dev/null 2>&1 && cmake --build $d/build -j 2 > /dev/null 2>&1 || echo "BUILD FAILED $d") & done; done; wait
mkdir -p /tmp/ci
python3 - > /tmp/cases.txt <<'PY'
import sys, random
sys.path.insert(0, "tests/bench")
import run
rows = {r["rec"]: r for r in run.read_corpus_table("tests/bench/corpus.tsv")}
r = rows["cyk"]
print("cyk\t" + " ".join(run.corpus_inputs(r, r["size"], 1, "/tmp/ci")))
print("cyk-verify\t" + " ".join(run.corpus_inputs(r, 200, 1, "/tmp/ci")))
rng = random.Random(3)
for n in (128, 192):
    a = "".join(rng.choice("ACGU") for _ in range(n)); b = "".join(rng.choice("ACGU") for _ in range(n))
    print("bpmax\t--in seq1=%s --in seq2=%s" % (a, b))
a = "".join(rng.choice("ACGU") for _ in range(300)); b = "".join(rng.choice("ACGU") for _ in range(300))
print("bpmax_window\t--in seq1=%s --in seq2=%s --set W=128" % (a, b))
print("bpmax-verify\t--in seq1=%s --in seq2=%s" % (a[:40], b[:37]))
print("bpmax_window-verify\t--in seq1=%s --in seq2=%s --set W=20" % (a[:70], b[:66]))
PY
cut -c1-100 /tmp/cases.txt
while IFS=$'\t' read -r rec args; do
  case $rec in *-verify) continue;; esac
  for k in 1 2 3; do for v in a b c; do
    X=$C/$v/$rec/build/$rec
    t=$($X --backend=cuda --timing --events=none $args 2>&1 >/tmp/o-$v.txt | grep -o 'compute [0-9.]* s')
    echo "$rec $v: $t" | tee -a $L
  done; done
  cmp -s <(grep -v '^time' /tmp/o-a.txt) <(grep -v '^time' /tmp/o-c.txt) && cmp -s <(grep -v '^time' /tmp/o-b.txt) <(grep -v '^time' /tmp/o-c.txt) && echo "$rec: outputs a == b == c" | tee -a $L || echo "$rec: OUTPUTS DIFFER" | tee -a $L
done < /tmp/cases.txt
while IFS=$'\t' read -r rec args; do
  case $rec in *-verify) ;; *) continue;; esac
  r=${rec%-verify}
  echo "$r --verify: $($C/c/$r/build/$r --backend=cuda --verify --json $args 2>&1 | grep -o 'verify: [a-z]*.*' | head -1)" | tee -a $L
  echo "$r memcheck: $(compute-sanitizer --tool memcheck $C/c/$r/build/$r --backend=cuda $args 2>&1 | grep 'ERROR SUMMARY')" | tee -a $L
done < /tmp/cases.txt
