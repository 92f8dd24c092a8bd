#!/usr/bin/env bash
# The sanitizer step of the test command (issue 16):
#  1. dpc built with AddressSanitizer + UndefinedBehaviorSanitizer into
#     build-asan (-DDPC_SANITIZE=ON), and the lit tests of check/, emit/,
#     interp/ and diff/ run with it;
#  2. that dpc compiles every recurrence of recurrences/ and of the test
#     inputs that gen/ and corpus/ build (in step 1: the lit test
#     emit/no-serial-parallel compiles them all);
#  3. the generated OpenMP code of the three seeds (generated/nussinov,
#     chang, bpmax) built with -fsanitize=address,undefined and run on small
#     inputs: single problems with --verify --traceback --json, a batch of
#     records (bad ones among them), and bad input.
# Any sanitizer report fails the run (-fno-sanitize-recover=all,
# halt_on_error, exit status 86 for a report). Takes about 30 minutes on a
# 2-core machine (docs/reliability.md). scripts/run-tests.sh runs the other
# lit directories with the normal dpc before it.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
B=$ROOT/build-asan
export ASAN_OPTIONS=halt_on_error=1:detect_leaks=1:exitcode=86:abort_on_error=0
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1:exitcode=86
SAN="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
start=$(date +%s)

# 1. dpc under ASan/UBSan, the lit suite (the directories whose time goes
# into dpc). gen/, corpus/, run/, docs/, generated/ and baselines/ spend
# theirs building generated folders with the uninstrumented C++ and CUDA
# compilers and running them (the same folders as the normal suite's): they
# stay with the normal suite, and step 2 compiles their recurrences here.
cmake -S . -B "$B" -G Ninja -DCMAKE_BUILD_TYPE=Release -DDPC_SANITIZE=ON >/dev/null
cmake --build "$B"
[ -f "$B/tests/.lit_test_times.txt" ] || cp tests/lit-test-times.txt "$B/tests/.lit_test_times.txt"
python3 /usr/lib/llvm-19/build/utils/lit/lit.py -sv \
  "$B/tests/check" "$B/tests/emit" "$B/tests/interp" "$B/tests/diff"
echo "sanitize: lit suite under ASan/UBSan done after $(( $(date +%s) - start )) s"

# 2. `dpc compile` under ASan/UBSan on every recurrence the generated-code
# tests build (recurrences/, tests/gen/Inputs/, tests/corpus/Inputs/):
# emit/no-serial-parallel.test, in the lit run just above, compiles each of
# them whole with this dpc (it then reads their CUDA); a sanitizer report
# or any failed compile fails that test. (Until 2026-12-02 a separate sweep
# here compiled the same files a second time.)

# 3. The seeds' generated OpenMP code under ASan/UBSan.
W=$B/seeds
rm -rf "$W" && mkdir -p "$W"
fail() { echo "sanitize: FAILED: $*" >&2; exit 1; }
# run EXPECTED_STATUS BINARY ARGS...: a sanitizer report (86) or another
# status than expected fails.
run() {
  local want=$1; shift
  set +e
  "$@" >"$W/out.txt" 2>"$W/err.txt"
  local rc=$?
  set -e
  if [ $rc -ne "$want" ] || grep -q -e "Sanitizer" -e "runtime error:" "$W/err.txt"; then
    cat "$W/out.txt" "$W/err.txt" >&2
    fail "'$*' exited with $rc (expected $want)"
  fi
}
python3 - "$W" <<'PY'
import random, sys
random.seed(16)
w = sys.argv[1]
rna = lambda n: "".join(random.choice("ACGU") for _ in range(n))
with open(w + "/batch.fa", "w") as f:
    for i, n in enumerate([1, 2, 7, 40, 75, 130]):
        f.write(">r%d\n%s\n" % (i, rna(n)))
    f.write(">bad\nACGXU\n>empty\n\n>crlf\r\nACGU\r\nGGCC\r\n")
with open(w + "/pairs.fa", "w") as f:
    for i, (n, m) in enumerate([(1, 1), (5, 9), (18, 33), (40, 12)]):
        f.write(">a%d\n%s\n>b%d\n%s\n" % (i, rna(n), i, rna(m)))
with open(w + "/garbage.fa", "wb") as f:
    f.write(bytes(range(256)) * 8 + b"\n>\xff\xfe\n\x00ACGU\n")
with open(w + "/seq.txt", "w") as f:
    f.write(rna(90))
PY
SEQ=$(cat "$W/seq.txt")
for r in nussinov chang bpmax; do
  cmake -S "generated/$r" -B "$W/$r" -DDPC_ENABLE_CUDA=OFF -DCMAKE_BUILD_TYPE=Release \
    "-DCMAKE_CXX_FLAGS=$SAN" "-DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address,undefined" >/dev/null
  cmake --build "$W/$r" -j 2 >/dev/null
done
for r in nussinov chang; do
  X=$W/$r/$r
  run 0 "$X" --in "seq=$SEQ" --verify --traceback --json
  run 0 "$X" --in "seq=$SEQ" --backend=serial --traceback
  run 0 "$X" --in "seq=$SEQ" --threads 3 --verify
  run 1 "$X" "$W/batch.fa" --traceback --json
  run 1 "$X" "$W/batch.fa" --memory-budget 1K --threads 2
  run 1 "$X" "$W/garbage.fa"
  run 2 "$X" --in "seq=$SEQ" --threads 0
  run 2 "$X" --in "seq=$SEQ" --device 0,,1
done
X=$W/bpmax/bpmax
run 0 "$X" --in seq1=GGGAAAUCC --in "seq2=${SEQ:0:40}" --verify --traceback --json
run 0 "$X" "$W/pairs.fa" --traceback --threads 2
run 0 "$X" "$W/pairs.fa" --verify --memory-budget 1K
run 1 "$X" --in seq1=ACGU --in seq2=AC,GU
echo "sanitize: passed in $(( $(date +%s) - start )) s"
