#!/usr/bin/env bash
# Call 8 (2026-11-29c): the split-over-k product's accumulator read in place
# from its global slot (GpuProduct::AccInPlace): Nussinov's tile kernel
# 69 856 -> 53 472 bytes of shared memory, so its four-block instance
# applies to steps of many tiles (a batch). A = HEAD's generated/ (e194644),
# B = this tree's. GPU suite on B; A/B: nussinov and chang 16000, bpmax 128,
# the 2000-RNA batch (CUDA; OpenMP of B beside it), 3 runs each.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call8.log) 2>&1
P=
for r in nussinov chang bpmax; do for d in .carry/A/generated/$r generated/$r; do
  ( cmake -S $d -B $d/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    ninja -C $d/build $r >/dev/null 2>&1 || echo "BUILD FAIL $d" ) & P+=" $!"
done; done
python3 - <<'PY'
import random
rnd = random.Random(1)
lens = [rnd.randint(50, 400) for _ in range(2000)]
with open("/tmp/rna2000.fa", "w") as f:
    for i, n in enumerate(lens):
        f.write(">r%d\n%s\n" % (i, "".join(rnd.choice("ACGU") for _ in range(n))))
r = random.Random(5)
open('/tmp/s16000.fa', 'w').write('>s\n%s\n' % ''.join(r.choice('ACGU') for _ in range(16000)))
open('/tmp/b128.txt', 'w').write(''.join(r.choice('ACGU') for _ in range(128)))
PY
wait $P; echo "built at $SECONDS s"
S=$(cat /tmp/b128.txt)
run() { # variant dir, recurrence, args...
  local d=$1 r=$2; shift 2
  $d/$r/build/$r "$@" --timing 2>&1 >/tmp/o.txt | grep -o 'compute [0-9.]*' | tr '\n' ' '
  echo "md5 $(sed -E 's/"seconds":[0-9.eE+-]+//g' /tmp/o.txt | md5sum | cut -c1-8)"
}
for rep in 1 2 3; do for v in A B; do d=generated; [ $v = A ] && d=.carry/A/generated
  echo "nussinov16000 $v: $(run $d nussinov --backend=cuda --json /tmp/s16000.fa)"
  echo "chang16000 $v: $(run $d chang --backend=cuda --json /tmp/s16000.fa)"
  echo "bpmax128 $v: $(run $d bpmax --backend=cuda --json --in seq1=$S --in seq2=$S)"
  echo "rna2000 $v: $(run $d nussinov --backend=cuda --json /tmp/rna2000.fa)"
done; echo "rna2000 B openmp16: $(run generated nussinov --backend=openmp --threads 16 --json /tmp/rna2000.fa)"; done
bash tests/gpu/run.sh /tmp/gpu > $OUT/call8-gpu.out 2>&1; echo "gpu suite rc $? at $SECONDS s"
tail -4 $OUT/call8-gpu.out
echo "== done at $SECONDS s"
