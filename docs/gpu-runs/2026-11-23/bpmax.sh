#!/usr/bin/env bash
# Device run 5: BPMax after the double reduction became register-blocked.
set -u
cd "$(dirname "$0")/.."
cmake -S generated/bpmax -B build-x/bpmax -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && cmake --build build-x/bpmax -j 16 >/dev/null 2>&1 || echo BUILD FAIL
t() { echo "$*: $("$@" --timing --json 2>&1 | grep -o '"output":[0-9-]*\|"seconds":[0-9.]*\|error.*' | tr '\n' ' ')"; }
for n in 96 128; do
  t build-x/bpmax/bpmax --backend=cuda --in seq1=@.carry/in/bpx$n.fa --in seq2=@.carry/in/bpy$n.fa
  t build-x/bpmax/bpmax --backend=cuda --in seq1=@.carry/in/bpx$n.fa --in seq2=@.carry/in/bpy$n.fa
  t build-x/bpmax/bpmax --backend=openmp --threads 16 --in seq1=@.carry/in/bpx$n.fa --in seq2=@.carry/in/bpy$n.fa
done
