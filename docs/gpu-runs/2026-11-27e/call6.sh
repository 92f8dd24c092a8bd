#!/usr/bin/env bash
# Call 6: the in-tile rows with pushes in the compiler (branch cpu-rowpush:
# Lower/PlanCpuRowPush.cpp, lir::CpuRowPush; EmitOpenMP prints the rows):
#   1. --verify of the regenerated generated/nussinov and generated/bpmax at
#      several sizes, outputs against main's folders (.carry/main) at the
#      timed sizes;
#   2. a/b against main's folders: Nussinov 8000 on 16 threads and 4000 on
#      one, BPMax 96 and 128 on 16 threads, alternating;
#   3. the runner's Nussinov, Chang and BPMax OpenMP rows beside omp2 and
#      bpmax-omp, with the peaks.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call6.log) 2>&1
C=${DPC_COMMIT:-work}
P=
for d in generated/nussinov generated/bpmax generated/chang .carry/main/generated/nussinov .carry/main/generated/bpmax; do
  ( cmake -S $d -B $d/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DDPC_ENABLE_CUDA=OFF >/dev/null 2>&1 &&
    ninja -C $d/build >/dev/null 2>&1 || echo "BUILD FAIL $d" ) & P+=" $!"
done
wait $P
python3 - <<'PY'
import random
r = random.Random(1)
for n in (2, 63, 65, 129, 300, 1500, 4000, 8000):
    open(f"/tmp/s{n}.fa", "w").write(">r\n" + "".join(r.choice("ACGU") for _ in range(n)) + "\n")
r = random.Random(7)
for n in (33, 48, 96, 128):
    open(f"/tmp/bp{n}.fa", "w").write("".join(f">{c}\n" + "".join(r.choice("ACGU") for _ in range(n)) + "\n" for c in "ab"))
PY
for n in 2 63 65 129 300 1500; do generated/nussinov/build/nussinov /tmp/s$n.fa --backend=openmp --verify --events=none --threads 16 2>&1 | grep verify; done
for n in 33 48; do generated/bpmax/build/bpmax /tmp/bp$n.fa --backend=openmp --verify --threads 16 2>&1 | grep verify; done
cmp <(generated/nussinov/build/nussinov /tmp/s8000.fa --backend=openmp --threads 16) <(.carry/main/generated/nussinov/build/nussinov /tmp/s8000.fa --backend=openmp --threads 16) && echo "nussinov 8000 structures equal"
cmp <(generated/bpmax/build/bpmax /tmp/bp96.fa --backend=openmp --threads 16 | grep -v '^time') <(.carry/main/generated/bpmax/build/bpmax /tmp/bp96.fa --backend=openmp --threads 16 | grep -v '^time') && echo "bpmax 96 outputs equal"
t() { $1 $2 --backend=openmp --events=none --threads $3 --timing 2>&1 | awk '/^time:/{print $2}'; }
declare -A R
for rep in 1 2 3 4; do
  for v in generated .carry/main/generated; do
    R[$v-nussinov-8000-16]+=" $(t $v/nussinov/build/nussinov /tmp/s8000.fa 16)"
    R[$v-nussinov-4000-1]+=" $(t $v/nussinov/build/nussinov /tmp/s4000.fa 1)"
    R[$v-bpmax-96-16]+=" $(t $v/bpmax/build/bpmax /tmp/bp96.fa 16)"
  done
done
for k in $(echo ${!R[@]} | tr ' ' '\n' | sort); do echo "$k:${R[$k]}"; done
timeout 300 python3 tests/bench/run.py --out $OUT/bench --commit $C --no-gpu --recurrences nussinov,chang,bpmax \
  --cpu-sizes 4000,8000 --bpmax-sizes 96,128 --threads 16 --repeat 3 \
  --only '(nussinov|chang)/(generated/openmp|omp2)|bpmax/(generated/openmp|bpmax-omp)' > $OUT/bench.log 2>&1; echo "bench rc=$?"
grep -E "^\| (nussinov|chang|bpmax|peak)" $OUT/bench/results.md | head -24
echo "== all done at $SECONDS s"
