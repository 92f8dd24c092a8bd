#!/usr/bin/env bash
# Call 2: the rows x vectors CPU tile products with k in chunks (lowering:
# CpuBlock::KChunk, 128 KiB of Y per chunk; EmitOpenMP prints the chunk
# loop outside the blocks of rows).
#   1. a/b: generated/ of the last commit (.carry/old) and the regenerated
#      folders, OpenMP on 16 threads: BPMax N = M = 96 and 128 (products
#      0, 1, 3 and 4 are chunked), alternating, outputs compared;
#   2. the benchmark runner: Nussinov and Chang at n = 4000 and 8000
#      (generated OpenMP beside omp2), BPMax 96 and 128 (generated OpenMP
#      beside bpmax-omp), with the measured peaks.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call2.log) 2>&1
C=${DPC_COMMIT:-work}
P=
for d in .carry/old/generated/bpmax generated/bpmax generated/nussinov generated/chang; do
  ( cmake -S $d -B $d/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DDPC_ENABLE_CUDA=OFF >/dev/null 2>&1 &&
    ninja -C $d/build >/dev/null 2>&1 || echo "BUILD FAIL $d" ) & P+=" $!"
done
wait $P
echo built at $SECONDS s
OLD=.carry/old/generated/bpmax/build/bpmax NEW=generated/bpmax/build/bpmax
python3 - <<'PY'
import random
r = random.Random(7)
for n in (48, 96, 128):
    open(f"/tmp/bp{n}.fa", "w").write("".join(f">{c}\n" + "".join(r.choice("ACGU") for _ in range(n)) + "\n" for c in "ab"))
PY
$NEW /tmp/bp48.fa --backend=openmp --threads 16 --verify 2>&1 | tail -1
for n in 96 128; do
  for rep in 1 2; do
    for v in OLD NEW; do
      b=${!v}
      $b /tmp/bp$n.fa --backend=openmp --threads 16 --timing > $OUT/$v-$n.txt 2> /dev/null
      echo "ab $v n=$n rep=$rep $(grep -E '^time' $OUT/$v-$n.txt | head -1)"
    done
    cmp -s <(grep -v '^time' $OUT/OLD-$n.txt) <(grep -v '^time' $OUT/NEW-$n.txt) && echo "n=$n outputs equal" || echo "n=$n OUTPUTS DIFFER"
  done
done
timeout 400 python3 tests/bench/run.py --out $OUT/bench --commit $C --no-gpu --recurrences nussinov,chang,bpmax \
  --cpu-sizes 4000,8000 --bpmax-sizes 96,128 --threads 16 --repeat 3 \
  --only '(nussinov|chang)/(generated/openmp|omp2)|bpmax/(generated/openmp|bpmax-omp)' > $OUT/bench.log 2>&1; echo "bench rc=$?"
grep -E "^\| (nussinov|chang|bpmax|peak)" $OUT/bench/results.md | head -24
echo "== all done at $SECONDS s"
