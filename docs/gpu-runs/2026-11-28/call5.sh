#!/usr/bin/env bash
# Call 5 (2026-11-28): the GPU's --verify catches a wrong staged read:
# copies of the regenerated folders with one planted fault each
# (.carry/sab): (a) nussinov, X's box start one column off in the in-tile
# statement; (b) chang, the piece "X from the tile's copy, Y from the staged
# box" reading Y's box index in the tile's copy. Both must fail --verify.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call5.log) 2>&1
P=
for d in .carry/sab/a/nussinov .carry/sab/b/chang; do
  ( cmake -S $d -B $d/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    ninja -C $d/build >/dev/null 2>&1 || echo "BUILD FAIL $d" ) & P+=" $!"
done
wait $P
python3 - <<'PY'
import random
r = random.Random(1)
for n in (65, 129, 300):
    open(f"/tmp/s{n}.fa", "w").write(">r\n" + "".join(r.choice("ACGU") for _ in range(n)) + "\n")
PY
for n in 65 129 300; do
  echo "sabotage a nussinov $n: $(.carry/sab/a/nussinov/build/nussinov /tmp/s$n.fa --backend=cuda --verify --events=none 2>&1 | grep -o 'verify: .*' | head -1 | cut -c1-120) rc=${PIPESTATUS[0]}"
  echo "sabotage b chang $n: $(.carry/sab/b/chang/build/chang /tmp/s$n.fa --backend=cuda --verify --events=none 2>&1 | grep -o 'verify: .*' | head -1 | cut -c1-120)"
done
echo "== all done at $SECONDS s"
