#!/usr/bin/env bash
# Call 2 (2026-11-28d): call 1's steps 3 and 4 (call 1 ran out of its 600 s
# after the two suites): --verify at n = 3000 and bpmax 300 x 300 on the
# new folders (build-gpu/, built by call 1's suite), --explain, and the A/B
# of compute seconds (SKIP_VERIFY=1: no verify; BPN: bpmax's length), main's folders (.carry/A, int32) against the new ones.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
for d in .carry/A/generated/nussinov .carry/A/generated/chang .carry/A/generated/bpmax; do
  [ -x $d/build/$(basename $d) ] || (cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && cmake --build $d/build -j 5 >/dev/null 2>&1 || echo "BUILD FAIL $d") &
done
wait
python3 - <<'PY'
import random
r = random.Random(7)
for n in (300, 1000, 3000, 16000):
    open('/tmp/s%d.fa' % n, 'w').write('>r\n' + ''.join(r.choice('ACGU') for _ in range(n)) + '\n')
PY
[ -z "${SKIP_VERIFY:-}" ] && for r in nussinov chang; do echo "verify $r 3000: $(build-gpu/$r/$r /tmp/s3000.fa --backend=cuda --verify --events=none 2>&1 | grep -io 'verif[a-z]*[: ].*' | head -1)"; done
S3=$(sed -n 2p /tmp/s300.fa)
[ -z "${SKIP_VERIFY:-}" ] && echo "verify bpmax 300x300: $(build-gpu/bpmax/bpmax --in seq1=$S3 --in seq2=$(echo $S3 | rev) --backend=cuda --verify --events=none 2>&1 | grep -io 'verif[a-z]*[: ].*' | head -1)"
build-gpu/nussinov/nussinov /tmp/s16000.fa --explain | grep "tile product 0:"
c() { "$@" --backend=cuda --events=none --timing 2>&1 | grep -o "compute [0-9.]*" | awk '{print $2}'; }
o() { "$@" --backend=cuda --events=none 2>&1 | head -1; }
S=$(sed -n 2p /tmp/s1000.fa | cut -c1-${BPN:-1000})
for rep in 1 2 3; do
  for r in nussinov chang; do
    echo "$r 16000 A $(c .carry/A/generated/$r/build/$r /tmp/s16000.fa) B $(c build-gpu/$r/$r /tmp/s16000.fa)"
  done
  echo "bpmax ${BPN:-1000}x${BPN:-1000} A $(c .carry/A/generated/bpmax/build/bpmax --in seq1=$S --in seq2=$S) B $(c build-gpu/bpmax/bpmax --in seq1=$S --in seq2=$S)"
done
for r in nussinov chang; do echo "$r output A $(o .carry/A/generated/$r/build/$r /tmp/s16000.fa) B $(o build-gpu/$r/$r /tmp/s16000.fa)"; done
echo "bpmax output A $(o .carry/A/generated/bpmax/build/bpmax --in seq1=$S --in seq2=$S) B $(o build-gpu/bpmax/bpmax --in seq1=$S --in seq2=$S)"
