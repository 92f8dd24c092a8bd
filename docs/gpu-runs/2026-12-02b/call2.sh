#!/usr/bin/env bash
# Call 2 (2026-12-02, thirty-first session): BPMax N = M = 128, where its
# table time goes, by leaving stages out as call 1 did for Nussinov: as
# generated; the double reduction's split-over-k product (dpc_product2)
# with an empty body; F's tile kernel (dpc_kernel2) empty; both empty.
# The variants' answers are meaningless; only the compute seconds count.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call2.log) 2>&1
W=/tmp/var2; rm -rf $W; mkdir -p $W
P=
r=bpmax
for v in full noprod2 nokernel2 none; do
  d=$W/$r-$v; cp -r generated/$r $d; rm -rf $d/build
  python3 - $d/${r}_cuda.cu <<'PY'
import sys
p = sys.argv[1]; s = open(p).read()
def skip(s, name, macro):
    i = 0; n = 0
    while True:
        i = s.find(name + "(", i)
        if i < 0: return s, n
        j = s.find(")", i); b = s.find("{", j)
        if "__global__" in s[max(0, i - 200):i] and ";" not in s[j:b]:
            s = s[:b + 1] + "\n#ifdef %s\n  return;\n#endif\n" % macro + s[b + 1:]; n += 1
        i = b + 1
s, a = skip(s, "dpc_product2", "DPC_SKIP_PROD2")
s, b = skip(s, "dpc_kernel2", "DPC_SKIP_K2")
open(p, "w").write(s); print(p, "product2", a, "kernel2", b)
PY
  case $v in full) F="";; noprod2) F="-DDPC_SKIP_PROD2";; nokernel2) F="-DDPC_SKIP_K2";; none) F="-DDPC_SKIP_PROD2 -DDPC_SKIP_K2";; esac
  ( cmake -S $d -B $d/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 "-DCMAKE_CUDA_FLAGS=$F" >/dev/null 2>&1 &&
    ninja -C $d/build $r >/dev/null 2>&1 || echo "BUILD FAIL $d" ) & P+=" $!"
done
wait $P; echo "built at $SECONDS s"
S=$(python3 -c "
import random; r = random.Random(128); print(''.join(r.choice('ACGU') for _ in range(128)))")
for v in full noprod2 nokernel2 none; do
  for k in 1 2 3; do
    t=$($W/$r-$v/build/$r --in seq1=$S --in seq2=$S --events=none --timing --backend=cuda 2>&1 >/dev/null | grep -o "compute [0-9.]* s" | head -1)
    echo "$r $v run $k: $t"
  done
done
echo "== done at $SECONDS s"
