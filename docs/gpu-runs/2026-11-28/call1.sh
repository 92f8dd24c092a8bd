#!/usr/bin/env bash
# Call 1 (2026-11-28): where the GPU time of Nussinov and Chang at n = 16000
# goes, by leaving one stage out (HOPPER.md: no counters needed), on copies
# of generated/ at 82ab510 (.carry/var/<variant>/<recurrence>):
#   base   as generated;
#   norem  the tile kernel's remainder loops off (if (false)): its in-tile
#          phase keeps its anti-diagonal steps and barriers, not the k loops;
#   noprod the split-product launch off: the tile kernel alone;
#   p3     the product kernel at 3 blocks per SM (launch bounds and parts):
#          80 registers, 304 bytes of spills (ptxas, here).
# Answers of norem/noprod are wrong by construction (timing only).
# Then base at n = 32000 and 64000 (--timing: wall, max RSS; the table's
# device bytes from the storage map: C_size).
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call1.log) 2>&1
nvidia-smi --query-gpu=name,memory.total,clocks.sm --format=csv,noheader
P=
for v in base norem noprod p3; do for r in nussinov chang; do d=.carry/var/$v/$r
  ( cmake -S $d -B $d/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    ninja -C $d/build $r >/dev/null 2>&1 || echo "BUILD FAIL $d" ) & P+=" $!"
done; done
wait $P
echo "builds done at $SECONDS s"
python3 - <<'PY'
import random
r = random.Random(1)
for n in (300, 16000, 32000, 64000):
    open(f"/tmp/s{n}.fa", "w").write(">r\n" + "".join(r.choice("ACGU") for _ in range(n)) + "\n")
PY
for r in nussinov chang; do for v in base p3; do echo -n "$v $r 300: "; .carry/var/$v/$r/build/$r /tmp/s300.fa --backend=cuda --verify --events=none 2>&1 | grep -i verify; done; done
for r in nussinov chang; do
cmp <(.carry/var/base/$r/build/$r /tmp/s16000.fa --backend=cuda) <(.carry/var/p3/$r/build/$r /tmp/s16000.fa --backend=cuda) && echo "$r 16000 p3 = base"
done
t() { $1 $2 --backend=cuda --events=none --timing 2>&1 | grep -o "compute [0-9.]*" | awk '{print $2}'; }
declare -A R
for rep in 1 2 3; do
  for v in base norem noprod p3; do for r in nussinov chang; do
    R[$r-$v]+=" $(t .carry/var/$v/$r/build/$r /tmp/s16000.fa)"
  done; done
done
for k in $(echo ${!R[@]} | tr ' ' '\n' | sort); do echo "$k:${R[$k]}"; done
for n in 32000 64000; do for r in nussinov chang; do
  echo "== $r $n"; /usr/bin/time -f "process %e s, max RSS %M KB" timeout 120 .carry/var/base/$r/build/$r /tmp/s$n.fa --backend=cuda --timing 2>&1 | tail -3 | cut -c1-400
done; done
nvidia-smi --query-gpu=memory.used --format=csv,noheader
echo "== all done at $SECONDS s"
