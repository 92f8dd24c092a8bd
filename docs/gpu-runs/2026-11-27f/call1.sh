#!/usr/bin/env bash
# Call 1: U(T) as one convex set where it is one (Poly/Isl convexIfExact in
# SplitReductions: Chang's U(T) was a union equal to one interval, so the
# product loops, the remainders and the whole-box conditions change for
# nussinov, chang and bpmax on both targets), and the CPU rows with pushes
# for Chang (Y reads CT, a copy of C: the rows read C's source row):
#   1. the GPU suite (tests/gpu/run.sh: every case with --verify, tracebacks,
#      memcheck/racecheck, Nussinov and Chang at 16000) on the new folders;
#   2. OpenMP --verify of the new chang at several sizes, outputs against
#      main's folders (.carry/main, HEAD d475571) at 8000;
#   3. a/b OpenMP Chang and Nussinov 8000 on 16 threads, alternating;
#   4. the runner's Nussinov and Chang OpenMP rows beside omp2, with the peak.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call1.log) 2>&1
C=${DPC_COMMIT:-work}
bash tests/gpu/run.sh $OUT/gpu > $OUT/gpu-suite.log 2>&1; echo "gpu suite rc=$?"
tail -25 $OUT/gpu-suite.log
P=
for d in generated/nussinov generated/chang .carry/main/generated/nussinov .carry/main/generated/chang; do
  ( cmake -S $d -B $d/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DDPC_ENABLE_CUDA=OFF >/dev/null 2>&1 &&
    ninja -C $d/build >/dev/null 2>&1 || echo "BUILD FAIL $d" ) & P+=" $!"
done
wait $P
python3 - <<'PY'
import random
r = random.Random(1)
for n in (2, 3, 63, 64, 65, 129, 300, 1500, 4000, 8000):
    open(f"/tmp/s{n}.fa", "w").write(">r\n" + "".join(r.choice("ACGU") for _ in range(n)) + "\n")
PY
for n in 2 3 63 64 65 129 300 1500; do echo -n "chang $n: "; generated/chang/build/chang /tmp/s$n.fa --backend=openmp --verify --events=none --threads 16 2>&1 | grep verify; done
for r in chang nussinov; do
cmp <(generated/$r/build/$r /tmp/s8000.fa --backend=openmp --threads 16) <(.carry/main/generated/$r/build/$r /tmp/s8000.fa --backend=openmp --threads 16) && echo "$r 8000 structures equal"
done
t() { $1 $2 --backend=openmp --events=none --threads $3 --timing 2>&1 | awk '/^time:/{print $2}'; }
declare -A R
for rep in 1 2 3 4; do
  for v in generated .carry/main/generated; do
    R[$v-chang-8000-16]+=" $(t $v/chang/build/chang /tmp/s8000.fa 16)"
    R[$v-nussinov-8000-16]+=" $(t $v/nussinov/build/nussinov /tmp/s8000.fa 16)"
  done
done
for k in $(echo ${!R[@]} | tr ' ' '\n' | sort); do echo "$k:${R[$k]}"; done
timeout 240 python3 tests/bench/run.py --out $OUT/bench --commit $C --no-gpu --recurrences nussinov,chang \
  --cpu-sizes 8000 --threads 16 --repeat 3 \
  --only '(nussinov|chang)/(generated/openmp|omp2)' > $OUT/bench.log 2>&1; echo "bench rc=$?"
grep -E "^\| (nussinov|chang|peak)" $OUT/bench/results.md | head -12
echo "== all done at $SECONDS s"
