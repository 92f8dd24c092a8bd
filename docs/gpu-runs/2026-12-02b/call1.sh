#!/usr/bin/env bash
# Call 1 (2026-12-02, thirty-first session): where Nussinov's and Chang's
# table time at n = 16000 goes, by leaving stages out (no hardware counters
# needed; HOPPER.md's method). Four builds of each generated folder: as
# generated; the tile kernel's body empty (DPC_SKIP_TILE: its launches
# stay, the products alone); the products' bodies empty (DPC_SKIP_PROD: the
# tile kernels alone, reading the identity from the products' slots); both
# empty (the launches and the streams' waits alone). The answers of the
# variants are meaningless; only the compute seconds (--timing) count.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call1.log) 2>&1
nvidia-smi --query-gpu=name,driver_version,persistence_mode --format=csv,noheader
W=/tmp/var; rm -rf $W; mkdir -p $W
P=
for r in nussinov chang; do
  for v in full notile noprod none; do
    d=$W/$r-$v; cp -r generated/$r $d; rm -rf $d/build
    python3 - $d/${r}_cuda.cu <<'PY'
import re, sys
p = sys.argv[1]; s = open(p).read()
def skip(s, name, macro):
    # the first '{' after the kernel's parameter list opens its body
    i = 0; n = 0
    while True:
        i = s.find(name + "(", i)
        if i < 0: return s, n
        j = s.find(")", i); b = s.find("{", j)
        if "__global__" in s[max(0, i - 200):i] and ";" not in s[j:b]:
            s = s[:b + 1] + "\n#ifdef %s\n  return;\n#endif\n" % macro + s[b + 1:]; n += 1
        i = b + 1
s, a = skip(s, "dpc_kernel0", "DPC_SKIP_TILE")
s, b = skip(s, "dpc_product0", "DPC_SKIP_PROD")
open(p, "w").write(s); print(p, "tile kernels", a, "products", b)
PY
    case $v in full) F="";; notile) F="-DDPC_SKIP_TILE";; noprod) F="-DDPC_SKIP_PROD";; none) F="-DDPC_SKIP_TILE -DDPC_SKIP_PROD";; esac
    ( cmake -S $d -B $d/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 "-DCMAKE_CUDA_FLAGS=$F" >/dev/null 2>&1 &&
      ninja -C $d/build $r >/dev/null 2>&1 || echo "BUILD FAIL $d" ) & P+=" $!"
  done
done
wait $P; echo "built at $SECONDS s"
S=$(python3 -c "
import random; r = random.Random(16000); print(''.join(r.choice('ACGU') for _ in range(16000)))")
for r in nussinov chang; do
  for v in full notile noprod none; do
    for k in 1 2 3; do
      t=$($W/$r-$v/build/$r --in seq=$S --events=none --timing --backend=cuda 2>&1 >/dev/null | grep -o "compute [0-9.]* s\|batches [0-9.]* s" | head -2 | tr '\n' ' ')
      echo "$r $v run $k: $t"
    done
  done
done
echo "== done at $SECONDS s"
