#!/usr/bin/env bash
# Call 4 (issue 13, CPU): how OpenMP BPMax (generated/bpmax at this
# session's commit, the guarded register-blocked double reduction) scales
# with threads at N = M = 128 (and 96): is the 16-thread time bound by the
# cores' work or by the wavefront's parallelism?
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
d=generated/bpmax
cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release >/dev/null 2>&1 &&
  cmake --build $d/build -j 16 --target bpmax >/dev/null 2>&1 || echo "BUILD FAIL $d"
python3 - <<'PY'
import random
r = random.Random(7)
for n in (96, 128):
    open(f"/tmp/bp{n}.fa", "w").write("".join(f">{c}\n" + "".join(r.choice("ACGU") for _ in range(n)) + "\n" for c in "ab"))
PY
for n in 96 128; do
  for t in 1 2 4 8 16; do
    echo "n=$n threads=$t $($d/build/bpmax /tmp/bp$n.fa --backend=openmp --threads $t --timing 2>/dev/null | grep '^time')"
  done
done
echo "== all done at $SECONDS s"
