#!/usr/bin/env bash
# Regenerates generated/ with the current dpc (run after changing the
# compiler or the runtime; tests/generated/stale.test checks it).
set -euo pipefail
cd "$(dirname "$0")/.."
for r in nussinov chang bpmax; do
  rm -rf "generated/$r"
  ./build/bin/dpc compile "recurrences/$r.dp" -o "generated/$r" >/dev/null
done
echo "regenerated generated/{nussinov,chang,bpmax}"
