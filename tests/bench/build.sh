#!/usr/bin/env bash
# Builds the hand-written benchmark baselines into OUTDIR.
#
#   tests/bench/build.sh OUTDIR
#
# CPU programs with $CXX (default g++) -O3 -march=native -fopenmp; GPU
# programs, if nvcc is found ($NVCC, else nvcc on PATH, else
# /usr/local/cuda/bin/nvcc), with nvcc -O3 -arch=$CUDA_ARCH (default sm_90).
# BENCH_NO_CUDA=1 skips the GPU programs. Extra flags: $CXXFLAGS_EXTRA,
# $NVCCFLAGS_EXTRA. Needs nothing but the compilers (and python3 for the
# peer below).
#
# Peer program `plosone` (markpal/plosone cuda/nussinov.cu; no license, so
# not in this repository): if $PLOSONE_SRC names that file (run.py
# --plosone-src sets it), plosone_prepare.py writes an edited copy to
# OUTDIR/plosone_nussinov.cu (N from the command line, CPU check off; see
# that script) and nvcc builds it with its own flags: -O3 -arch=$CUDA_ARCH
# -Xcompiler -fopenmp (it uses omp_get_wtime) -lgomp, no -Wall/-std (it is
# not our code).
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
if [ -n "${PLOSONE_SRC:-}" ]; then
  if [ ! -f "$PLOSONE_SRC" ]; then
    echo "[build] plosone: PLOSONE_SRC=$PLOSONE_SRC is not a file" >&2
    fail_plosone=1
  else
    PLOSONE_CU="$OUT/plosone_nussinov.cu"
    rm -f "$OUT/plosone" "$PLOSONE_CU"
    if python3 "$SRC/plosone_prepare.py" "$PLOSONE_SRC" "$PLOSONE_CU"; then
      # (-diag-suppress 177: "k" is left unused by the disabled CPU check)
      PLOSONE_FLAGS="-O3 -arch=$CUDA_ARCH -Xcompiler -fopenmp -diag-suppress 177 ${NVCCFLAGS_EXTRA:-}"
      echo "[build] plosone  ($NVCC $PLOSONE_FLAGS, from $PLOSONE_SRC)"
      $NVCC $PLOSONE_FLAGS -o "$OUT/plosone" "$PLOSONE_CU" -lgomp & pids+=($!)
    else
      echo "[build] plosone: plosone_prepare.py failed on $PLOSONE_SRC" >&2
      fail_plosone=1
    fi
  fi
else
  echo "[build] plosone skipped (PLOSONE_SRC unset; see tests/bench/README.md)"
fi
fail=${fail_plosone:-0}
for p in "${pids[@]}"; do wait "$p" || fail=1; done
if [ $fail -ne 0 ]; then
  echo "[build] a GPU program failed to build" >&2
  exit 1
fi
echo "[build] done: $OUT"
