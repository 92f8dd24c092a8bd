#!/usr/bin/env bash
# Device call 16 of 2026-11-26 (session 7): products of reductions whose
# body is cases on the indices (the product takes the arm of its form where
# it is chosen), with the logsumexp products: recurrences/mccaskill_log.dp
# as written now gets them (its extra term is the case k = i - 1).
# 1. the corpus cases of mccaskill_log (tests/gpu/run-corpus.sh on this
#    copy's cases file cut to them: compared to dpc interp within a relative
#    1e-12, --verify, score-only, memcheck);
# 2. tests/emit/Inputs/case_arm.dp (max, cases k = i and k = i + 70):
#    --verify on the GPU at n = 1, 65, 129, 300, 1000 (exact for a max);
# 3. time: mccaskill_log n = 1500 and 3000, CUDA and OpenMP (16 threads),
#    with the products (.carry/lse/g) and term by term (--exact-sums,
#    .carry/lse/exact: the code of before), 2 runs each.
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
grep -E '^(#|mccaskill_log)' tests/gpu/corpus-cases.tsv > /tmp/cases && cp /tmp/cases tests/gpu/corpus-cases.tsv
for d in .carry/lse/exact .carry/lse/case_arm; do
  ( cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    cmake --build $d/build -j 8 >/dev/null 2>&1 ) || echo "BUILD FAIL $d" &
done
timeout 250 tests/gpu/run-corpus.sh .carry/lse/g $O/corpus > $O/corpus.txt 2>&1; echo "run-corpus rc=$?"
wait
grep -E 'FAIL|^mccaskill_log|SUMMARY' $O/corpus.txt | head
python3 -c "
import random; r = random.Random(7)
for n in (1, 65, 129, 300, 1000, 1500, 3000):
    open('/tmp/l%d.fa' % n, 'w').write('>l%d\n' % n + ''.join(r.choice('ACGU') for _ in range(n)) + '\n')"
for n in 1 65 129 300 1000; do
  echo "case_arm n=$n: $(.carry/lse/case_arm/build/case_arm --backend=cuda --verify --events=none /tmp/l$n.fa 2>&1 | grep -i 'verify' | head -1)"
done
P=.carry/lse/g/mccaskill_log/build/mccaskill_log; E=.carry/lse/exact/build/mccaskill_log
for n in 1500 3000; do
  for b in cuda openmp; do
    for f in $P $E; do
      for k in 1 2; do
        o=$(timeout 100 $f --backend=$b --threads 16 --json --events=none --timing /tmp/l$n.fa 2>&1)
        echo "n=$n $b $( [ $f = $P ] && echo products || echo term-by-term ) run $k: $(echo "$o" | grep -oE 'compute [0-9.]+ s' | head -1) $(echo "$o" | grep -oE '"output":[^,}]*' | head -1)"
      done
    done
  done
done
echo "== all done at $SECONDS s"
