#!/usr/bin/env bash
# Device call 7 of 2026-11-25 (session 4): this commit's compiler (whole
# chunks unrolled by 6, the warp waiting, release/acquire handoff).
# (1) times, before (.carry/gen-old: the compiler at 622dbab) and now
# (.carry/gen4), same run: the alignment shapes at the benchmark's corpus
# sizes and at 30000^2, score-only and with traceback, CUDA, 3 runs each;
# (2) the corpus GPU verification (tests/gpu/run-corpus.sh: 154 cases,
# --verify'd full runs and score-only runs, memcheck), folders built in
# parallel first. Needs .carry/gen4 and .carry/gen-old.
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
for d in .carry/gen4/* .carry/gen-old/*; do
  ( cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    cmake --build $d/build -j 2 >/dev/null 2>&1 ) || echo "BUILD FAIL $d" &
done; wait
echo "== built at $SECONDS s"
python3 - <<'PY'
import random
r = random.Random(29)
for alpha, tag, ns in (("ACGT", "d", (30000, 45000, 50000)), ("ACDEFGHIKLMNPQRSTVWY", "p", (30000, 35000))):
    for n in ns:
        for s in "ab":
            open("/tmp/%s%s%d.fa" % (tag, s, n), "w").write(">s\n" + "".join(r.choice(alpha) for _ in range(n)) + "\n")
PY
for spec in "sw_local d 50000" "sw_local d 30000" "editdist d 50000" "editdist d 30000" "lcs p 35000" "lcs p 30000" "gotoh d 30000" "banded d 45000"; do
  set -- $spec; in="--in a=@/tmp/$2a$3.fa --in b=@/tmp/$2b$3.fa"; [ $1 = banded ] && in="$in --set W=256"
  for m in "--events=none" "--events=all"; do
    for v in gen-old gen4; do
      echo "$1 $3 $m $v: $(for k in 1 2 3; do .carry/$v/$1/build/$1 $in --backend=cuda --timing $m 2>&1 | grep -o 'compute [0-9.]*'; done | tr '\n' ' ') out=$(.carry/$v/$1/build/$1 $in --backend=cuda $m 2>&1 | head -c 60 | tr '\n' ' ')"
    done
  done
done
echo "== timed at $SECONDS s"
DPC_COMMIT=wip-chunks timeout 300 tests/gpu/run-corpus.sh .carry/gen4 $O/corpus > $O/corpus.txt 2>&1; echo "run-corpus rc=$?"
tail -25 $O/corpus.txt
echo "== done at $SECONDS s"
