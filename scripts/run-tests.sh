#!/usr/bin/env bash
# Every test: install, build, run the lit suite.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
cmake --build build --target check
