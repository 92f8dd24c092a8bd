#!/usr/bin/env bash
# Call 6: the generic tile product (GpuProduct::CellsOuter): each thread's
# cells one after another, the cell's guard tested once and the k loops
# inside (call 5: the tile kernel's most sampled stalls were that
# product's updates waiting on each k's loads behind a test per k).
# a = .carry/k4/a (1cc3d18's compiler), d = this tree (.carry/k4/d): the two
# recurrences whose CUDA changes (bpmax, bpmax_window), CUDA compute s,
# 3 runs alternating, outputs compared; --verify and memcheck of d at a
# mid size.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
L=$OUT/call6.log
C=.carry/k4
for v in a d; do for d in $C/$v/*; do (cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release > /dev/null 2>&1 && cmake --build $d/build -j 2 > /dev/null 2>&1 || echo "BUILD FAILED $d") & done; done; wait
mkdir -p /tmp/ci
python3 - > /tmp/cases.txt <<'PY'
import sys, random
sys.path.insert(0, "tests/bench")
import run
rows = {r["rec"]: r for r in run.read_corpus_table("tests/bench/corpus.tsv")}
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
  for k in 1 2 3; do for v in a d; do
    X=$C/$v/$rec/build/$rec
    t=$($X --backend=cuda --timing --events=none $args 2>&1 >/tmp/o-$v.txt | grep -o 'compute [0-9.]* s')
    echo "$rec $v: $t" | tee -a $L
  done; done
  cmp -s <(grep -v '^time' /tmp/o-a.txt) <(grep -v '^time' /tmp/o-d.txt) && echo "$rec: outputs a == d" | tee -a $L || echo "$rec: OUTPUTS DIFFER" | tee -a $L
done < /tmp/cases.txt
while IFS=$'\t' read -r rec args; do
  case $rec in *-verify) ;; *) continue;; esac
  r=${rec%-verify}
  echo "$r --verify: $($C/d/$r/build/$r --backend=cuda --verify --json $args 2>&1 | grep -o 'verify: [a-z]*.*' | head -1)" | tee -a $L
  echo "$r memcheck: $(compute-sanitizer --tool memcheck $C/d/$r/build/$r --backend=cuda $args 2>&1 | grep 'ERROR SUMMARY')" | tee -a $L
done < /tmp/cases.txt
