#!/usr/bin/env python3
"""Differential test of a generated folder against `dpc interp`.

Compiles a recurrence with `dpc compile`, builds the folder (CPU backends
only: CI has no GPU), runs the binary on random problems (edge sizes
included) and compares, for every problem:
  - every table (`--dump-table`), with 1 and several OpenMP threads and the
    serial backend, against `dpc interp --dump-table`;
  - the JSON result (output, events, structure) against `dpc interp --json`;
  - `--verify` (the tiled tables against the generated untiled reference).
Prints one summary line; exits non-zero on the first difference, showing
the problem and the first differing line.

With --rel-tol R, numbers (in tables and JSON) may differ by a relative R
of the larger (floating-point sums a tile product reassociates); every
other character must still be equal.
"""
import argparse
import os
import random
import re
import subprocess
import sys

SYMBOLS = {"rna": "ACGU", "dna": "ACGT", "protein": "ACDEFGHIKLMNPQRSTVWY"}


def run(cmd, **kw):
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    return r.returncode, r.stdout, r.stderr


def same_text(a, b, tol):
    """a == b, or, with tol, equal but for numbers within a relative tol."""
    if a == b:
        return True
    if not tol:
        return False
    ta, tb = NUM.split(a), NUM.split(b)
    if len(ta) != len(tb):
        return False
    for i, (x, y) in enumerate(zip(ta, tb)):
        if i % 2 == 0:  # text between numbers
            if x != y:
                return False
            continue
        fx, fy = float(x), float(y)
        if fx != fy and abs(fx - fy) > tol * max(abs(fx), abs(fy)):
            return False
    return True


NUM = re.compile(r"(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)")


