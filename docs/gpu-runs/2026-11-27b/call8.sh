#!/usr/bin/env bash
# Call 8: the corpus suite (tests/gpu/run-corpus.sh: 209 cases with
# --verify against `dpc interp`'s lines, score-only runs, memcheck) over
# every corpus recurrence compiled by this session's compiler
# (scripts/gen-corpus.sh .carry/gF at c7d1eb7).
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
bash tests/gpu/run-corpus.sh .carry/gF $OUT/corpus > $OUT/corpus.out 2>&1; echo "corpus suite rc $?"
grep -i "warning" .carry/gF/*/build/*.log 2>/dev/null | head -3
tail -6 $OUT/corpus.out
