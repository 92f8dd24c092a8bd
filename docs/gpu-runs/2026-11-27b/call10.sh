#!/usr/bin/env bash
# Call 10: the whole corpus suite again over call 8's builds of .carry/gF
# (still on the warm machine): the command as run.
timeout 290 bash tests/gpu/run-corpus.sh .carry/gF $OUT/corpus > $OUT/corpus.out 2>&1; echo "rc $?"; tail -30 $OUT/corpus.out
