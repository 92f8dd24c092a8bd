#!/usr/bin/env bash
# Call 8 (2026-11-28): call 7's overlap gained nothing (the side stream's
# products fill every SM, so the tile kernel waits for their blocks).
# Variants of the regenerated folders (.carry/var8): v1, the main stream at
# the highest priority (the tile kernel's blocks are scheduled first as
# SMs free up); v2, v1 and the older part at one block per SM. Against
# generated/ (NEW, call 7's form) and main's 2bd03c8 (call 7's OLD is not
# rebuilt: .carry/var7/base).
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call8.log) 2>&1
P=
for d in .carry/var8/v1/nussinov .carry/var8/v1/chang .carry/var8/v2/nussinov .carry/var8/v2/chang .carry/var7/base/nussinov .carry/var7/base/chang generated/nussinov generated/chang; do
  r=$(basename $d)
  ( cmake -S $d -B $d/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    ninja -C $d/build $r >/dev/null 2>&1 || echo "BUILD FAIL $d" ) & P+=" $!"
done
wait $P
bin() { case $1 in NEW) echo generated/$2/build/$2;; OLD) echo .carry/var7/base/$2/build/$2;; *) echo .carry/var8/$1/$2/build/$2;; esac; }
python3 -c "
import random
r = random.Random(1)
for n in (300, 16000):
    open('/tmp/s%d.fa' % n, 'w').write('>r\n' + ''.join(r.choice('ACGU') for _ in range(n)) + '\n')"
for v in v1 v2; do for r in nussinov chang; do echo "$v $r 300: $($(bin $v $r) /tmp/s300.fa --backend=cuda --verify --events=none 2>&1 | grep -o 'verify: [a-z]*')"; done; done
c() { "$@" --backend=cuda --events=none --timing 2>&1 | grep -o "compute [0-9.]*" | awk '{print $2}'; }
declare -A R
for rep in 1 2 3; do for v in OLD NEW v1 v2; do for r in nussinov chang; do
  R[$r-$v]+=" $(c $(bin $v $r) /tmp/s16000.fa)"
done; done; done
for k in $(echo ${!R[@]} | tr ' ' '\n' | sort); do echo "$k:${R[$k]}"; done
echo "== all done at $SECONDS s"
