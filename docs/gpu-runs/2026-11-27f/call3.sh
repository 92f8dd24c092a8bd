#!/usr/bin/env bash
# Call 3: the CPU rows with pushes for the weighted Nussinov (a convex part
# of U(T), Poly/Isl convexCore) and OBST (int64), against folders of the
# same recurrences compiled by main's dpc at d475571 (per cell in the
# tile): .carry/rows/{new,old}/{nussinov_weighted,obst} (dpc compile of
# recurrences/*.dp). OpenMP --verify of the new ones at several sizes,
# outputs equal at the timed sizes, a/b on 16 threads alternating.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call3.log) 2>&1
P=
for v in new old; do for r in nussinov_weighted obst; do d=.carry/rows/$v/$r
  ( cmake -S $d -B $d/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DDPC_ENABLE_CUDA=OFF >/dev/null 2>&1 &&
    ninja -C $d/build >/dev/null 2>&1 || echo "BUILD FAIL $d" ) & P+=" $!"
done; done
wait $P
python3 - <<'PY'
import random
r = random.Random(1)
for n in (5, 63, 65, 130, 700, 8000):
    open(f"/tmp/s{n}.fa", "w").write(">r\n" + "".join(r.choice("ACGU") for _ in range(n)) + "\n")
for n in (1, 2, 63, 65, 130, 700, 3000):
    open(f"/tmp/w{n}.txt", "w").write(",".join(str(r.randint(0, 99)) for _ in range(n)))
PY
N=.carry/rows/new; O=.carry/rows/old
for n in 5 63 65 130 700; do echo -n "nussinov_weighted $n: "; $N/nussinov_weighted/build/nussinov_weighted /tmp/s$n.fa --backend=openmp --verify --events=none --threads 16 2>&1 | grep verify; done
for n in 1 2 63 65 130 700; do echo -n "obst $n: "; $N/obst/build/obst --in w=$(cat /tmp/w$n.txt) --backend=openmp --verify --events=none --threads 16 2>&1 | grep verify; done
cmp <($N/nussinov_weighted/build/nussinov_weighted /tmp/s8000.fa --backend=openmp --threads 16) <($O/nussinov_weighted/build/nussinov_weighted /tmp/s8000.fa --backend=openmp --threads 16) && echo "nussinov_weighted 8000 outputs equal"
cmp <($N/obst/build/obst --in w=$(cat /tmp/w3000.txt) --backend=openmp --threads 16) <($O/obst/build/obst --in w=$(cat /tmp/w3000.txt) --backend=openmp --threads 16) && echo "obst 3000 outputs equal"
declare -A R
for rep in 1 2 3 4; do
  for v in new old; do
    R[$v-nussinov_weighted-8000-16]+=" $(.carry/rows/$v/nussinov_weighted/build/nussinov_weighted /tmp/s8000.fa --backend=openmp --events=none --threads 16 --timing 2>&1 | awk '/^time:/{print $2}')"
    R[$v-obst-3000-16]+=" $(.carry/rows/$v/obst/build/obst --in w=$(cat /tmp/w3000.txt) --backend=openmp --events=none --threads 16 --timing 2>&1 | awk '/^time:/{print $2}')"
  done
done
for k in $(echo ${!R[@]} | tr ' ' '\n' | sort); do echo "$k:${R[$k]}"; done
echo "== all done at $SECONDS s"
