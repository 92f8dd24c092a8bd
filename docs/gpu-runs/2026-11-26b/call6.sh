#!/usr/bin/env bash
# Device call 6 of 2026-11-26 (session 8): the generic GPU tile product
# (BPMax's S1[i1, k1] + F[k1 + 1, j1, i2, j2]) with each thread's cells'
# accumulators in registers (call 5: 31% of kernel2's stall samples on its
# shared-memory accumulator chain). .carry/bpm3 = dpc compile with the
# change; .carry/bpm2 = call 4's folder (the split double reduction).
# Checks: the 8 seed-suite BPMax cases with --verify, memcheck and
# racecheck, --verify at N = M = 64; times, same run, at 64, 128, 192.
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
b() { cmake -S $1 -B $2 -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && cmake --build $2 -j 16 >/dev/null 2>&1 || echo "BUILD FAIL $1"; }
b .carry/bpm3 /tmp/bn & b .carry/bpm2 /tmp/bo & wait
echo "== built at $SECONDS s"
pass=0; fail=0
while IFS=$'\t' read -r rec args expected; do
  case "$rec" in bpmax) bin=/tmp/bn/bpmax ;; *) continue ;; esac
  got=$($bin --backend=cuda --verify --json $args 2>$O/err.txt); rc=$?
  if [ $rc -eq 0 ] && [ "$got" = "$expected" ]; then pass=$((pass+1)); else fail=$((fail+1)); echo "FAIL $rec $(echo $args | cut -c1-60) rc=$rc"; head -3 $O/err.txt; fi
done < <(cat tests/gpu/cases.tsv tests/gpu/corpus-cases.tsv)
echo "cases: $pass passed, $fail failed"
B2=$(grep -v '>' tests/gpu/inputs/chang_1000.fa | tr -d '\n' | head -c 70)
for tool in memcheck racecheck; do
compute-sanitizer --tool $tool --error-exitcode 99 /tmp/bn/bpmax --backend=cuda --in seq1=GGGAAAUCCG --in seq2=$B2 > $O/$tool.txt 2>&1; echo "$tool rc=$? $(grep -o '\(ERROR\|RACECHECK\) SUMMARY.*' $O/$tool.txt)"
done
python3 -c "
import random; r = random.Random(7)
for n in (64, 96, 128, 192, 256):
    for s in (1, 2):
        open('/tmp/bp%d_%d.fa' % (n, s), 'w').write('>s%d_%d\n' % (n, s) + ''.join(r.choice('ACGU') for _ in range(n)) + '\n')"
inp() { echo "--in seq1=@/tmp/bp$1_1.fa --in seq2=@/tmp/bp$1_2.fa"; }
/tmp/bn/bpmax --backend=cuda --verify $(inp 64) > $O/v64.txt 2>&1; echo "verify N=M=64 rc=$? $(grep -o 'verify: .*' $O/v64.txt)"
t() { local o; o=$(timeout 200 "$@" --events=none --timing 2>&1); echo "$(echo "$o" | grep -o 'F\[0, N - 1, 0, M - 1\] = [0-9]*' | head -1) $(echo "$o" | grep -oE 'compute [0-9.]+ s' | head -1) $(echo "$o" | grep -oE 'wall [0-9.]+ s' | head -1)"; }
echo "| impl | backend | N=M | result | compute | wall |"
for n in 64 128 192; do
  echo "| old | cuda | $n | $(t /tmp/bo/bpmax --backend=cuda $(inp $n)) |"
  echo "| new | cuda | $n | $(t /tmp/bn/bpmax --backend=cuda $(inp $n)) |"
  echo "| new | cuda | $n | $(t /tmp/bn/bpmax --backend=cuda $(inp $n)) |"
done
echo "== all done at $SECONDS s"
