#!/usr/bin/env bash
# Device run 32: the kept sweep (main after 59e674f). Builds the corpus
# (.carry/exp/A) and the strip edge-case folders (.carry/gen);
# 1. strip edge cases, batch JSON == OpenMP, corpus verification;
# 2. ncu of the sweep kernel (sw_local 10000^2): scheduler, warp states,
#    instructions, the top stall locations;
# 3. corpus benchmark rows of the alignment family (CUDA and OpenMP, 16 threads).
set -u
cd "$(dirname "$0")/../.."
O=${OUT:-/tmp/o}; mkdir -p $O
E=.carry/exp
b() { cmake -S $1 -B $1/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && cmake --build $1/build -j 3 >/dev/null 2>&1 || echo BUILD FAIL $1; }
export -f b
ls -d $E/A/*/ .carry/gen/suffix/ .carry/gen/twotab/ | xargs -P 8 -I{} bash -c 'b {}'
python3 - <<PY
import random
r = random.Random(7)
for n in (1, 2, 31, 63, 64, 65, 127, 128, 129, 200, 1000, 3001):
    open("$O/r%d.fa" % n, "w").write(">r%d\n%s\n" % (n, "".join(r.choice("ACGT") for _ in range(n))))
r = random.Random(5)
def seq(n): return "".join(r.choice("ACGT") for _ in range(n))
with open("$O/small.fa","w") as f:
    for i in range(30): f.write(">a%d\n%s\n>b%d\n%s\n" % (i, seq(r.randint(1,700)), i, seq(r.randint(1,700))))
PY
for r in sw_local gotoh lcs editdist banded; do
  $E/A/$r/build/$r --backend=openmp --json $O/small.fa > $O/$r.omp
  $E/A/$r/build/$r --backend=cuda --verify --json $O/small.fa > $O/$r.cu 2>$O/e.txt; echo "$r verify 30 pairs rc=$? $(head -c 200 $O/e.txt)"; cmp $O/$r.omp $O/$r.cu && echo "$r batch json == openmp"
done
ok=0; bad=0
for rec in suffix twotab; do for n in 1 2 31 64 65 128 129 1000 3001; do for m in 1 63 127 129 200 3001; do
  if .carry/gen/$rec/build/$rec --backend=cuda --verify --in a=@$O/r$n.fa --in b=@$O/r$m.fa > $O/v.txt 2>&1; then ok=$((ok+1)); else bad=$((bad+1)); echo "VERIFY FAIL $rec $n $m: $(head -c 300 $O/v.txt)"; fi
done; done; done
echo "strip edge cases: $ok verified, $bad failed"
tests/gpu/run-corpus.sh --backend=cuda $E/A $O/corpus > $O/corpus.txt 2>&1; echo "run-corpus rc=$? $(tail -1 $O/corpus.txt)"
grep FAIL $O/corpus.txt | head
cp $O/corpus/gpu-corpus-verification.log $O/corpus-verification.log 2>/dev/null
rm -rf $O/corpus $O/*.omp $O/*.cu $O/r*.fa $O/v.txt $O/small.fa
A="--in a=@.carry/in/a10k.fa --in b=@.carry/in/b10k.fa"
ncu --kernel-name regex:dpc_kernel0 --launch-count 1 --section SpeedOfLight --section Occupancy --section WarpStateStats --section LaunchStats --section SchedulerStats --section InstructionStats --section SourceCounters $E/A/sw_local/build/sw_local --backend=cuda $A > $O/ncu-sweep-sw_local-10k.txt 2>&1
grep -E "Duration|Achieved Occupancy|Block Size|Grid Size|Registers Per|Issued Warp|No Eligible|Eligible Warps|Active Warps Per|Warp Cycles Per Issued|Executed Instructions  " $O/ncu-sweep-sw_local-10k.txt | head -20
python3 tests/bench/run.py --corpus $E/A --gpu --threads 16 --repeat 2 --budget 40 --commit ${DPC_COMMIT:-wip} \
  --only 'sw_local|gotoh|lcs|editdist|banded' --out $O/bench > $O/bench.log 2>&1; echo "bench rc=$?"
cp $O/bench/*.md $O/ 2>/dev/null; rm -rf $O/bench
tail -12 $O/bench.log
