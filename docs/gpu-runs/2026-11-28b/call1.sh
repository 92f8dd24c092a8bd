#!/usr/bin/env bash
# Call 1 (2026-11-28b): the corpus suite (tests/gpu/run-corpus.sh: --verify
# against `dpc interp`'s lines, score-only runs, memcheck) over every corpus
# recurrence compiled at a3cc4b5 (scripts/gen-corpus.sh .carry/gC): the
# first GPU run of obst, matrix_chain, nussinov_weighted, triangulation and
# bpmax_window with the remainder pieces and the overlapped products. Then
# the sw_local strip kernel's SASS (the interior chunk loop) and the search
# baseline on this card.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
bash tests/gpu/run-corpus.sh .carry/gC $OUT/corpus > $OUT/corpus.out 2>&1; echo "corpus suite rc $?"
cuobjdump -sass .carry/gC/sw_local/build/sw_local > /tmp/sw.sass 2>&1; echo "sass lines $(wc -l < /tmp/sw.sass)"; gzip -c /tmp/sw.sass > $OUT/sw_local.sass.gz
python3 docs/gpu-runs/2026-11-28b/search_ab.py 3 sw_local,editdist base=.carry/gC 2>&1 | tee $OUT/search.log
tail -30 $OUT/corpus.out
