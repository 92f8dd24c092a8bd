#!/usr/bin/env bash
# GPU verification of the corpus recurrences, for the GPU machine (it needs
# cmake, nvcc and a GPU, and compute-sanitizer for step 3; not dpc):
#   1. builds every folder GENDIR/<name>/ (made by scripts/gen-corpus.sh)
#      into GENDIR/<name>/build/ with nvcc (sm_90);
#   2. runs every case of tests/gpu/corpus-cases.tsv with --backend=cuda
#      --verify --json and compares the result (output, events, structure)
#      with the expected line computed by `dpc interp`
#      (tests/gpu/make_corpus_cases.py); --verify also checks every cell of
#      every table against the untiled CPU reference; and runs it score
#      only (--events=none: tables kept as two rolling rows where they
#      allow it) for the same output;
#   3. runs compute-sanitizer memcheck on one mid-sized case per recurrence
#      (skipped with a notice where compute-sanitizer is missing).
# Usage: tests/gpu/run-corpus.sh [--backend=cuda|openmp] [--only=R1,R2,...]
#          GENDIR [OUTDIR]
#   --only: these recurrences alone (their folders and cases; the others
#   are not built or run: a check of the recurrences a change touches).
#   OUTDIR: logs (default $OUT or /tmp/dpc-gpu-corpus). --backend=openmp
#   builds without CUDA and runs the cases on the OpenMP backend (no
#   sanitizer): a check of this script on a machine without a GPU.
# The last lines are a table per recurrence and a summary; the exit status
# is non-zero on any failure.
set -u
BACKEND=cuda
ONLY=
while :; do
  case "${1:-}" in
    --backend=*) BACKEND=${1#--backend=}; shift ;;
    --only=*) ONLY=",${1#--only=},"; shift ;;
    *) break ;;
  esac
