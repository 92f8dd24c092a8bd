#!/usr/bin/env bash
# Call 5: OBST's W rows (a triangle) in a dynamic schedule (MapToTarget:
# a parallel loop whose inner loops depend on its index), against b1c52df's
# folder (static): .carry/rows/{dyn,new}/obst; --verify, outputs equal,
# a/b at n = 3000 and 6000 on 16 threads, alternating.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call5.log) 2>&1
P=
for v in dyn new; do d=.carry/rows/$v/obst
  ( cmake -S $d -B $d/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DDPC_ENABLE_CUDA=OFF >/dev/null 2>&1 &&
    ninja -C $d/build >/dev/null 2>&1 || echo "BUILD FAIL $d" ) & P+=" $!"
done
wait $P
python3 - <<'PY'
import random
r = random.Random(1)
for n in (1, 2, 63, 65, 130, 700, 3000, 6000):
    open(f"/tmp/w{n}.txt", "w").write(",".join(str(r.randint(0, 99)) for _ in range(n)))
PY
for n in 1 2 63 65 130 700; do echo -n "obst $n: "; .carry/rows/dyn/obst/build/obst --in w=$(cat /tmp/w$n.txt) --backend=openmp --verify --events=none --threads 16 2>&1 | grep verify; done
cmp <(.carry/rows/dyn/obst/build/obst --in w=$(cat /tmp/w3000.txt) --backend=openmp --threads 16) <(.carry/rows/new/obst/build/obst --in w=$(cat /tmp/w3000.txt) --backend=openmp --threads 16) && echo "obst 3000 outputs equal"
declare -A R
for rep in 1 2 3 4; do
  for v in dyn new; do
    for n in 3000 6000; do
    R[$v-obst-$n-16]+=" $(.carry/rows/$v/obst/build/obst --in w=$(cat /tmp/w$n.txt) --backend=openmp --events=none --threads 16 --timing 2>&1 | awk '/^time:/{print $2}')"
    done
  done
done
for k in $(echo ${!R[@]} | tr ' ' '\n' | sort); do echo "$k:${R[$k]}"; done
echo "== all done at $SECONDS s"
