#!/usr/bin/env bash
# GPU verification of the generated folders, for the GPU machine (it needs
# cmake, nvcc, a GPU and compute-sanitizer; not dpc):
#   1. builds generated/{nussinov,chang,bpmax} with nvcc (sm_90);
#   2. runs every case of cases.tsv with --backend=cuda --verify --json and
#      compares the result (output, events, structure) with the expected
#      line computed by `dpc interp` (make_cases.py); --verify also checks
#      every cell of every table against the untiled CPU reference; the
#      traceback runs on the device (lir::GpuTraceback); the case runs again
#      with --trace-records 2, so that the host traces it back from its
#      tables, and with --wide-indices (the kernels' int64 index instances),
#      for the same line;
#   3. runs compute-sanitizer memcheck and racecheck on small problems
#      (several tiles and their products);
#   4. times Nussinov and Chang at n = 16000 (CUDA).
# Usage: tests/gpu/run.sh [OUTDIR]    (default $OUT or /tmp/dpc-gpu)
# The last lines are a summary; exit status is non-zero on any failure.
set -u
cd "$(dirname "$0")/../.."
OUTDIR=${1:-${OUT:-/tmp/dpc-gpu}}
mkdir -p "$OUTDIR"
LOG="$OUTDIR/gpu-verification.log"
: > "$LOG"
say() { echo "$@" | tee -a "$LOG"; }
JOBS=$(nproc 2>/dev/null || echo 4)
fails=0

say "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
say "device: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -1)"
say "nvcc: $(nvcc --version | tail -2 | head -1)"
say "commit: ${DPC_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}"

for r in nussinov chang bpmax; do
  if ! cmake -S generated/$r -B build-gpu/$r -DCMAKE_BUILD_TYPE=Release \
        -DCMAKE_CUDA_ARCHITECTURES=90 >>"$LOG" 2>&1 ||
     ! cmake --build build-gpu/$r -j "$JOBS" >>"$LOG" 2>&1; then
    say "BUILD FAIL $r"
    fails=$((fails + 1))
  else
    say "built $r"
  fi
done

pass=0
while IFS=$'\t' read -r rec args expected; do
  case "$rec" in ''|'#'*) continue ;; esac
  bin=build-gpu/$rec/$rec
  t0=$(date +%s%N)
  # shellcheck disable=SC2086
  got=$("$bin" --backend=cuda --verify --json $args 2>"$OUTDIR/stderr.txt")
  rc=$?
  t1=$(date +%s%N)
  # The same traced on the host (a device walk of at most 2 records falls
  # back to the host's traceback from the problem's tables): the same line.
  # shellcheck disable=SC2086
  host=$("$bin" --backend=cuda --json --trace-records 2 $args 2>>"$OUTDIR/stderr.txt")
  if [ "$host" != "$expected" ]; then
    rc=1
    got="$got (with --trace-records 2: $(echo "$host" | cut -c1-200))"
  fi
  # The int64 instance of every kernel that has an int32 one (the cases'
  # sizes all take the int32 one): the same line.
  # shellcheck disable=SC2086
  wide=$("$bin" --backend=cuda --json --wide-indices $args 2>>"$OUTDIR/stderr.txt")
  if [ "$wide" != "$expected" ]; then
    rc=1
    got="$got (with --wide-indices: $(echo "$wide" | cut -c1-200))"
  fi
  secs=$(( (t1 - t0) / 1000000 ))ms
  short=$(echo "$args" | cut -c1-50)
  if [ $rc -eq 0 ] && [ "$got" = "$expected" ]; then
    pass=$((pass + 1))
    say "PASS $rec $short (${secs})"
  else
    fails=$((fails + 1))
    say "FAIL $rec $short rc=$rc"
    say "  expected: $(echo "$expected" | cut -c1-300)"
    say "  got:      $(echo "$got" | cut -c1-300)"
    sed 's/^/  stderr: /' "$OUTDIR/stderr.txt" | head -20 | tee -a "$LOG"
  fi
done < tests/gpu/cases.tsv

# What `dpc run` relies on to pick the GPU (issue 15): --backends lists cuda
# when a GPU answers, and --backend=auto (passed when the build found nvcc)
# then runs on it, with the same answer.
b=build-gpu/nussinov/nussinov
if "$b" --backends | grep -qx 'cuda (.*device(s))' &&
   "$b" --backend=auto --timing --in seq=GGGAAAUCC 2>&1 | grep -q 'compute .* s (cuda)' &&
   [ "$("$b" --backend=auto --json --in seq=GGGAAAUCC)" = "$("$b" --backend=openmp --json --in seq=GGGAAAUCC)" ]; then
  say "PASS --backends lists cuda, --backend=auto runs on the GPU"
  pass=$((pass + 1))
else
  fails=$((fails + 1))
  say "FAIL --backends / --backend=auto: $("$b" --backends | tr '\n' ' ')"
fi

# Sanitizers on problems that span several tiles, with tile products (from
# the third tile step on, n > 128) split over k between blocks.
S250=$(grep -v '>' tests/gpu/inputs/nussinov_1000.fa | tr -d '\n' | head -c 250)
B1=GGGAAAUCCGAUCGAUGCUA
B2=$(grep -v '>' tests/gpu/inputs/chang_1000.fa | tr -d '\n' | head -c 70)
for tool in memcheck racecheck; do
  for spec in "nussinov --in seq=$S250" "chang --in seq=$S250" "bpmax --in seq1=${B1:0:10} --in seq2=$B2"; do
    set -- $spec
    rec=$1; shift
    if compute-sanitizer --tool $tool --error-exitcode 99 build-gpu/$rec/$rec --backend=cuda "$@" >"$OUTDIR/san.txt" 2>&1; then
      say "PASS compute-sanitizer $tool $rec ($(grep -o '\(ERROR\|RACECHECK\) SUMMARY.*' "$OUTDIR/san.txt" | head -1))"
      pass=$((pass + 1))
    else
      fails=$((fails + 1))
      say "FAIL compute-sanitizer $tool $rec"
      head -40 "$OUTDIR/san.txt" | tee -a "$LOG"
    fi
  done
done

# Timing at n = 16000 (no --verify: the CPU reference would take minutes).
python3 - <<'PY' > "$OUTDIR/s16000.fa"
import random
r = random.Random(16000)
print(">s16000")
print("".join(r.choice("ACGU") for _ in range(16000)))
PY
for r in nussinov chang; do
  say "timing $r n=16000: $(build-gpu/$r/$r --backend=cuda --timing --json "$OUTDIR/s16000.fa" | grep -o '"output":[0-9-]*\|"seconds":[0-9.]*' | tr '\n' ' ')"
done

say "SUMMARY: $pass passed, $fails failed"
[ $fails -eq 0 ]