done
if [ $# -lt 1 ] || { [ "$BACKEND" != cuda ] && [ "$BACKEND" != openmp ]; }; then
  echo "usage: $0 [--backend=cuda|openmp] [--only=R1,R2,...] GENDIR [OUTDIR]" >&2
  exit 2
fi
if [ ! -d "$1" ]; then
  echo "error: $1 is not a folder (make it with scripts/gen-corpus.sh)" >&2
  exit 2
fi
GENDIR=$(cd "$1" && pwd)
OUTDIR=${2:-${OUT:-/tmp/dpc-gpu-corpus}}
mkdir -p "$OUTDIR"
OUTDIR=$(cd "$OUTDIR" && pwd)
cd "$(dirname "$0")/../.."
CASES=tests/gpu/corpus-cases.tsv
LOG="$OUTDIR/gpu-corpus-verification.log"
: > "$LOG"
say() { echo "$@" | tee -a "$LOG"; }
JOBS=$(nproc 2>/dev/null || echo 4)
fails=0
pass=0
declare -A BUILT NPASS NFAIL SAN

say "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
say "backend: $BACKEND"
if [ "$BACKEND" = cuda ]; then
  say "device: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -1)"
  say "nvcc: $(nvcc --version 2>/dev/null | tail -2 | head -1)"
fi
say "commit: ${DPC_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}"
say "generated: $GENDIR"

# The recurrences: those with cases, in the order of the cases file, then
# any other folder of GENDIR (built for tests/bench/run.py --corpus, no cases:
# mccaskill, see tests/corpus/README.md).
RECS=$( { grep -v '^#' "$CASES" | cut -f1
          for d in "$GENDIR"/*/CMakeLists.txt; do
            [ -f "$d" ] && basename "$(dirname "$d")"
          done; } | awk 'NF && !seen[$0]++')
RECS=$(echo $RECS)
if [ -n "$ONLY" ]; then
  KEEP=
  for r in $RECS; do
    case "$ONLY" in *",$r,"*) KEEP="$KEEP $r" ;; esac
  done
  for r in $(echo "${ONLY//,/ }"); do
    case " $RECS " in *" $r "*) ;; *) echo "error: --only: no recurrence $r in $CASES or $GENDIR" >&2; exit 2 ;; esac
  done
  RECS=$KEEP
  say "only: $RECS"
fi

# 1. Build.
if [ "$BACKEND" = cuda ]; then
  CONF=(-DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90)
else
  CONF=(-DCMAKE_BUILD_TYPE=Release -DDPC_ENABLE_CUDA=OFF)
fi
for r in $RECS; do
  NPASS[$r]=0; NFAIL[$r]=0; SAN[$r]=-
  if [ ! -f "$GENDIR/$r/CMakeLists.txt" ]; then
    say "BUILD FAIL $r (no $GENDIR/$r/CMakeLists.txt: run scripts/gen-corpus.sh)"
    BUILT[$r]=missing
    fails=$((fails + 1))
    continue
  fi
  cmake -S "$GENDIR/$r" -B "$GENDIR/$r/build" "${CONF[@]}" >"$OUTDIR/cmake-$r.txt" 2>&1
  crc=$?
  cat "$OUTDIR/cmake-$r.txt" >>"$LOG"
  if [ $crc -ne 0 ] ||
     ! cmake --build "$GENDIR/$r/build" -j "$JOBS" >>"$LOG" 2>&1 ||
     [ ! -x "$GENDIR/$r/build/$r" ]; then
    say "BUILD FAIL $r"
    BUILT[$r]=FAIL
    fails=$((fails + 1))
  elif [ "$BACKEND" = cuda ] && ! grep -q 'CUDA backend enabled' "$OUTDIR/cmake-$r.txt"; then
    say "BUILD FAIL $r (configured without the CUDA backend: is nvcc on PATH?)"
    BUILT[$r]=FAIL
    fails=$((fails + 1))
  else
    say "built $r"
    BUILT[$r]=ok
  fi
done

# 2. Cases.
while IFS=$'\t' read -r rec args expected; do
  case "$rec" in ''|'#'*) continue ;; esac
  if [ -n "$ONLY" ]; then case "$ONLY" in *",$rec,"*) ;; *) continue ;; esac; fi
  short=$(echo "$args" | cut -c1-50)
  if [ "${BUILT[$rec]:-}" != ok ]; then
    fails=$((fails + 1))
    NFAIL[$rec]=$((${NFAIL[$rec]:-0} + 1))
    say "FAIL $rec $short (not built)"
    continue
  fi
  bin=$GENDIR/$rec/build/$rec
  t0=$(date +%s%N)
  # shellcheck disable=SC2086
  got=$("$bin" --backend=$BACKEND --verify --json $args 2>"$OUTDIR/stderr.txt")
  rc=$?
  t1=$(date +%s%N)
  ms=$(( (t1 - t0) / 1000000 ))ms
  # exp/log/logsumexp recurrences: numbers to a relative 1e-12
  # (tests/gpu/json_close.py; their --verify uses the same tolerance); sums
  # that tile products reassociate (McCaskill's): relative, no floor
  close=no
  case "$rec" in
    mccaskill_log) [ $rc -eq 0 ] && python3 tests/gpu/json_close.py "$got" "$expected" && close=yes ;;
    mccaskill) [ $rc -eq 0 ] && python3 tests/gpu/json_close.py --relative "$got" "$expected" && close=yes ;;
  esac
  # The same problem score only (--events=none: no traceback, so the tables
  # that allow it keep two rolling rows, and only the outputs' cells come
  # back): the same output (and outputs, for a recurrence with several).
  # shellcheck disable=SC2086
  scores=$("$bin" --backend=$BACKEND --json --events=none $args 2>>"$OUTDIR/stderr.txt")
  src=$?
  same=no
  [ $src -eq 0 ] && python3 -c '
import json, sys
def outs(s):
    r = []
    for l in s.splitlines():
        if l.strip():
            d = json.loads(l)
            r.append([d["output"]] + [v for _, v in sorted(d.get("outputs", {}).items())])
    return r
a, b = outs(sys.argv[1]), outs(sys.argv[2])
close = lambda x, y: x == y or (isinstance(x, float) and isinstance(y, float)
                                and abs(x - y) <= 1e-12 * max(abs(x), abs(y)))
sys.exit(0 if len(a) == len(b) and all(len(x) == len(y) and all(map(close, x, y))
                                       for x, y in zip(a, b)) else 1)' "$scores" "$expected" && same=yes
  if [ $same = no ]; then
    rc=1
    got="$got (score-only run: rc=$src, $(echo "$scores" | cut -c1-200))"
  fi
  if [ $rc -eq 0 ] && { [ "$got" = "$expected" ] || [ $close = yes ]; }; then
    pass=$((pass + 1))
    NPASS[$rec]=$((${NPASS[$rec]} + 1))
    say "PASS $rec $short ($ms)"
  else
    fails=$((fails + 1))
    NFAIL[$rec]=$((${NFAIL[$rec]} + 1))
    say "FAIL $rec $short rc=$rc"
    say "  expected: $(echo "$expected" | cut -c1-300)"
    say "  got:      $(echo "$got" | cut -c1-300)"
    sed 's/^/  stderr: /' "$OUTDIR/stderr.txt" | head -20 | tee -a "$LOG"
  fi
done < "$CASES"

# 3. compute-sanitizer memcheck on the last case of each recurrence whose
# inputs are given inline (sizes 65 to 300: several tiles).
if [ "$BACKEND" = cuda ]; then
  if command -v compute-sanitizer >/dev/null 2>&1; then
    for r in $RECS; do
      [ "${BUILT[$r]}" = ok ] || continue
      args=$(awk -F'\t' -v r="$r" '$1 == r && $2 !~ /@/ { a = $2 } END { print a }' "$CASES")
      [ -n "$args" ] || continue # no inline case (a folder built for the benchmark only)
      # shellcheck disable=SC2086
      if compute-sanitizer --tool memcheck --error-exitcode 99 "$GENDIR/$r/build/$r" \
           --backend=cuda $args >"$OUTDIR/san.txt" 2>&1; then
        say "PASS compute-sanitizer memcheck $r ($(grep -o 'ERROR SUMMARY.*' "$OUTDIR/san.txt" | head -1))"
        pass=$((pass + 1))
        SAN[$r]=ok
      else
        fails=$((fails + 1))
        SAN[$r]=FAIL
        say "FAIL compute-sanitizer memcheck $r"
        head -40 "$OUTDIR/san.txt" | tee -a "$LOG"
      fi
    done
  else
    say "NOTICE: compute-sanitizer not found: memcheck skipped"
  fi
fi

say ""
say "$(printf '%-20s %-8s %6s %6s %9s' recurrence build passed failed memcheck)"
for r in $RECS; do
  say "$(printf '%-20s %-8s %6d %6d %9s' "$r" "${BUILT[$r]}" "${NPASS[$r]}" "${NFAIL[$r]}" "${SAN[$r]}")"
done
say "SUMMARY ($BACKEND): $pass passed, $fails failed"
[ $fails -eq 0 ]
