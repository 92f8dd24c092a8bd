#!/usr/bin/env bash
# Call 3 (issue 13): the generic tile product without its per-thread array
# of accumulators (dpc_gN[]) and the second loop that combined it into the
# tile's accumulator: each cell's running value (dpc_a) is combined into
# dpc_accN[dpc_e] when its k loops are done. a = the compiler before
# (HEAD without the change, .carry/k5/a), d = with it (.carry/k5/d):
# the two recurrences whose CUDA changes (bpmax, bpmax_window), CUDA
# compute s, 3 runs alternating, outputs compared; --verify and memcheck
# of d at a mid size. (The script of 2026-11-27b/call6.sh, other folders.)
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
L=$OUT/call3.log
C=.carry/k5
for v in a d; do for d in $C/$v/*; do (cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release > /dev/null 2>&1 && cmake --build $d/build -j 4 > /dev/null 2>&1 || echo "BUILD FAILED $d") & done; done; wait
python3 - > /tmp/cases.txt <<'PY'
import random
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
