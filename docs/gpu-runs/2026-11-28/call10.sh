#!/usr/bin/env bash
# Call 10 (2026-11-28): as call 7, on the final overlap form (the main stream at the highest priority, the older part in 32 parts a tile on a side stream of the lowest); the split products' older part on a second stream
# (GpuKernel::Overlap, dpc_rt::StepOverlap: the k whose reads lie two
# wavefront steps back or more run beside the previous step's tile kernel;
# generated/ regenerated, NEW) against main at 2bd03c8 (.carry/var7/base,
# OLD): the GPU suite on NEW (verify, tracebacks, memcheck, racecheck);
# --verify at small sizes; outputs compared at 16000 / the batch / BPMax;
# CUDA compute a/b, 3 runs alternating.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call10.log) 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader
bash tests/gpu/run.sh $OUT/gpu > $OUT/gpu-suite.log 2>&1; echo "gpu suite rc=$?"
tail -12 $OUT/gpu-suite.log
P=
for r in nussinov chang bpmax; do d=.carry/var7/base/$r
  ( cmake -S $d -B $d/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    ninja -C $d/build $r >/dev/null 2>&1 || echo "BUILD FAIL $d" ) & P+=" $!"
done
wait $P
echo "builds done at $SECONDS s"
bin() { case $1 in NEW) echo build-gpu/$2/$2;; OLD) echo .carry/var7/base/$2/build/$2;; esac; }
python3 - <<'PY'
import random
r = random.Random(1)
for n in (2, 3, 63, 64, 65, 127, 129, 200, 300, 700, 16000):
    open(f"/tmp/s{n}.fa", "w").write(">r\n" + "".join(r.choice("ACGU") for _ in range(n)) + "\n")
rnd = random.Random(11)
with open('/tmp/rna.fa','w') as f:
    for i in range(2000):
        n = rnd.randint(50, 400)
        f.write('>r%d\n%s\n' % (i, ''.join(rnd.choice('ACGU') for _ in range(n))))
r = random.Random(5)
for n in (5, 17, 33, 64, 96):
    open(f"/tmp/b{n}a.txt", "w").write("".join(r.choice("ACGU") for _ in range(n)))
    open(f"/tmp/b{n}b.txt", "w").write("".join(r.choice("ACGU") for _ in range(n + 3)))
PY
for v in NEW; do
  for r in nussinov chang; do for n in 2 3 63 64 65 127 129 200 300 700; do
    echo "$v $r $n: $($(bin $v $r) /tmp/s$n.fa --backend=cuda --verify --events=none 2>&1 | grep -o 'verify: [a-z]*' )"; done; done | sort | uniq -c | awk '{print}' | grep -v "verify: ok" ; echo "$v nussinov/chang verify done"
  for n in 5 17 33; do echo "$v bpmax $n: $($(bin $v bpmax) --in seq1=$(cat /tmp/b${n}a.txt) --in seq2=$(cat /tmp/b${n}b.txt) --backend=cuda --verify --events=none 2>&1 | grep -o 'verify: [a-z]*')"; done
done
for v in NEW; do
  for r in nussinov chang; do cmp <($(bin OLD $r) /tmp/s16000.fa --backend=cuda) <($(bin $v $r) /tmp/s16000.fa --backend=cuda) && echo "$v $r 16000 structures equal"; done
  cmp <($(bin OLD nussinov) /tmp/rna.fa --backend=cuda --json | sed 's/,"seconds":[0-9.e+-]*//') <($(bin $v nussinov) /tmp/rna.fa --backend=cuda --json | sed 's/,"seconds":[0-9.e+-]*//') && echo "$v rna2000 equal"
  for n in 64 96; do A="--in seq1=$(cat /tmp/b${n}a.txt) --in seq2=$(cat /tmp/b${n}b.txt)"
    cmp <($(bin OLD bpmax) $A --backend=cuda) <($(bin $v bpmax) $A --backend=cuda) && echo "$v bpmax $n equal"; done
done
c() { "$@" --backend=cuda --events=none --timing 2>&1 | grep -o "compute [0-9.]*" | awk '{print $2}'; }
declare -A R
for rep in 1 2 3; do
  for v in OLD NEW; do
    for r in nussinov chang; do R[$r-16000-$v]+=" $(c $(bin $v $r) /tmp/s16000.fa)"; done
    R[rna2000-$v]+=" $($(bin $v nussinov) /tmp/rna.fa --backend=cuda --timing --json 2>&1 >/dev/null | grep -o 'compute [0-9.]*' | awk '{print $2}')"
    for n in 64 96; do R[bpmax-$n-$v]+=" $(c $(bin $v bpmax) --in seq1=$(cat /tmp/b${n}a.txt) --in seq2=$(cat /tmp/b${n}b.txt))"; done
  done
done
for k in $(echo ${!R[@]} | tr ' ' '\n' | sort); do echo "$k:${R[$k]}"; done
echo "== all done at $SECONDS s"
