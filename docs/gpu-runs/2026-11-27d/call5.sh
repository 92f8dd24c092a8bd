#!/usr/bin/env bash
# Call 5 (issue 13, CPU): the guarded packs printed once, as a lambda (always
# inlined) called by each k loop of the product. a/b, 16 threads:
# A = the folder of commit d322f85 (.carry/bpA), B = the working tree's
# generated/bpmax (the lambda); outputs compared.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
for d in .carry/bpA/generated/bpmax generated/bpmax; do
  cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 -DDPC_NO_CUDA=1 >/dev/null 2>&1 &&
    cmake --build $d/build -j 16 --target bpmax >/dev/null 2>&1 || echo "BUILD FAIL $d"
done
A=.carry/bpA/generated/bpmax/build/bpmax B=generated/bpmax/build/bpmax
python3 - <<'PY'
import random
r = random.Random(7)
for n in (96, 128):
    open(f"/tmp/bp{n}.fa", "w").write("".join(f">{c}\n" + "".join(r.choice("ACGU") for _ in range(n)) + "\n" for c in "ab"))
PY
for n in 96 128; do
  for rep in 1 2 3; do
    for v in A B; do
      b=${!v}
      $b /tmp/bp$n.fa --backend=openmp --threads 16 --timing > $OUT/$v-$n.txt 2>/dev/null
      echo "ab $v n=$n rep=$rep $(grep -E '^time' $OUT/$v-$n.txt)"
    done
  done
  cmp -s <(grep -v '^time' $OUT/A-$n.txt) <(grep -v '^time' $OUT/B-$n.txt) && echo "n=$n outputs equal" || echo "n=$n OUTPUTS DIFFER"
done
echo "== all done at $SECONDS s"
