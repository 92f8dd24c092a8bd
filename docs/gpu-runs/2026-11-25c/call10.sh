#!/usr/bin/env bash
# Device call 10 of 2026-11-25 (session 3): the corpus GPU verification
# (tests/gpu/run-corpus.sh) now also runs every case score only
# (--events=none: the tables that allow it kept as two rolling rows) and
# compares its output with the expected one. Needs .carry/gen3.
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
tests/gpu/run-corpus.sh .carry/gen3 $O/corpus > $O/corpus.txt 2>&1; echo "exit $?"
grep -E "^(FAIL|BUILD FAIL)" $O/corpus.txt | head -20
tail -19 $O/corpus.txt
echo "== done at $SECONDS s"
