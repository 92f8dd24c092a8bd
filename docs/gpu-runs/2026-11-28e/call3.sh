#!/usr/bin/env bash
# Call 3 (2026-11-28e): the corpus suite (tests/gpu/run-corpus.sh: verify,
# score-only, memcheck) on the corpus recurrences whose tile kernels got
# padded shared-memory rows (.carry/C, scripts/gen-corpus.sh).
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
bash tests/gpu/run-corpus.sh --only=nussinov_weighted,obst,cyk,matrix_chain,mccaskill,mccaskill_log,triangulation,rnafold,bpmax_window .carry/C $OUT/corpus > $OUT/corpus.out 2>&1; echo "corpus suite rc $?"
tail -16 $OUT/corpus.out
