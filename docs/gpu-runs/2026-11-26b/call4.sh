#!/usr/bin/env bash
# Device call 4 of 2026-11-26 (session 8): BPMax's double reduction (the
# tile's dominant product) in a split-over-k kernel of its own, its blocks
# taking the chunks of all its k loops in turn. .carry/bpm2 = dpc compile
# recurrences/bpmax.dp with the change; generated/bpmax = 0400a5c (masked
# products, the product in the tile kernel). Checks: the 8 seed-suite BPMax
# cases with --verify, memcheck and racecheck on a 2-row-tile BPMax,
# --verify at N = M = 64; times, same run: old vs new CUDA at 64, 128, 192.
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
b() { cmake -S $1 -B $2 -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && cmake --build $2 -j 16 >/dev/null 2>&1 || echo "BUILD FAIL $1"; }
b .carry/bpm2 /tmp/bn & b generated/bpmax /tmp/bo & wait
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
