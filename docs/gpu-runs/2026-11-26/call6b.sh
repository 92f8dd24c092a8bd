#!/usr/bin/env bash
# Device call 6b of 2026-11-26, right after call 6 on the same two-GPU host
# (its binaries in /tmp/b and inputs in /tmp): call 6 compared the outputs
# as text, and JSON and text results carry each problem's time, so every
# pair differed. Here the same runs again, compared after removing the
# times ("seconds" in JSON, the time of a text result), with the first
# differing line shown if any remain.
set -u
N=/tmp/b/nussinov/nussinov; S=/tmp/b/sw_local/sw_local
ls $N $S /tmp/rna2000.fa /tmp/rna20000.fa /tmp/q.fa /tmp/db.fa > /dev/null || exit 1
norm() { sed -E 's/"seconds":[-0-9.eE+]+/"seconds":T/g; s/(time|seconds)[ :=]+[0-9.]+( ?m?s)?/\1 T/g'; }
for dv in 0 1 all 0,1; do
  $N --backend=cuda --json --device $dv /tmp/rna2000.fa | norm > /tmp/c-n2000-$dv.txt
  $N --backend=cuda --events=none --device $dv /tmp/rna2000.fa | norm > /tmp/c-n2000s-$dv.txt
  $S --backend=cuda --events=none --device $dv --in a=@/tmp/q.fa /tmp/db.fa | norm > /tmp/c-sw-$dv.txt
  $N --backend=cuda --json --memory-budget 256M --device $dv /tmp/rna20000.fa | norm > /tmp/c-n20000-$dv.txt
done
for f in n2000 n2000s sw n20000; do
  for dv in 1 all 0,1; do
    if cmp -s /tmp/c-$f-0.txt /tmp/c-$f-$dv.txt; then
      echo "$f --device $dv: equal to --device 0 ($(wc -l < /tmp/c-$f-0.txt) lines, times removed)"
    else
      echo "$f --device $dv: DIFFERS from --device 0:"; diff /tmp/c-$f-0.txt /tmp/c-$f-$dv.txt | head -4 | cut -c1-300
    fi
  done
done
head -c 300 /tmp/c-n2000-0.txt; echo; head -3 /tmp/c-n2000s-0.txt | cut -c1-200
