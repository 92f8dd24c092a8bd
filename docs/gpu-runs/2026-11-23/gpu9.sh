#!/usr/bin/env bash
# Device run 11: what limits the strip kernel (sw_local): hand-edited variants
# (__ldg inputs; plain int32 arithmetic, no checks) and an ncu profile.
set -u
cd "$(dirname "$0")/.."
O=${OUT:-/tmp/o}; mkdir -p $O
for v in .carry/var/sw_ldg .carry/var/sw_fast .carry/corpus/sw_local; do
 [ -x $v/build/sw_local ] || { cmake -S $v -B $v/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && cmake --build $v/build -j 8 >/dev/null 2>&1 || echo BUILD FAIL $v; } &
done; wait
t() { echo "$1: $(shift; "$@" --timing --json 2>&1 | grep -o '"output":[0-9-]*\|"seconds":[0-9.]*\|error.*' | tr '\n' ' ')"; }
A="--in a=@.carry/in/a30k.fa --in b=@.carry/in/b30k.fa"
for v in .carry/corpus/sw_local .carry/var/sw_ldg .carry/var/sw_fast; do t "$v 30000" $v/build/sw_local --backend=cuda $A; t "$v 30000 verify" $v/build/sw_local --backend=cuda --verify --in a=@.carry/in/a10k.fa --in b=@.carry/in/b10k.fa; done
A10="--in a=@.carry/in/a10k.fa --in b=@.carry/in/b10k.fa"
ncu --kernel-name regex:dpc_kernel0 --launch-skip 60 --launch-count 1 --section SpeedOfLight --section Occupancy --section WarpStateStats --section LaunchStats --section SchedulerStats --section InstructionStats .carry/corpus/sw_local/build/sw_local --backend=cuda $A10 > $O/ncu-base.txt 2>&1
ncu --kernel-name regex:dpc_kernel0 --launch-skip 60 --launch-count 1 --section SpeedOfLight --section WarpStateStats --section SchedulerStats --section InstructionStats .carry/var/sw_fast/build/sw_local --backend=cuda $A10 > $O/ncu-fast.txt 2>&1
for f in base fast; do echo "== $f"; grep -E "Duration|Achieved Occupancy|Stall|Issued Warp|No Eligible|Eligible Warps|Warp Cycles Per Issued|Executed Instructions  " $O/ncu-$f.txt | head -24; done
