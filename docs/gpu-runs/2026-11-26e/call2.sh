#!/usr/bin/env bash
# Call 2 (at $DPC_COMMIT): the corpus cases (tests/gpu/run-corpus.sh: every
# case --verify --json with the device traceback, score only, memcheck) on
# the folders call 1 built.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
bash tests/gpu/run-corpus.sh .carry/gT $OUT/corpus > $OUT/corpus.out 2>&1
grep -E "FAIL|^SUMMARY" $OUT/corpus.out | head -20