def fail(msg):
    sys.stdout.write("FAIL: " + msg + "\n")
    sys.exit(1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dpc", required=True)
    ap.add_argument("--dp", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--in", dest="inputs", action="append", required=True,
                    help="NAME=KIND[:MIN:MAX] with KIND rna|dna|protein|int|matrix "
                         "(a square int matrix of MIN..MAX rows; "
                         "matrix:MIN:MAX:CMIN:CMAX: CMIN..CMAX columns), or "
                         "NAME=KIND:like:OTHER (the length of an earlier input OTHER)")
    ap.add_argument("--tables", required=True,
                    help="comma list of tables, or - for none (the output only)")
    ap.add_argument("--count", type=int, default=30)
    ap.add_argument("--edge", default="1,2,3", help="lengths always tried")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", default="1,3")
    ap.add_argument("--int-range", default="-5,20")
    ap.add_argument("--set", dest="sets", action="append", default=[])
    ap.add_argument("--rel-tol", type=float, default=0.0,
                    help="numbers may differ by this relative amount")
    ap.add_argument("--compile-arg", action="append", default=[],
                    help="an option of dpc compile (e.g. --exact-sums)")
    ap.add_argument("--json-run", action="append", default=[],
                    help="options (space-separated) of one more run per problem "
                         "whose JSON result must equal dpc interp's "
                         "(e.g. --checkpoint-rows)")
    ap.add_argument("--no-force-strips", action="store_true",
                    help="build without DPC_FORCE_CPU_STRIPS: the tiled "
                         "fallback where AVX-512 is off")
    args = ap.parse_args()

    rnd = random.Random(args.seed)
    src = os.path.join(args.work, "src")
    build = os.path.join(args.work, "build")
    # (no syntax check: the build just below parses every file with g++)
    rc, out, err = run([args.dpc, "compile", args.dp, "-o", src,
                        "--no-syntax-check"] + args.compile_arg)
    if rc:
        fail("dpc compile failed:\n" + out + err)
    # (DPC_FORCE_CPU_STRIPS: the lane strips also where AVX-512 is off, so
    # that they are tested on any machine; runtime/dpc_cpu_simd.h)
    cxx = (os.environ.get("CXXFLAGS", "") +
           ("" if args.no_force_strips else " -DDPC_FORCE_CPU_STRIPS")).strip()
    # (the library's files as one translation unit, CMAKE_UNITY_BUILD: a
    # fifth less compile time for the same code; the folder's own build,
    # file by file, is what the other tests of generated folders build)
    rc, out, err = run(["cmake", "-S", src, "-B", build, "-DDPC_ENABLE_CUDA=OFF",
                        "-DCMAKE_BUILD_TYPE=Release", "-DCMAKE_UNITY_BUILD=ON",
                        "-DCMAKE_CXX_FLAGS=" + cxx])
    if rc:
        fail("cmake configure failed:\n" + out + err)
    rc, out, err = run(["cmake", "--build", build, "-j", "2"])
    if rc:
        fail("build failed:\n" + out + err)
    name = os.path.basename(args.dp)[:-3]
    binary = os.path.join(build, name)
    if not os.path.exists(binary):
        # the binary is named after the recurrence
        cands = [f for f in os.listdir(build)
                 if os.access(os.path.join(build, f), os.X_OK)
                 and os.path.isfile(os.path.join(build, f))]
        if len(cands) != 1:
            fail("cannot find the built binary in " + build)
        binary = os.path.join(build, cands[0])

    specs = []
    cols = {}  # a matrix input's range of columns, when not square
    for s in args.inputs:
        n, kind = s.split("=", 1)
        parts = kind.split(":")
        if len(parts) == 3 and parts[1] == "like":
            specs.append((n, parts[0], None, parts[2]))
            continue
        if len(parts) == 5:
            cols[n] = (int(parts[3]), int(parts[4]))
            parts = parts[:3]
        lo, hi = (int(parts[1]), int(parts[2])) if len(parts) == 3 else (1, 40)
        specs.append((n, parts[0], lo, hi))
    ilo, ihi = (int(x) for x in args.int_range.split(","))
    edges = [int(x) for x in args.edge.split(",") if x]

    def value(kind, length, width=None):
        if kind == "int":
            return ",".join(str(rnd.randint(ilo, ihi)) for _ in range(length))
        if kind == "matrix":  # rows separated by ';'
            return ";".join(",".join(str(rnd.randint(ilo, ihi))
                                     for _ in range(width or length))
                            for _ in range(length))
        return "".join(rnd.choice(SYMBOLS[kind]) for _ in range(length))

    def problem(length):
        lengths, p = {}, []
        for n, k, lo, hi in specs:
            lengths[n] = lengths[hi] if lo is None else length(lo, hi)
            p.append((n, value(k, lengths[n],
                               length(*cols[n]) if n in cols else None)))
        return p

    problems = []
    for e in edges:
        problems.append(problem(lambda lo, hi: max(lo, min(e, hi))))
    while len(problems) < args.count:
        problems.append(problem(lambda lo, hi: rnd.randint(lo, hi)))

    # ("-": none, only the output: a score-only run of the binary)
    tables = [] if args.tables == "-" else args.tables.split(",")
    threads = [int(t) for t in args.threads.split(",")]
    setargs = []
    for s in args.sets:
        setargs += ["--set", s]
    refjs = []
    for p in problems:
        inargs = []
        for n, v in p:
            inargs += ["--in", "%s=%s" % (n, v)]
        dumps = [] if tables else ["--events=none"]
        for t in tables:
            dumps += ["--dump-table", t]
        rc, ref, err = run([args.dpc, "interp", args.dp] + inargs + setargs + dumps)
        if rc:
            fail("dpc interp failed on %s:\n%s" % (inargs, err))
        runs = [["--backend=openmp", "--threads", str(t)] for t in threads]
        runs.append(["--backend=serial"])
        for extra in runs:
            rc, got, err = run([binary] + inargs + setargs + dumps + extra)
            if rc:
                fail("generated binary failed (%s) on %s:\n%s" % (extra, inargs, err))
            if not same_text(got, ref, args.rel_tol):
                a, b = ref.splitlines(), got.splitlines()
                for i in range(max(len(a), len(b))):
                    x = a[i] if i < len(a) else "<missing>"
                    y = b[i] if i < len(b) else "<missing>"
                    if not same_text(x, y, args.rel_tol):
                        fail("tables differ (%s) on %s: interp `%s`, generated `%s`"
                             % (" ".join(extra), " ".join(inargs), x, y))
        rc, refj, err = run([args.dpc, "interp", args.dp, "--json"] + inargs + setargs)
        if rc:
            fail("dpc interp --json failed on %s:\n%s" % (inargs, err))
        rc, gotj, err = run([binary, "--json", "--verify"] + inargs + setargs)
        if rc:
            fail("generated --json --verify failed on %s:\n%s%s" % (inargs, gotj, err))
        if not same_text(gotj, refj, args.rel_tol):
            fail("JSON differs on %s:\n interp    %s generated %s" % (" ".join(inargs), refj, gotj))
        for extra in args.json_run:
            rc, gotj, err = run([binary, "--json"] + extra.split() + inargs + setargs)
            if rc:
                fail("generated --json %s failed on %s:\n%s%s" % (extra, inargs, gotj, err))
            if not same_text(gotj, refj, args.rel_tol):
                fail("JSON (%s) differs on %s:\n interp    %s generated %s"
                     % (extra, " ".join(inargs), refj, gotj))
        refjs.append(refj)
    batch = ""
    if all(k not in ("int", "matrix") for _, k, _, _ in specs):
        # All problems in one run (a FASTA file of their records, k records per
        # problem): computed as batches, each problem's result as it is alone.
        fasta = os.path.join(args.work, "batch.fa")
        with open(fasta, "w") as f:
            for i, p in enumerate(problems):
                for n, v in p:
                    f.write(">p%d_%s\n%s\n" % (i, n, v))
        # Each result carries its records' names (",": several records).
        want = "".join(
            r.replace('"output":', '"name":"%s","output":'
                      % ",".join("p%d_%s" % (i, n) for n, _ in problems[i]), 1)
            for i, r in enumerate(refjs))
        for extra in [["--backend=openmp", "--threads", str(threads[-1])],
                      ["--backend=serial"],
                      ["--backend=openmp", "--memory-budget", "16K", "--verify"]] + \
                     [["--backend=openmp"] + e.split() for e in args.json_run]:
            rc, got, err = run([binary, "--json", fasta] + setargs + extra)
            if rc:
                fail("batch run (%s) failed:\n%s" % (" ".join(extra), err))
            if not same_text(got, want, args.rel_tol):
                a, b = want.splitlines(), got.splitlines()
                for i in range(max(len(a), len(b))):
                    x = a[i] if i < len(a) else "<missing>"
                    y = b[i] if i < len(b) else "<missing>"
                    if not same_text(x, y, args.rel_tol):
                        fail("batch run (%s): problem %d differs: interp `%s`, batch `%s`"
                             % (" ".join(extra), i + 1, x, y))
        batch = ", batch equal"
    within = " (numbers within a relative %g)" % args.rel_tol if args.rel_tol else ""
    runs = "".join(", json equal with %s" % e for e in args.json_run)
    print("%d problems, all tables equal%s (threads %s and serial), json equal, verify ok%s%s"
          % (len(problems), within, args.threads, batch, runs))


if __name__ == "__main__":
    main()
