#!/usr/bin/env bash
# Device call 10 of 2026-11-26 (session 8): tile products' staged loads
# test the condition lowering simplified (isl gist of the read's table
# domain and the mask where the loads run) instead of the table's whole
# domain. .carry/seedsN and .carry/genN2 = dpc compile of the seeds and the
# corpus with the change (it changes every register-blocked GPU product).
# Checks: the seed suite (tests/gpu/run.sh on the new seed folders) and
# the corpus (tests/gpu/run-corpus.sh: every case with --verify, score-only
# runs, memcheck). Times, same run: BPMax N = M = 128 and Nussinov
# n = 16000, the folders before (generated/ at 8365a24) and after.
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
b() { cmake -S $1 -B $2 -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && cmake --build $2 -j 8 >/dev/null 2>&1 || echo "BUILD FAIL $1"; }
b generated/bpmax /tmp/ob & b generated/nussinov /tmp/on & b .carry/seedsN/bpmax /tmp/nb & b .carry/seedsN/nussinov /tmp/nn & wait
echo "== built at $SECONDS s"
python3 -c "
import random; r = random.Random(7)
for s in (1, 2):
    open('/tmp/bp128_%d.fa' % s, 'w').write('>s128_%d\n' % s + ''.join(r.choice('ACGU') for _ in range(128)) + '\n')
r = random.Random(16000)
open('/tmp/s16000.fa', 'w').write('>s16000\n' + ''.join(r.choice('ACGU') for _ in range(16000)) + '\n')"
t() { local o; o=$("$@" --events=none --timing 2>&1); echo "$(echo "$o" | grep -oE '\] = [0-9]+' | head -1) $(echo "$o" | grep -oE 'compute [0-9.]+ s' | head -1)"; }
for k in 1 2; do
  echo "bpmax 128 old: $(t /tmp/ob/bpmax --backend=cuda --in seq1=@/tmp/bp128_1.fa --in seq2=@/tmp/bp128_2.fa)"
  echo "bpmax 128 new: $(t /tmp/nb/bpmax --backend=cuda --in seq1=@/tmp/bp128_1.fa --in seq2=@/tmp/bp128_2.fa)"
  echo "nussinov 16000 old: $(t /tmp/on/nussinov --backend=cuda /tmp/s16000.fa)"
  echo "nussinov 16000 new: $(t /tmp/nn/nussinov --backend=cuda /tmp/s16000.fa)"
done
echo "== timed at $SECONDS s"
rm -rf generated/nussinov generated/chang generated/bpmax && cp -r .carry/seedsN/nussinov .carry/seedsN/chang .carry/seedsN/bpmax generated/
DPC_COMMIT=${DPC_COMMIT:-wip} timeout 260 tests/gpu/run.sh $O/gpu > /dev/null 2>&1; echo "run.sh rc=$?"
tail -4 $O/gpu/gpu-verification.log
echo "== seed suite done at $SECONDS s"
timeout $((580 - SECONDS)) tests/gpu/run-corpus.sh .carry/genN2 $O/corpus > /dev/null 2>&1; echo "run-corpus rc=$?"
tail -30 $O/corpus/gpu-corpus-verification.log | grep -E "SUMMARY|FAIL|memcheck" | head -20
echo "== all done at $SECONDS s"
