#!/usr/bin/env bash
# Device call 11 of 2026-11-25 (session 4): the seed GPU suite
# (tests/gpu/run.sh) on the merged main: generated/ changed with --unknown
# (runtime reader, generated mains) and the release/acquire helpers.
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
DPC_COMMIT=$(git rev-parse --short HEAD 2>/dev/null || echo merged) timeout 420 tests/gpu/run.sh $O/gpu > /dev/null 2>&1; echo "run.sh rc=$?"
tail -6 $O/gpu/gpu-verification.log
echo "== done at $SECONDS s"
