#!/usr/bin/env bash
# Device call 5 of 2026-11-25: the seed suite (tests/gpu/run.sh) on the
# generated/ folders of the state to commit (their runtime gained
# dpc::keep and dpc_rt::atomic_min/max; the kernels are unchanged).
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
tests/gpu/run.sh $O/seeds > $O/seeds.txt 2>&1; echo "exit $?"
grep -E "^(PASS|FAIL) compute|timing|SUMMARY" $O/seeds.txt
