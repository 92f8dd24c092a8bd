#!/usr/bin/env bash
# Every test: install, build, run the lit suite; then the sanitizer step
# (scripts/sanitize.sh: the lit suite with dpc under ASan/UBSan, and the
# three seeds' generated OpenMP code under ASan/UBSan).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
cmake --build build --target check
scripts/sanitize.sh
