#!/usr/bin/env bash
# Call 3 (2026-11-29c). (a) Issue 11: the runner's batch report (2000 RNAs
# through generated/nussinov, CUDA and OpenMP; the database search through
# .carry/C/sw_local, compiled by this tree: 128 x 128 strips, 4 rows a
# lane). (b) Issue 12: the runner's one-run report (Nussinov, Chang at
# 16000 beside li-blocked and the plosone peer, BPMax 128), main's
# generated/ (0f79a76 and after: the int32 offsets). (c) What a CUDA
# process's exit costs (exit_cost.cu; nussinov at 100 and 16000 with the
# LD_PRELOAD probe).
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call3.log) 2>&1
COMMIT=${COMMIT:-HEAD}
nvidia-smi --query-gpu=name --format=csv,noheader
P=
for d in .carry/C/sw_local generated/nussinov generated/chang generated/bpmax; do r=$(basename $d)
  ( cmake -S $d -B $d/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    ninja -C $d/build $r >/dev/null 2>&1 || echo "BUILD FAIL $d" ) & P+=" $!"
done
gcc -shared -fPIC -O2 -o /tmp/probe.so docs/gpu-runs/2026-11-29c/exit_probe.c || echo "probe build failed"
nvcc -arch=sm_90 -O2 -o /tmp/exit_cost docs/gpu-runs/2026-11-29c/exit_cost.cu || echo "exit_cost build failed"
wait $P; echo "built at $SECONDS s"
# (c) the exit's cost
python3 -c "
import random; r = random.Random(5)
for n in (100, 16000):
    open('/tmp/s%d.fa' % n, 'w').write('>s\n%s\n' % ''.join(r.choice('ACGU') for _ in range(n)))"
for rep in 1 2; do
  for a in "0" "1024" "1024 free" "1024 reset" "8192"; do
    s=$EPOCHREALTIME; /tmp/exit_cost $a 2> /tmp/e.txt; e=$EPOCHREALTIME
    echo "$(cat /tmp/e.txt); outside $(python3 -c "print(round($e - $s, 3))") s"
  done
  for n in 100 16000; do
    s=$EPOCHREALTIME; LD_PRELOAD=/tmp/probe.so generated/nussinov/build/nussinov --backend=cuda --in seq=@/tmp/s$n.fa --timing --json > /tmp/o.txt 2> /tmp/e.txt; e=$EPOCHREALTIME
    python3 - $s $e $n <<'PY'
import re, sys
s, e, n = float(sys.argv[1]), float(sys.argv[2]), sys.argv[3]
t = open('/tmp/e.txt').read()
st = float(re.search(r'probe: start ([0-9.]+)', t).group(1)); ex = float(re.search(r'probe: exit ([0-9.]+)', t).group(1))
w = re.search(r'wall ([0-9.]+) s = (.*)', t)
print('nussinov %s: outside %.3f s = load %.3f + main %.3f + exit %.3f; inside: %s' % (n, e - s, st - s, ex - st, e - ex, w.group(2)))
PY
  done
done
# (a) the batch report
timeout 400 python3 tests/bench/run.py --batch --corpus .carry/C --gpu --threads 16 --repeat 3 \
  --out /tmp/batch --commit $COMMIT > $OUT/batch.log 2>&1; echo "batch runner rc $? at $SECONDS s"
cp /tmp/batch/results.md $OUT/batch-results.md; cp /tmp/batch/results.csv $OUT/batch-results.csv
# (b) issue 12's report
timeout 300 python3 tests/bench/run.py --out /tmp/bench --commit $COMMIT --cuda-only \
  --recurrences nussinov,chang,bpmax --gpu-sizes 16000 --bpmax-sizes 128 --repeat 3 \
  --plosone-src .carry/plosone/nussinov.cu \
  --only '(nussinov|chang)/(generated|li-blocked|plosone)/cuda|bpmax/generated/cuda' > $OUT/bench.log 2>&1; echo "bench rc=$? at $SECONDS s"
cp /tmp/bench/results.md $OUT/bench-results.md; cp /tmp/bench/results.csv $OUT/bench-results.csv
grep -E "^\| (rna|sw-db)" $OUT/batch-results.md
grep -E "^\| (nussinov|chang|bpmax)" $OUT/bench-results.md | head -8
echo "== done at $SECONDS s"
