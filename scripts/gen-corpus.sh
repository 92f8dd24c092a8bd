#!/usr/bin/env bash
# Compiles every corpus recurrence (recurrences/*.dp but the three seeds,
# which live in generated/) into OUTDIR/<name>/ with `dpc compile`, for a
# machine that has cmake and nvcc but no dpc: tests/gpu/run-corpus.sh
# OUTDIR builds each folder into OUTDIR/<name>/build/ and verifies it, and
# tests/bench/run.py --corpus OUTDIR times the binaries found there.
# Usage: scripts/gen-corpus.sh OUTDIR     (DPC=path/to/dpc, default build/bin/dpc)
set -euo pipefail
if [ $# -ne 1 ]; then
  echo "usage: $0 OUTDIR" >&2
  exit 2
fi
mkdir -p "$1"
OUTDIR=$(cd "$1" && pwd)
cd "$(dirname "$0")/.."
DPC=${DPC:-build/bin/dpc}
n=0
for dp in recurrences/*.dp; do
  r=$(basename "$dp" .dp)
  case "$r" in nussinov|chang|bpmax) continue ;; esac
  rm -rf "${OUTDIR:?}/$r"
  "$DPC" compile "$dp" -o "$OUTDIR/$r" >/dev/null
  n=$((n + 1))
done
echo "generated $n corpus folders in $OUTDIR"
