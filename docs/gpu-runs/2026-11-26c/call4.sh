#!/usr/bin/env bash
# Call 4 (same machine as call 3): the corpus cases of sw_local and editdist
# (call 3 copied their build folders along), and ncu of the database
# search's strip kernel (dbN2): occupancy, scheduler and warp-state stats.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
C=.carry
L=$OUT/call4.log
rm -rf /tmp/cc && mkdir -p /tmp/cc && cp -r $C/dbN2/sw_local $C/dbN2/editdist /tmp/cc/ && rm -rf /tmp/cc/*/build
bash tests/gpu/run-corpus.sh /tmp/cc $OUT/corpus > /tmp/corpus.out 2>&1
grep -E "^(sw_local|editdist) |^recurrence" /tmp/corpus.out | tee $L
ncu --clock-control none -k regex:dpc_kernel0 --section Occupancy --section SchedulerStats --section WarpStateStats --section LaunchStats --section SpeedOfLight \
  $C/dbN2/sw_local/build/sw_local --backend=cuda --in a=@/tmp/q.fa /tmp/t.fa > $OUT/ncu-db.txt 2>&1
grep -E "Duration|Achieved Occupancy|Theoretical Occupancy|Issue Slots Busy|Issued Warp|No Eligible|Active Warps Per|Eligible Warps|Warp Cycles Per Issued|Stall|Registers Per|Block Limit|Compute \(SM\) Throughput|Memory Throughput|Grid Size|Waves" $OUT/ncu-db.txt | head -40 | tee -a $L
ncu --clock-control none -k regex:dpc_kernel0 --metrics smsp__pcsamp_warps_issue_stalled_barrier,smsp__pcsamp_warps_issue_stalled_long_scoreboard,smsp__pcsamp_warps_issue_stalled_short_scoreboard,smsp__pcsamp_warps_issue_stalled_wait,smsp__pcsamp_warps_issue_stalled_sleeping,smsp__pcsamp_warps_issue_stalled_membar,smsp__pcsamp_warps_issue_stalled_math_pipe_throttle,smsp__pcsamp_warps_issue_stalled_not_selected,smsp__pcsamp_warps_issue_stalled_selected,smsp__pcsamp_warps_issue_stalled_dispatch_stall,smsp__pcsamp_warps_issue_stalled_lg_throttle,smsp__pcsamp_warps_issue_stalled_mio_throttle,smsp__pcsamp_warps_issue_stalled_branch_resolving,smsp__pcsamp_warps_issue_stalled_no_instructions,smsp__pcsamp_warps_issue_stalled_drain,smsp__pcsamp_warps_issue_stalled_imc_miss \
  $C/dbN2/sw_local/build/sw_local --backend=cuda --in a=@/tmp/q.fa /tmp/t.fa > $OUT/ncu-db-stalls.txt 2>&1
grep -E "smsp__pcsamp" $OUT/ncu-db-stalls.txt | tee -a $L
