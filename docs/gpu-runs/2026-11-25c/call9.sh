#!/usr/bin/env bash
# Device call 9 of 2026-11-25 (session 3): the strip kernel reads a
# column's symbols from a shared ring filled once per chunk (not a global
# load per lane and step), and a run with rolling rows stages only the rows
# it writes back. (1) correctness: score-only outputs == full --verify
# outputs (CUDA, OpenMP) for the branch-free kernels and the others, at
# edge and mid sizes; memcheck; (2) time against the kernel before
# (.carry/old: commit 5e7beae's emitted code) in the same run: sw_local
# and editdist at 30000^2 and 50000^2, score only and full, 3 runs each.
# Needs .carry/ring and .carry/old.
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
for d in .carry/ring/* .carry/old/*; do
  ( cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    cmake --build $d/build -j 4 >/dev/null 2>&1 ) || echo "BUILD FAIL $d" &
done; wait
echo "== built at $SECONDS s"
python3 - <<'PY'
import random
r = random.Random(29)
for alpha, tag in (("ACGT", "d"), ("ACDEFGHIKLMNPQRSTVWY", "p")):
    for n in (2, 15, 16, 17, 31, 33, 63, 64, 65, 127, 129, 300, 1000, 2049, 4000):
        for side, extra in (("a", 0), ("b", 5)):
            open("/tmp/%s%s%d.fa" % (tag, side, n), "w").write(
                ">s\n" + "".join(r.choice(alpha) for _ in range(n + extra)) + "\n")
for n in (30000, 50000):
    for s in "ab":
        open("/tmp/%s%d.fa" % (s, n), "w").write(">s\n" + "".join(r.choice("ACGT") for _ in range(n)) + "\n")
PY
ok=0; bad=0
note() { if [ "$1" = ok ]; then ok=$((ok+1)); else bad=$((bad+1)); echo "FAIL: $2"; fi; }
for r in sw_local editdist lcs gotoh swsides innerout twotab; do
  B=.carry/ring/$r/build/$r
  tag=d; [ $r = lcs ] && tag=p
  for n in 2 15 16 17 31 33 63 64 65 127 129 300 1000 2049 4000; do
    in="--in a=@/tmp/${tag}a$n.fa --in b=@/tmp/${tag}b$n.fa"
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
for r in sw_local editdist innerout; do
  echo "memcheck $r: $(compute-sanitizer --tool memcheck .carry/ring/$r/build/$r --in a=@/tmp/da300.fa --in b=@/tmp/db300.fa --backend=cuda --events=none 2>&1 | tail -1)"
done
echo "== CUDA compute s, 3 runs: before (old) and now (ring)"
for n in 30000 50000; do
  for r in sw_local editdist; do
    for m in "--events=none" "--events=all"; do
      for v in old ring; do
        echo "$r $n $m $v: $(for k in 1 2 3; do .carry/$v/$r/build/$r --in a=@/tmp/a$n.fa --in b=@/tmp/b$n.fa --backend=cuda --timing $m 2>&1 | grep -o 'compute [0-9.]*'; done | tr '\n' ' ')"
      done
    done
  done
done
echo "== done at $SECONDS s"
