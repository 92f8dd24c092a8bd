#!/usr/bin/env bash
# Device call 6 of 2026-11-25 (session 3): call 4 again after the output
# cell of a table kept as two rolling rows is stored by the lane and step
# that compute it (a per-strip position) instead of a test in every lane's
# store, with innerout (the output cell inside the table) added:
# (1) score-only outputs (CUDA and OpenMP) equal the full runs' (--verify)
# at edge and mid sizes; memcheck; (2) the alignment rows of the corpus
# benchmark, score only (--scores-only). Needs .carry/ring, .carry/gen3.
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
R=.carry/ring; G=.carry/gen3
for d in $R/* $G/sw_local $G/editdist $G/lcs $G/gotoh $G/banded; do
  ( cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    cmake --build $d/build -j 4 >/dev/null 2>&1 ) || echo "BUILD FAIL $d" &
done; wait
echo "== built at $SECONDS s"
python3 - <<'PY'
import random
r = random.Random(13)
for alpha, tag in (("ACGT", "d"), ("ACDEFGHIKLMNPQRSTVWY", "p")):
    for n in (1, 2, 15, 16, 17, 31, 33, 63, 64, 65, 127, 129, 300, 1000, 2049, 4000):
        for side, extra in (("a", 0), ("b", 5), ("c", 0)):
            open("/tmp/%s%s%d.fa" % (tag, side, n), "w").write(
                ">s\n" + "".join(r.choice(alpha) for _ in range(n + extra)) + "\n")
PY
ok=0; bad=0
note() { if [ "$1" = ok ]; then ok=$((ok+1)); else bad=$((bad+1)); echo "FAIL: $2"; fi; }
for r in sw_local editdist lcs gotoh banded twotab innerout; do
  B=$R/$r/build/$r
  tag=d; [ $r = lcs ] && tag=p
  for n in 1 2 15 16 17 31 33 63 64 65 127 129 300 1000 2049 4000; do
    [ $r = innerout ] && [ $n -lt 2 ] && continue
    bb=b; [ $r = banded ] && bb=c
    in="--in a=@/tmp/${tag}a$n.fa --in b=@/tmp/${tag}$bb$n.fa"
    full=$($B $in --backend=cuda --verify --events=none 2>&1)
    echo "$full" | grep -q "verify: ok" && note ok || note bad "$r n=$n cuda --verify: $(echo "$full" | tail -1)"
    f=$(echo "$full" | grep -v verify)
    for bk in cuda openmp; do
      s=$($B $in --backend=$bk --threads 16 --events=none 2>&1)
      [ -n "$s" ] && [ "$s" = "$f" ] && note ok || note bad "$r n=$n $bk score-only '$s' vs full '$f'"
    done
  done
done
echo "correctness: $ok ok, $bad failed"
echo "== compute-sanitizer memcheck, score-only CUDA runs (n=300)"
for r in editdist lcs gotoh innerout; do
  tag=d; [ $r = lcs ] && tag=p
  echo "$r: $(compute-sanitizer --tool memcheck $R/$r/build/$r --in a=@/tmp/${tag}a300.fa --in b=@/tmp/${tag}b300.fa --backend=cuda --events=none 2>&1 | tail -1)"
done
echo "== explain: tables of a score-only run, 4000 x 4005"
for r in editdist lcs gotoh; do
  tag=d; [ $r = lcs ] && tag=p
  $R/$r/build/$r --in a=@/tmp/${tag}a4000.fa --in b=@/tmp/${tag}b4000.fa --explain | grep -E "^  work"
done
echo "== corpus benchmark, alignment rows, score only"
python3 tests/bench/run.py --corpus $G --only "sw_local|editdist|lcs|gotoh|banded" --gpu --threads 16 --repeat 3 --budget 40 --bin /tmp/bb --scores-only --out $O/bench > $O/bench.txt 2>&1; echo "bench exit $?"
tail -8 $O/bench.txt
echo "== done at $SECONDS s"
