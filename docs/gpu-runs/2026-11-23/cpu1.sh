#!/bin/bash
# CPU strip sweeps (new) vs the tiled wavefront (old) on the 16-core host.
cd .carry/exp/cpu1
lscpu | grep -E "Model name|^CPU\(s\)|Thread|Core|Socket|Flags" | cut -c1-200 > $OUT/lscpu.txt
for d in swf swo edf edo; do (cd $d && cmake -S . -B b -DDPC_ENABLE_CUDA=OFF >/dev/null && cmake --build b -j16 >/dev/null 2>&1) & done; wait
IN=../../in
run() { # dir name size threads
  DPC_AGAIN=1 DPC_T=$4 ./$1/b/$2 --in a=@$IN/a$3.fa --in b=@$IN/b$3.fa --backend=openmp --threads $4 --timing 2>&1 | grep -E "again|^$2|^time" | tr '\n' ' '; echo; }
{
for t in 16 8 1; do
  for p in "swf sw_local" "swo sw_local" "edf editdist" "edo editdist"; do set -- $p; echo "$1 30k t=$t: $(run $1 $2 30k $t)"; done
done
echo "--- verify (every table against the untiled reference), 16 and 3 threads"
for p in "swf sw_local" "edf editdist"; do set -- $p; for t in 16 3; do
  ./$1/b/$2 --in a=@$IN/a10k.fa --in b=@$IN/b450.fa --backend=openmp --threads $t --verify 2>&1 | tail -2 | tr '\n' ' '; echo " [$1 t=$t 10k x 450]"
  ./$1/b/$2 --in a=@$IN/a300.fa --in b=@$IN/b10k.fa --backend=openmp --threads $t --verify 2>&1 | tail -2 | tr '\n' ' '; echo " [$1 t=$t 300 x 10k]"
done; done
} 2>&1 | tee $OUT/cpu1.log
