#!/usr/bin/env bash
# Call 4: the pre-pass as one loop jumping over U(T) (EmitCpuRows)
# against the folders of a287449 (.carry/main): --verify of
# nussinov, chang and bpmax (OpenMP) at several sizes, structures at 8000
# equal, a/b Nussinov and Chang at 8000 on 16 threads, alternating.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call4.log) 2>&1
P=
for d in generated/nussinov generated/chang generated/bpmax .carry/main/generated/nussinov .carry/main/generated/chang; do
  ( cmake -S $d -B $d/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DDPC_ENABLE_CUDA=OFF >/dev/null 2>&1 &&
    ninja -C $d/build >/dev/null 2>&1 || echo "BUILD FAIL $d" ) & P+=" $!"
done
wait $P
python3 - <<'PY'
import random
r = random.Random(1)
for n in (2, 3, 63, 64, 65, 129, 300, 1500, 8000):
    open(f"/tmp/s{n}.fa", "w").write(">r\n" + "".join(r.choice("ACGU") for _ in range(n)) + "\n")
r = random.Random(7)
for n in (33, 48):
    open(f"/tmp/bp{n}.fa", "w").write("".join(f">{c}\n" + "".join(r.choice("ACGU") for _ in range(n)) + "\n" for c in "ab"))
PY
for r in nussinov chang; do for n in 2 3 63 64 65 129 300 1500; do echo -n "$r $n: "; generated/$r/build/$r /tmp/s$n.fa --backend=openmp --verify --events=none --threads 16 2>&1 | grep verify; done; done
for n in 33 48; do echo -n "bpmax $n: "; generated/bpmax/build/bpmax /tmp/bp$n.fa --backend=openmp --verify --threads 16 2>&1 | grep verify; done
for r in chang nussinov; do
cmp <(generated/$r/build/$r /tmp/s8000.fa --backend=openmp --threads 16) <(.carry/main/generated/$r/build/$r /tmp/s8000.fa --backend=openmp --threads 16) && echo "$r 8000 structures equal"
done
t() { $1 $2 --backend=openmp --events=none --threads $3 --timing 2>&1 | awk '/^time:/{print $2}'; }
declare -A R
for rep in 1 2 3 4 5; do
  for v in generated .carry/main/generated; do
    R[$v-chang-8000-16]+=" $(t $v/chang/build/chang /tmp/s8000.fa 16)"
    R[$v-nussinov-8000-16]+=" $(t $v/nussinov/build/nussinov /tmp/s8000.fa 16)"
  done
done
for k in $(echo ${!R[@]} | tr ' ' '\n' | sort); do echo "$k:${R[$k]}"; done
echo "== all done at $SECONDS s"
