#!/usr/bin/env bash
# The main job: install what is missing, build dpc, then compile Nussinov to
# a standalone folder, build it, and fold a sample sequence (checked against
# the untiled reference with --verify, and against the interpreter).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
SEQ=GGGAAAUCCGCAUCCAAGCUUGCGAUCGAUGGCAUCCGUAGCUAGCUAGGGAUCCAUG
./build/bin/dpc check recurrences/nussinov.dp
./build/bin/dpc compile recurrences/nussinov.dp -o build/main-job/nussinov
cmake -S build/main-job/nussinov -B build/main-job/nussinov/build \
  -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/main-job/nussinov/build -j "$(nproc)" >/dev/null
echo "== generated code (OpenMP, verified against the untiled reference):"
./build/main-job/nussinov/build/nussinov --in seq=$SEQ --traceback --verify
echo "== reference interpreter:"
./build/bin/dpc interp recurrences/nussinov.dp --in seq=$SEQ
