#!/usr/bin/env bash
# Call 9: call 8 ran out of its 10 minutes in the corpus suite's builds and
# first 36 cases (all passed); this runs the cases of tests/gpu/corpus-cases.tsv
# (--backend=cuda --verify --json against `dpc interp`'s line) of the six
# corpus recurrences whose CUDA this session changed, from call 8's builds
# of .carry/gF (built again where missing).
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
G=.carry/gF
RECS="bpmax_window matrix_chain nussinov_weighted obst triangulation cyk"
for r in $RECS; do
  [ -x $G/$r/build/$r ] && continue
  (cmake -S $G/$r -B $G/$r/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 > /dev/null 2>&1 &&
   cmake --build $G/$r/build -j 4 > /dev/null 2>&1 || echo "BUILD FAILED $r") &
done; wait
pass=0; fail=0
while IFS=$'\t' read -r rec args expected; do
  case " $RECS " in *" $rec "*) ;; *) continue;; esac
  got=$($G/$rec/build/$rec --backend=cuda --verify --json $args 2>/dev/null)
  if [ "$got" = "$expected" ]; then pass=$((pass+1)); else fail=$((fail+1)); echo "FAIL $rec $(echo $args | cut -c1-60)"; fi
done < <(grep -v '^#' tests/gpu/corpus-cases.tsv)
echo "changed recurrences' corpus cases: $pass passed, $fail failed" | tee $OUT/call9.log
