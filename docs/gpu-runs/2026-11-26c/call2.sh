#!/usr/bin/env bash
# Call 2: what call 1 left unchecked (same machine, folders built by call 1):
# the 20000-target outputs old vs new without the per-problem time lines,
# memcheck (its report is on stdout), the corpus cases of the five strip
# recurrences only.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
C=.carry
rm -rf $C/dbN/sw_lb24
for v in dbO/sw_local dbN/sw_local; do
  $C/$v/build/sw_local --backend=cuda --in a=@/tmp/q.fa /tmp/t.fa 2>/dev/null | grep -v '^time:' > /tmp/db-$(dirname $v).out
done
cmp /tmp/db-dbO.out /tmp/db-dbN.out && echo "20000 targets: outputs old == new ($(grep -c 'T\[N\]' /tmp/db-dbN.out) scores)" | tee $OUT/call2.log
echo "== memcheck (batch of 300, score only and full)" | tee -a $OUT/call2.log
for r in sw_local gotoh lcs; do
  q=/tmp/q300.fa; t=/tmp/t300.fa; [ $r = lcs ] && q=/tmp/pq.fa && t=/tmp/pt.fa
  for e in none all; do
    echo "$r events=$e: $(compute-sanitizer --tool memcheck $C/dbN/$r/build/$r --backend=cuda --events=$e --in a=@$q $t 2>&1 | grep -E 'ERROR SUMMARY')" | tee -a $OUT/call2.log
  done
done
echo "== corpus cases of the five strip recurrences (--verify, score only, memcheck)" | tee -a $OUT/call2.log
bash tests/gpu/run-corpus.sh $C/dbN $OUT/corpus > /tmp/corpus.out 2>&1
grep -E "^(sw_local|editdist|gotoh|lcs|banded) " /tmp/corpus.out | tee -a $OUT/call2.log
grep -E "^recurrence|^SUMMARY" /tmp/corpus.out | tee -a $OUT/call2.log
