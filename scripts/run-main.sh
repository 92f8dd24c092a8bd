#!/usr/bin/env bash
# The main job: install, build, then compile a recurrence and run it on a
# sample sequence.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
./build/bin/dpc check recurrences/nussinov.dp
./build/bin/dpc interp recurrences/nussinov.dp --in seq=GGGAAAUCCGCAUCCAAGCUUGCG
