#!/usr/bin/env bash
# Call 1 (2026-11-27, fifteenth session): split-over-k product kernels
# whose blocks take the chunks of several k loops in turn keep the count of
# chunks before a loop modulo gridDim.y (no 64-bit modulo per loop), and
# every split product kernel's block skips the loads and barriers of a k
# loop in which it has no chunk. old = .carry/k/old (d87c53f's compiler),
# new = .carry/k/new (this tree): the eight recurrences whose CUDA changes,
# at the corpus benchmark's sizes and the seeds' (nussinov and chang
# n = 16000, bpmax N = M = 128 and 192, bpmax_window N = M = 300, W = 128),
# CUDA compute s, 3 runs alternating; outputs old == new; --verify and
# memcheck of the new folders at a mid size; the 2000-RNA batch.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
L=$OUT/call1.log
C=.carry/k
for v in old new; do for d in $C/$v/*; do (cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release > /dev/null 2>&1 && cmake --build $d/build -j 2 > /dev/null 2>&1 || echo "BUILD FAILED $d") & done; done; wait
mkdir -p /tmp/ci
python3 - > /tmp/cases.txt <<'PY'
import sys, random
sys.path.insert(0, "tests/bench")
import run
rows = {r["rec"]: r for r in run.read_corpus_table("tests/bench/corpus.tsv")}
for rec in ["matrix_chain", "obst", "nussinov_weighted", "triangulation"]:
    r = rows[rec]
    args = run.corpus_inputs(r, r["size"], 1, "/tmp/ci")
    for k, v in r["lets"].items():
        args += ["--set", "%s=%d" % (k, v)]
    print(rec + "\t" + " ".join(args))
    small = run.corpus_inputs(r, {"matrix_chain": 300, "obst": 300, "nussinov_weighted": 300, "triangulation": 150}[rec], 1, "/tmp/ci")
    for k, v in r["lets"].items():
        small += ["--set", "%s=%d" % (k, v if k != "CAP" else 500)]
    print(rec + "-verify\t" + " ".join(small))
rng = random.Random(3)
s = "".join(rng.choice("ACGU") for _ in range(16000))
open("/tmp/ci/n16k.fa", "w").write(">x\n" + s + "\n")
print("nussinov\t/tmp/ci/n16k.fa")
print("chang\t/tmp/ci/n16k.fa")
a = "".join(rng.choice("ACGU") for _ in range(128)); b = "".join(rng.choice("ACGU") for _ in range(128))
print("bpmax\t--in seq1=%s --in seq2=%s" % (a, b))
a2 = "".join(rng.choice("ACGU") for _ in range(192)); b2 = "".join(rng.choice("ACGU") for _ in range(192))
print("bpmax\t--in seq1=%s --in seq2=%s" % (a2, b2))
a = "".join(rng.choice("ACGU") for _ in range(300)); b = "".join(rng.choice("ACGU") for _ in range(300))
print("bpmax_window\t--in seq1=%s --in seq2=%s --set W=128" % (a, b))
for rec in ["nussinov", "chang"]:
    print(rec + "-verify\t--in seq=" + s[:700])
print("bpmax-verify\t--in seq1=%s --in seq2=%s" % (a[:40], b[:37]))
print("bpmax_window-verify\t--in seq1=%s --in seq2=%s --set W=20" % (a[:70], b[:66]))
PY
cut -c1-120 /tmp/cases.txt
while IFS=$'\t' read -r rec args; do
  case $rec in *-verify) continue;; esac
  for k in 1 2 3; do for v in old new; do
    X=$C/$v/$rec/build/$rec
    t=$($X --backend=cuda --timing --events=none $args 2>&1 >/tmp/o-$v.txt | grep -o 'compute [0-9.]* s')
    echo "$rec $v: $t" | tee -a $L
  done; done
  cmp -s <(grep -v '^time' /tmp/o-old.txt) <(grep -v '^time' /tmp/o-new.txt) && echo "$rec: outputs old == new" | tee -a $L || echo "$rec: OUTPUTS DIFFER" | tee -a $L
done < /tmp/cases.txt
while IFS=$'\t' read -r rec args; do
  case $rec in *-verify) ;; *) continue;; esac
  r=${rec%-verify}
  echo "$r --verify: $($C/new/$r/build/$r --backend=cuda --verify --json $args 2>&1 | grep -o 'verify: [a-z]*.*' | head -1)" | tee -a $L
  echo "$r memcheck: $(compute-sanitizer --tool memcheck $C/new/$r/build/$r --backend=cuda $args 2>&1 | grep 'ERROR SUMMARY')" | tee -a $L
done < /tmp/cases.txt
python3 -c "
import random
rnd = random.Random(11)
with open('/tmp/rna.fa','w') as f:
    for i in range(2000):
        n = rnd.randint(50, 400)
        f.write('>r%d\n%s\n' % (i, ''.join(rnd.choice('ACGU') for _ in range(n))))"
for k in 1 2 3; do for v in old new; do
  echo "rna2000 $v: $($C/$v/nussinov/build/nussinov --backend=cuda --timing --json /tmp/rna.fa 2>&1 >/tmp/r-$v.txt | grep -o 'compute [0-9.]* s.*')" | tee -a $L
done; done
echo "rna2000 openmp 16: $($C/new/nussinov/build/nussinov --backend=openmp --threads 16 --timing --json /tmp/rna.fa 2>&1 >/tmp/r-o.txt | grep -o 'compute [0-9.]* s.*')" | tee -a $L
cmp <(sed 's/,"seconds":[0-9.e+-]*//' /tmp/r-old.txt) <(sed 's/,"seconds":[0-9.e+-]*//' /tmp/r-new.txt) && cmp <(sed 's/,"seconds":[0-9.e+-]*//' /tmp/r-o.txt) <(sed 's/,"seconds":[0-9.e+-]*//' /tmp/r-new.txt) && echo "rna2000: cuda old == new == openmp" | tee -a $L
