#!/usr/bin/env bash
# Device call 3 of 2026-11-25 (session 5), on main after merging the
# library (generated folders build NAME_lib with NAME_api.h; main.cpp goes
# through the same host code): 1. the seed suite (tests/gpu/run.sh:
# generated/{nussinov,chang,bpmax} --verify'd against dpc interp's lines,
# memcheck, racecheck, n = 16000 timings); 2. the library's CUDA path on a
# GPU: docs/examples/library/main.cpp (fold_rnas) built against
# generated/nussinov's nussinov_lib with the CUDA backend (a shim project:
# the device has no dpc for find_package(dpc)), its output with
# --backend=cuda against --backend=openmp and serial on the three built-in
# examples and on 200 random RNAs of 1..700 nt.
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
DPC_COMMIT=$(git rev-parse --short HEAD 2>/dev/null || echo merged) timeout 300 tests/gpu/run.sh $O/gpu > /dev/null 2>&1; echo "run.sh rc=$?"
tail -6 $O/gpu/gpu-verification.log
echo "== at $SECONDS s: the library on the GPU"
S=/tmp/libshim; rm -rf $S; mkdir -p $S
cat > $S/CMakeLists.txt <<CM
cmake_minimum_required(VERSION 3.20)
project(fold_rnas_shim LANGUAGES CXX CUDA)
set(CMAKE_CUDA_ARCHITECTURES 90)
add_subdirectory($PWD/generated/nussinov nussinov)
add_executable(fold_rnas $PWD/docs/examples/library/main.cpp)
set_target_properties(fold_rnas PROPERTIES CXX_STANDARD 17 CXX_STANDARD_REQUIRED ON)
target_link_libraries(fold_rnas PRIVATE nussinov_lib)
CM
( cmake -S $S -B $S/build -DCMAKE_BUILD_TYPE=Release > $O/libshim-cmake.txt 2>&1 && cmake --build $S/build -j 8 >> $O/libshim-cmake.txt 2>&1 ) || { echo "LIB BUILD FAIL"; tail -20 $O/libshim-cmake.txt; }
F=$S/build/fold_rnas
python3 - > /tmp/rnas.txt <<'PY'
import random
random.seed(11)
print(" ".join("r%d=%s" % (i, "".join(random.choice("ACGU") for _ in range(random.randint(1, 700)))) for i in range(200)))
PY
for b in cuda openmp serial; do
  $F --backend=$b > $O/lib-$b-examples.txt 2>&1; echo "examples $b rc=$?"
  $F --backend=$b $(cat /tmp/rnas.txt) > $O/lib-$b-rnas.txt 2>&1; echo "rnas $b rc=$?"
done
for k in examples rnas; do
  cmp -s $O/lib-cuda-$k.txt $O/lib-openmp-$k.txt && cmp -s $O/lib-cuda-$k.txt $O/lib-serial-$k.txt && echo "library $k: cuda == openmp == serial ($(wc -l < $O/lib-cuda-$k.txt) lines)" || echo "library $k: DIFFER"
done
head -8 $O/lib-cuda-examples.txt
echo "== done at $SECONDS s"
