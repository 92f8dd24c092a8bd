#!/usr/bin/env bash
# Builds the hand-written benchmark baselines into OUTDIR.
#
#   tests/bench/build.sh OUTDIR
#
# CPU programs with $CXX (default g++) -O3 -march=native -fopenmp; GPU
# programs, if nvcc is found ($NVCC, else nvcc on PATH, else
# /usr/local/cuda/bin/nvcc), with nvcc -O3 -arch=$CUDA_ARCH (default sm_90).
# BENCH_NO_CUDA=1 skips the GPU programs. Extra flags: $CXXFLAGS_EXTRA,
# $NVCCFLAGS_EXTRA. Needs nothing but the compilers.
set -euo pipefail

if [ $# -ne 1 ]; then
  echo "usage: $0 OUTDIR" >&2
  exit 2
fi
OUT=$1
SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)

CXX=${CXX:-g++}
CXXFLAGS="-O3 -march=native -fopenmp -std=c++17 -Wall -Wextra ${CXXFLAGS_EXTRA:-}"
CUDA_ARCH=${CUDA_ARCH:-sm_90}
case "$CUDA_ARCH" in sm_*|compute_*) ;; *) CUDA_ARCH="sm_$CUDA_ARCH" ;; esac

build_cpu() { # name source
  echo "[build] $1  ($CXX $CXXFLAGS)"
  $CXX $CXXFLAGS -o "$OUT/$1" "$SRC/$2"
}
build_cpu cpu1 cpu1.cpp
build_cpu cpu2 cpu2.cpp
build_cpu omp1 omp1.cpp
build_cpu omp2 omp2.cpp
build_cpu bpmax-omp bpmax_omp.cpp
build_cpu peak-cpu peak_cpu.cpp

if [ "${BENCH_NO_CUDA:-0}" = "1" ]; then
  echo "[build] GPU programs skipped (BENCH_NO_CUDA=1)"
  exit 0
fi
NVCC=${NVCC:-}
if [ -z "$NVCC" ]; then
  if command -v nvcc >/dev/null 2>&1; then NVCC=nvcc
  elif [ -x /usr/local/cuda/bin/nvcc ]; then NVCC=/usr/local/cuda/bin/nvcc
  fi
fi
if [ -z "$NVCC" ]; then
  echo "[build] nvcc not found: GPU programs skipped"
  exit 0
fi
NVCCFLAGS="-O3 -arch=$CUDA_ARCH -std=c++17 -Xcompiler -Wall,-Wextra ${NVCCFLAGS_EXTRA:-}"
build_gpu() { # name source [defines]
  echo "[build] $1  ($NVCC $NVCCFLAGS ${3:-})"
  $NVCC $NVCCFLAGS ${3:-} -o "$OUT/$1" "$SRC/$2"
}
# In parallel: nvcc is slow and single-threaded.
pids=()
build_gpu chang3k chang3k.cu & pids+=($!)
build_gpu li-blocked li_blocked.cu -DLI_PACKED=0 & pids+=($!)
build_gpu li-packed li_blocked.cu -DLI_PACKED=1 & pids+=($!)
build_gpu peak-gpu peak_gpu.cu & pids+=($!)
fail=0
for p in "${pids[@]}"; do wait "$p" || fail=1; done
if [ $fail -ne 0 ]; then
  echo "[build] a GPU program failed to build" >&2
  exit 1
fi
echo "[build] done: $OUT"
