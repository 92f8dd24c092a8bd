#!/usr/bin/env python3
"""dpc benchmark runner: generated code against the hand-written baselines.

Runs, side by side and on the same random sequences (fixed seed, one FASTA
file per size), the peaks first, then for each recurrence:

  nussinov, chang   (the baselines run with --mode=nussinov / --mode=chang)
    GPU sizes:  generated --backend=cuda, chang3k, li-blocked, li-packed,
                plosone (nussinov only; a peer program, see run_plosone)
    CPU sizes:  generated --backend=serial and --backend=openmp,
                cpu1, cpu2, omp1, omp2
  bpmax (N = M)
    generated --backend=serial|openmp|cuda, bpmax-omp

Generated binaries: GEN/<rec>/build/<rec> (GEN = --generated, default
generated/), run as `<bin> --backend=B --in seq=@FILE --json --timing
[--threads T]` (bpmax: --in seq1=@F1 --in seq2=@F2). A missing binary is a
"not built" row in the markdown and is left out of the CSV.

Every point is run --repeat times (min and median seconds); every run's
answer is checked against every other implementation's answer for the same
input: a disagreement is printed loudly, marked MISMATCH in the table and
makes the exit status 1.

Work counts (stated in results.md too):
  nussinov / chang: the max-plus updates of the split reduction summed over
    cells, sum_{0<=i<j<n, j>=i+2} (j-i) = (n-1)n(n+1)/6 - (n-1) (exact);
  bpmax: the iterations of the double max reduction summed over F cells,
    sum_{i1<=j1, i2<=j2} (j1-i1)(j2-i2+1)
      = [(N-1)N(N+1)/6] * [M(M+1)(M+2)/6] (exact; checked by a loop).
  gcups = updates / seconds_min / 1e9; pct_peak = 100 * gcups / peak, with
  peak = the int32 DPX peak (peak-dpx-s32) for CUDA codes, the all-core CPU
  peak for OpenMP codes, the one-core CPU peak for serial codes, all
  measured in the same run.

Outputs (--out, default docs/benchmarks): results.csv, results.md,
time_vs_n.png, pct_peak_vs_n.png (skipped with a notice without
matplotlib), raw.jsonl (every run's JSON line), inputs/ (the FASTA files).
"""
import argparse
import csv
import datetime
import json
import math
import os
import platform
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import random
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

GPU_SIZES = [1000, 2000, 4000, 8000, 16000, 32000]
CPU_SIZES = [1000, 2000, 4000]
BPMAX_SIZES = [16, 32, 64, 128]
QUICK_GPU_SIZES = [100, 333, 1000]
QUICK_CPU_SIZES = [100, 200, 400]
QUICK_BPMAX_SIZES = [6, 10, 16]


def log(msg=""):
    print(msg, flush=True)


def loud(msg):
    bar = "!" * 78
    print("\n%s\n!!! %s\n%s\n" % (bar, msg, bar), flush=True)
    print("!!! " + msg, file=sys.stderr, flush=True)


# ---------------------------------------------------------------- work counts

def updates_nussinov(n):
    """sum over 0 <= i < j < n with j >= i+2 of (j - i), exactly."""
    return (n - 1) * n * (n + 1) // 6 - (n - 1) if n >= 2 else 0


def updates_bpmax(N, M):
    """Iterations of the double max reduction summed over the F cells that
    use it (i1 <= j1, i2 <= j2, not both single bases): (j1-i1)*(j2-i2+1)."""
    closed = ((N - 1) * N * (N + 1) // 6) * (M * (M + 1) * (M + 2) // 6)
    if N <= 200 and M <= 200:  # check the closed form with a loop
        s1 = sum((N - d1) * d1 for d1 in range(N))
        s2 = sum((M - d2) * (d2 + 1) for d2 in range(M))
        assert s1 * s2 == closed, (N, M)
    return closed


# ---------------------------------------------------------------- environment

def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def gpu_name():
    try:
        p = subprocess.run(["nvidia-smi", "--query-gpu=name", "--format=csv,noheader"],
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                           timeout=30)
        if p.returncode == 0 and p.stdout.strip():
            return p.stdout.strip().splitlines()[0].strip()
    except (OSError, subprocess.TimeoutExpired):
        pass
    return None


def git_commit():
    try:
        p = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"],
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                           timeout=30)
        if p.returncode == 0:
            c = p.stdout.strip()
            d = subprocess.run(["git", "-C", ROOT, "status", "--porcelain",
                                "--untracked-files=no"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                               timeout=30)
            return c, d.returncode == 0 and bool(d.stdout.strip())
    except (OSError, subprocess.TimeoutExpired):
        pass
    return "unknown", False


# ---------------------------------------------------------------- inputs

def make_seq(seed, tag, n):
    rng = random.Random("%d/%s/%d" % (seed, tag, n))
    return "".join(rng.choice("ACGU") for _ in range(n))


def write_fasta(path, name, seq):
    if os.path.exists(path):
        with open(path) as f:
            if "".join(l.strip() for l in f if not l.startswith(">")) == seq:
                return path
    with open(path, "w") as f:
        f.write(">%s\n" % name)
        for i in range(0, len(seq), 80):
            f.write(seq[i:i + 80] + "\n")
    return path


# ---------------------------------------------------------------- running

class RunError(Exception):
    def __init__(self, kind, msg):
        Exception.__init__(self, msg)
        self.kind = kind  # "timeout", "memory", "failed"


class Completed:
    """What run_process gives: returncode, stdout, stderr (text), answer
    (seconds from the start to the last byte the process wrote to stdout:
    its printed answer; its exit if it printed nothing) and exit (seconds
    to the process's end, the driver's teardown of a CUDA context
    included)."""

    def __init__(self, returncode, stdout, stderr, answer, exit_s):
        self.returncode, self.stdout, self.stderr = returncode, stdout, stderr
        self.answer, self.exit = answer, exit_s


def run_process(cmd, timeout):
    """Runs cmd with the time budget; returns (a Completed, its wall seconds
    from start to printed answer). The answer's time is the last write to
    stdout that reached the pipe (the generated programs flush their output
    before they leave): a user reads the answer then, while the process's
    exit (a CUDA context's teardown: ~0.1 s on the GPU host) still runs.
    Raises RunError."""
    import threading
    t0 = time.time()
    try:
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    except OSError as e:
        raise RunError("failed", str(e))
    chunks = {1: [], 2: []}
    last = [None]

    def drain(f, k):
        while True:
            b = os.read(f.fileno(), 1 << 16)
            if not b:
                break
            chunks[k].append(b)
            if k == 1:
                last[0] = time.time()

    ts = [threading.Thread(target=drain, args=(p.stdout, 1)),
          threading.Thread(target=drain, args=(p.stderr, 2))]
    for t in ts:
        t.start()
    try:
        p.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        p.kill()
        p.wait()
        for t in ts:
            t.join()
        raise RunError("timeout", "killed after %.0f s (budget)" % timeout)
    t_exit = time.time()
    for t in ts:
        t.join()
    out = b"".join(chunks[1]).decode("utf-8", "replace")
    err = b"".join(chunks[2]).decode("utf-8", "replace")
    answer = (last[0] if last[0] is not None else t_exit) - t0
    return Completed(p.returncode, out, err, answer, t_exit - t0), answer


def run_json(cmd, timeout, raw, label):
    """Runs cmd; returns the last JSON object on stdout. Raises RunError."""
    p, wall = run_process(cmd, timeout)
    if p.returncode != 0:
        err = (p.stderr.strip() or p.stdout.strip() or "exit %d" % p.returncode)
        err = err.splitlines()[-1] if err else ""
        kind = "memory" if re.search(r"not enough .*memory|out of memory|cannot allocate",
                                     err, re.I) else "failed"
        raise RunError(kind, "exit %d: %s" % (p.returncode, err[:300]))
    js = None
    for line in p.stdout.splitlines():
        line = line.strip()
        if line.startswith("{"):
            try:
                js = json.loads(line)
            except ValueError:
                pass
    if js is None:
        raise RunError("failed", "no JSON line in the output: %r" % p.stdout[-200:])
    js["_wall"] = wall
    js["_exit"] = p.exit
    raw.write(json.dumps({"label": label, "cmd": cmd, "result": js}) + "\n")
    raw.flush()
    return js


def run_plosone(cmd, timeout, raw, label):
    """Runs the peer program `plosone` (markpal/plosone cuda/nussinov.cu,
    edited by plosone_prepare.py and built by build.sh from PLOSONE_SRC):
    `plosone N`. It prints no JSON and no answer; its own timer's line
    `Time taken: S seconds` (omp_get_wtime around cudaMalloc, the copy of the
    table in, all kernels and the copy of the whole n x n short table back
    into pageable host memory) gives seconds, and `plosone n: M` the n it
    really ran (it rounds N up to the next multiple of 32 above N: 16000
    runs as 16032). Returns a run_json-like dict with output None (nothing
    to compare). Raises RunError."""
    p, wall = run_process(cmd, timeout)
    raw.write(json.dumps({"label": label, "cmd": cmd, "rc": p.returncode, "wall": wall,
                          "exit": p.exit, "stdout": p.stdout[-2000:],
                          "stderr": p.stderr[-2000:]}) + "\n")
    raw.flush()
    if p.returncode != 0:
        err = (p.stderr.strip() or p.stdout.strip() or "exit %d" % p.returncode)
        err = err.splitlines()[-1] if err else ""
        kind = "memory" if re.search(r"out of memory|cannot allocate|bad_alloc",
                                     err, re.I) else "failed"
        raise RunError(kind, "exit %d: %s" % (p.returncode, err[:300]))
    t = re.findall(r"^Time taken: ([0-9.]+) seconds$", p.stdout, re.M)
    if len(t) != 1:
        raise RunError("failed", "no single 'Time taken' line in the output: %r"
                       % p.stdout[-200:])
    m = re.findall(r"^plosone n: (\d+)$", p.stdout, re.M)
    js = {"seconds": float(t[0]), "output": None, "_wall": wall, "_exit": p.exit}
    if len(m) == 1:
        js["n_run"] = int(m[0])
    return js


# ---------------------------------------------------------------- the plan

class Row:
    """One implementation of one recurrence on one backend, over sizes."""

    def __init__(self, rec, impl, backend, sizes, peak, device, cmd=None, missing=None,
                 run=run_json, size_ok=None):
        self.rec, self.impl, self.backend = rec, impl, backend
        self.sizes, self.peak, self.device = sizes, peak, device
        self.cmd = cmd          # cmd(n, files) -> argv
        self.missing = missing  # "not built" reason
        self.run = run          # run(argv, timeout, raw, label) -> dict (run_json)
        self.size_ok = size_ok  # size_ok(n) -> None, or why n is not run
        self.points = {}        # n -> dict
        self.notes = []

    @property
    def key(self):
        return "%s/%s/%s" % (self.rec, self.impl, self.backend)


def plan(args, bindir, gpu_ok, threads):
    gpu_sizes = args.gpu_sizes or (QUICK_GPU_SIZES if args.quick else GPU_SIZES)
    cpu_sizes = args.cpu_sizes or (QUICK_CPU_SIZES if args.quick else CPU_SIZES)
    bp_sizes = args.bpmax_sizes or (QUICK_BPMAX_SIZES if args.quick else BPMAX_SIZES)
    T = str(threads)
    B = lambda name: os.path.join(bindir, name)
    rows = []

    def gen_row(rec, backend, sizes, peak, device):
        exe = os.path.join(args.generated, rec, "build", rec)
        if not os.path.exists(exe):
            return Row(rec, "generated", backend, sizes, peak, device,
                       missing="not built (%s missing)" % os.path.relpath(exe, ROOT)
                       if exe.startswith(ROOT) else "not built (%s missing)" % exe)

        def cmd(n, files, exe=exe, backend=backend):
            c = [exe, "--backend=" + backend]
            if rec == "bpmax":
                c += ["--in", "seq1=@" + files[0], "--in", "seq2=@" + files[1]]
            else:
                c += ["--in", "seq=@" + files[0]]
            c += ["--json", "--timing"]
            if backend == "openmp":
                c += ["--threads", T]
            return c
        return Row(rec, "generated", backend, sizes, peak, device, cmd=cmd)

    def base_row(rec, impl, backend, sizes, peak, device, extra=()):
        exe = B(impl)
        if not os.path.exists(exe):
            return Row(rec, impl, backend, sizes, peak, device,
                       missing="not built (%s missing)" % exe)

        def cmd(n, files, exe=exe):
            c = [exe, "--seq", files[0]]
            if rec == "bpmax":
                c += ["--seq2", files[1]]
            else:
                c += ["--mode=" + rec]
            if backend in ("openmp",):
                c += ["--threads", T]
            return c + list(extra)
        return Row(rec, impl, backend, sizes, peak, device, cmd=cmd)

    def plosone_row(rec, sizes):
        exe = B("plosone")
        if not os.path.exists(exe):
            return Row(rec, "plosone", "cuda", sizes, "peak-dpx-s32", "gpu",
                       missing="not built (%s missing; the peer's source is not in this "
                       "repository: pass --plosone-src, see tests/bench/README.md)" % exe)

        def size_ok(n):
            # plosone_prepare.py's bounds: N and the loop indices are short and
            # N is rounded up by 1..32; its 64-letter strcpy needs N >= 32.
            if n >= 32767 - 31:
                return "n >= 32736 overflows the peer's short indices"
            if n < 32:
                return "n < 32 overflows the peer's 64-letter sequence copy"
            return None
        return Row(rec, "plosone", "cuda", sizes, "peak-dpx-s32", "gpu",
                   cmd=lambda n, files: [exe, str(n)], run=run_plosone, size_ok=size_ok)

    for rec in args.recurrences:
        if rec in ("nussinov", "chang"):
            if gpu_ok:
                rows.append(gen_row(rec, "cuda", gpu_sizes, "peak-dpx-s32", "gpu"))
                for impl in ["li-blocked", "li-packed", "chang3k"]:
                    rows.append(base_row(rec, impl, "cuda", gpu_sizes, "peak-dpx-s32", "gpu"))
                if rec == "nussinov":
                    # The peer markpal/plosone cuda/nussinov.cu (run_plosone).
                    # Its recurrence is our --mode=nussinov, not chang: it sets
                    # C(i,i) = C(i,i+1) = 0 but also C(i+1,i) = 0, and fills
                    # the diagonal j = i+1 with the same formula as the
                    # others, max(C(i,i) + C(i+1,i+1), C(i+1,i) +
                    # bond(a_i,a_{i+1})) = bond(a_i,a_{i+1}) = base(i) of
                    # --mode=nussinov (checked against a transcription of
                    # its CPU control loop on random sequences: equal to
                    # nussinov, different from chang). Its bond has no GU/UG
                    # pairs, and it runs on its own random sequence (no
                    # --seq), so its answer (never printed) would not be
                    # comparable anyway: output stays empty and is not
                    # checked. Same work count as the other rows (for the n
                    # asked, not the rounded n it runs, like li-*'s padding).
                    rows.append(plosone_row(rec, gpu_sizes))
            rows.append(gen_row(rec, "openmp", cpu_sizes, "peak-cpu-all", "cpu"))
            rows.append(base_row(rec, "omp2", "openmp", cpu_sizes, "peak-cpu-all", "cpu"))
            rows.append(base_row(rec, "omp1", "openmp", cpu_sizes, "peak-cpu-all", "cpu"))
            rows.append(gen_row(rec, "serial", cpu_sizes, "peak-cpu-core", "cpu"))
            rows.append(base_row(rec, "cpu2", "cpu", cpu_sizes, "peak-cpu-core", "cpu"))
            rows.append(base_row(rec, "cpu1", "cpu", cpu_sizes, "peak-cpu-core", "cpu"))
        elif rec == "bpmax":
            if gpu_ok:
                rows.append(gen_row(rec, "cuda", bp_sizes, "peak-dpx-s32", "gpu"))
            rows.append(gen_row(rec, "openmp", bp_sizes, "peak-cpu-all", "cpu"))
            rows.append(base_row(rec, "bpmax-omp", "openmp", bp_sizes, "peak-cpu-all", "cpu"))
            rows.append(gen_row(rec, "serial", bp_sizes, "peak-cpu-core", "cpu"))
    if args.only:
        rx = re.compile(args.only)
        rows = [r for r in rows if rx.search(r.key)]
    return rows


# ---------------------------------------------------------------- report

def fmt_s(x):
    if x is None:
        return "-"
    return "%.4g" % x


def fmt_g(x):
    return "-" if x is None else ("%.3g" % x if x < 100 else "%.0f" % x)


def pick(rows, rec, impl, backend, n):
    for r in rows:
        if r.rec == rec and r.impl == impl and r.backend == backend:
            p = r.points.get(n)
            if p and p.get("status") in ("ok", "MISMATCH"):
                return p
    return None


def targets(rows, peaks, recs):
    out = []
    for rec in ("nussinov", "chang"):
        if rec not in recs:
            continue
        g = pick(rows, rec, "generated", "cuda", 16000)
        l = pick(rows, rec, "li-blocked", "cuda", 16000)
        name = "generated CUDA %s at n = 16000: faster than li-blocked and >= 25%% of the " \
               "int32 DPX peak" % rec
        if not g or not l or "peak-dpx-s32" not in peaks:
            why = []
            if not g: why.append("no generated CUDA point at n = 16000")
            if not l: why.append("no li-blocked point at n = 16000")
            if "peak-dpx-s32" not in peaks: why.append("no DPX peak")
            out.append((name, "NOT RUN", "; ".join(why)))
        else:
            ok = (g["status"] == "ok" and g["min"] < l["min"] and g["pct"] is not None
                  and g["pct"] >= 25.0)
            detail = "generated %.4g s (%.1f%% of peak) vs li-blocked %.4g s%s" % (
                g["min"], g["pct"] or 0, l["min"],
                "; ANSWER MISMATCH" if g["status"] != "ok" else "")
            out.append((name, "MET" if ok else "MISSED", detail))
    for rec in ("nussinov", "chang"):
        if rec not in recs:
            continue
        g = pick(rows, rec, "generated", "openmp", 4000)
        o = pick(rows, rec, "omp2", "openmp", 4000)
        name = "generated OpenMP %s at n = 4000: at least as fast as omp2" % rec
        if not g or not o:
            why = []
            if not g: why.append("no generated OpenMP point at n = 4000")
            if not o: why.append("no omp2 point at n = 4000")
            out.append((name, "NOT RUN", "; ".join(why)))
        else:
            ok = g["status"] == "ok" and g["min"] <= o["min"]
            detail = "generated %.4g s vs omp2 %.4g s%s" % (
                g["min"], o["min"], "; ANSWER MISMATCH" if g["status"] != "ok" else "")
            out.append((name, "MET" if ok else "MISSED", detail))
    return out


def write_outputs(args, rows, peaks, info, mismatches):
    os.makedirs(args.out, exist_ok=True)
    # wall_s: start to printed answer (the last byte on stdout; the
    # generated programs print the structure too), min over the repeats;
    # the process's end (its exit, a CUDA context's teardown included) in
    # notes
    cols = ["recurrence", "impl", "backend", "n", "seconds_min", "seconds_median", "gcups",
            "pct_peak", "device", "commit", "m", "threads", "repeats", "output", "updates",
            "status", "wall_s", "notes"]
    # notes: e.g. plosone's "ran n = 16032" (it rounds n up); output is
    # empty for a program that prints no answer (plosone)
    with open(os.path.join(args.out, "results.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(cols)
        for name, p in peaks.items():
            w.writerow(["peak", name, p["backend"], "", "", "", "%.2f" % p["gups"], "",
                        info["gpu"] if p["backend"] == "cuda" else info["cpu"],
                        info["commit"], "", p.get("threads", ""), "", "", "", "ok", "", ""])
        for r in rows:
            if r.missing:
                continue
            for n in sorted(r.points):
                p = r.points[n]
                if p["status"] not in ("ok", "MISMATCH"):
                    continue
                w.writerow([r.rec, r.impl, r.backend, n, "%.6f" % p["min"],
                            "%.6f" % p["median"], "%.3f" % p["gcups"],
                            "" if p["pct"] is None else "%.2f" % p["pct"],
                            info["gpu"] if r.device == "gpu" else info["cpu"], info["commit"],
                            n if r.rec == "bpmax" else "",
                            info["threads"] if r.backend == "openmp" else 1,
                            len(p["times"]),
                            "" if p["output"] is None else p["output"], p["updates"],
                            p["status"], "%.3f" % p["wall"] if "wall" in p else "",
                            "; ".join(x for x in (
                                p.get("note", ""),
                                "process exit %.3f s" % p["exit"] if "exit" in p else "")
                                if x)])

    L = []
    L.append("# dpc benchmarks")
    L.append("")
    L.append("- date: %s" % info["date"])
    L.append("- commit: `%s`%s" % (info["commit"], " (the working tree had uncommitted "
                                               "changes to tracked files)" if info["dirty"]
                                               else ""))
    L.append("- GPU: %s" % (info["gpu"] or "none (not run)"))
    L.append("- CPU: %s, %d threads for OpenMP codes" % (info["cpu"], info["threads"]))
    L.append("- command: `%s`" % info["cmdline"])
    L.append("- repeats per point: %d (min and median reported); per-point time budget %g s"
             % (args.repeat, args.budget))
    L.append("")
    L.append("## Targets")
    L.append("")
    for name, verdict, detail in targets(rows, peaks, args.recurrences):
        L.append("- **%s** — %s: %s" % (verdict, name, detail))
    L.append("")
    if mismatches:
        L.append("## ANSWER MISMATCHES")
        L.append("")
        for m in mismatches:
            L.append("- **MISMATCH** %s" % m)
        L.append("")
    L.append("## Peaks (measured in this run)")
    L.append("")
    L.append("| peak | backend | G updates/s | note |")
    L.append("|---|---|---:|---|")
    notes = {
        "peak-int32": "acc = max(acc + a, b), plain C++ int32",
        "peak-dpx-s32": "__viaddmax_s32, 1 update per instruction (the GPU reference)",
        "peak-dpx-s16x2": "__viaddmax_s16x2, 2 updates per instruction",
        "peak-cpu-core": "best vectorised int32 max-plus loop, one core (serial reference)",
        "peak-cpu-all": "the same on all threads (OpenMP reference)",
    }
    for name, p in peaks.items():
        extra = ""
        if "best" in p:
            extra = " (best: %s)" % p["best"]
        L.append("| %s | %s | %s | %s%s |" % (name, p["backend"], fmt_g(p["gups"]),
                                              notes.get(name, ""), extra))
    if not peaks:
        L.append("| (none) | | | |")
    L.append("")
    L.append("## Results")
    L.append("")
    L.append("Updates: nussinov/chang count the max-plus updates of the split reduction, "
             "sum over 0 <= i < j < n, j >= i+2 of (j - i) = (n-1)n(n+1)/6 - (n-1); bpmax "
             "counts the iterations of the double max reduction, "
             "[(N-1)N(N+1)/6] * [M(M+1)(M+2)/6] (N = M here). "
             "G upd/s = updates / min seconds / 1e9; % peak against the DPX int32 peak (CUDA), "
             "the all-core CPU peak (OpenMP) or the one-core CPU peak (serial).")
    L.append("")
    L.append("Process wall s: from the process's start to its printed answer (the last "
             "byte on stdout), min over the runs; exit s: to the process's end (a CUDA "
             "process's driver teardown after the answer included).")
    L.append("")
    L.append("| recurrence | impl | backend | n | min s | median s | G upd/s | % peak | "
             "process wall s | exit s | answer | status |")
    L.append("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    for r in rows:
        if r.missing:
            L.append("| %s | %s | %s | - | - | - | - | - | - | - | - | %s |"
                     % (r.rec, r.impl, r.backend, r.missing))
            continue
        for n in sorted(r.points):
            p = r.points[n]
            if p["status"] in ("ok", "MISMATCH"):
                L.append("| %s | %s | %s | %d | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                    r.rec, r.impl, r.backend, n, fmt_s(p["min"]), fmt_s(p["median"]),
                    fmt_g(p["gcups"]), "-" if p["pct"] is None else "%.2f" % p["pct"],
                    "%.3f" % p["wall"] if "wall" in p else "-",
                    "%.3f" % p["exit"] if "exit" in p else "-",
                    "-" if p["output"] is None else p["output"],
                    ("**MISMATCH**" if p["status"] == "MISMATCH" else "ok")
                    + (" (%s)" % p["note"] if p.get("note") else "")))
            else:
                L.append("| %s | %s | %s | %d | - | - | - | - | - | - | - | %s |"
                         % (r.rec, r.impl, r.backend, n, p["status"]))
    L.append("")
    L.append("Plots: `time_vs_n.png` (seconds, log-log), `pct_peak_vs_n.png`. "
             "Inputs: `inputs/` (random sequences, seed %d). Every run: `raw.jsonl`."
             % args.seed)
    L.append("")
    with open(os.path.join(args.out, "results.md"), "w") as f:
        f.write("\n".join(L))


def plot(args, rows):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except Exception as e:  # ImportError, or a broken backend
        log("NOTICE: matplotlib not available (%s): plots skipped" % e)
        return
    recs = [r for r in args.recurrences if any(x.rec == r and x.points for x in rows)]
    if not recs:
        log("NOTICE: nothing to plot")
        return
    for fname, key, ylabel, logy in [("time_vs_n.png", "min", "seconds (min)", True),
                                     ("pct_peak_vs_n.png", "pct", "% of peak", False)]:
        try:
            fig, axes = plt.subplots(1, len(recs), figsize=(6 * len(recs), 4.5), squeeze=False)
            for ax, rec in zip(axes[0], recs):
                for r in rows:
                    if r.rec != rec or r.missing:
                        continue
                    pts = [(n, p[key]) for n, p in sorted(r.points.items())
                           if p["status"] in ("ok", "MISMATCH") and p.get(key)
                           and p[key] > 0]
                    if not pts:
                        continue
                    style = "-o" if r.impl == "generated" else "--s"
                    ax.plot([x for x, _ in pts], [y for _, y in pts], style,
                            label="%s (%s)" % (r.impl, r.backend))
                ax.set_xscale("log")
                if logy:
                    ax.set_yscale("log")
                ax.set_xlabel("N = M" if rec == "bpmax" else "n")
                ax.set_ylabel(ylabel)
                ax.set_title(rec)
                ax.grid(True, which="both", alpha=0.3)
                ax.legend(fontsize=7)
            fig.tight_layout()
            fig.savefig(os.path.join(args.out, fname), dpi=120)
            plt.close(fig)
            log("wrote %s" % os.path.join(args.out, fname))
        except Exception as e:
            log("NOTICE: could not draw %s: %s" % (fname, e))


# ---------------------------------------------------------------- corpus mode

def read_corpus_table(path):
    """tests/bench/corpus.tsv -> list of dicts (see the file's header)."""
    rows = []
    with open(path) as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            rec, inputs, sets, size, quick, unit, count = line.rstrip("\n").split("\t")
            ins = []
            for spec in inputs.split():
                name, rest = spec.split("=", 1)
                kind, length = rest.split(":", 1)
                lo, hi = -5, 20
                m = re.match(r"(int|matrix)\[(-?\d+)\.\.(-?\d+)\]$", kind)
                if m:
                    kind, lo, hi = m.group(1), int(m.group(2)), int(m.group(3))
                ins.append((name, kind, length, lo, hi))
            lets = {}
            if sets != "-":
                for kv in sets.split():
                    k, v = kv.split("=", 1)
                    lets[k] = int(v)
            rows.append({"rec": rec, "inputs": ins, "lets": lets, "size": int(size),
                         "quick": int(quick), "unit": unit, "count": count})
    return rows


def corpus_count(row, n):
    env = dict(row["lets"])  # one dict: generator expressions see only globals
    env["n"] = n
    env["__builtins__"] = {"sum": sum, "min": min, "max": max, "range": range}
    return int(eval(row["count"], env))


def corpus_inputs(row, n, seed, folder):
    """Writes the inputs of one corpus problem; returns the --in arguments."""
    args = []
    for name, kind, length, lo, hi in row["inputs"]:
        L = int(eval(length, {"__builtins__": {}}, {"n": n}))
        rng = random.Random("%d/%s/%s/%d" % (seed, row["rec"], name, n))
        base = os.path.join(folder, "%s_%s_n%d" % (row["rec"], name, n))
        if kind == "matrix":
            # an L x L int matrix, a row per line (--in D=@FILE)
            path = base + ".txt"
            if not os.path.exists(path):
                with open(path, "w") as f:
                    for _ in range(L):
                        f.write(" ".join(str(rng.randint(lo, hi)) for _ in range(L)) + "\n")
        elif kind == "int":
            path = base + ".txt"
            if not os.path.exists(path):
                vals = [str(rng.randint(lo, hi)) for _ in range(L)]
                with open(path, "w") as f:
                    for i in range(0, L, 20):
                        f.write(" ".join(vals[i:i + 20]) + "\n")
        else:
            letters = {"rna": "ACGU", "dna": "ACGT",
                       "protein": "ACDEFGHIKLMNPQRSTVWY"}[kind]
            path = write_fasta(base + ".fa", "%s_%s_n%d" % (row["rec"], name, n),
                               "".join(rng.choice(letters) for _ in range(L)))
        args += ["--in", "%s=@%s" % (name, path)]
    return args


def same_answer(a, b):
    """Equal outputs; doubles (mccaskill) to a relative 1e-9: the CUDA and
    OpenMP codes may contract a * b + c into an FMA differently."""
    if isinstance(a, float) or isinstance(b, float):
        try:
            a, b = float(a), float(b)
        except (TypeError, ValueError):
            return a == b
        if math.isinf(a) or math.isinf(b):
            return a == b
        return abs(a - b) <= 1e-9 * max(1.0, abs(a), abs(b))
    return a == b


def build_corpus_folder(args, rec):
    """Configures and builds GENDIR/<rec>/ into GENDIR/<rec>/build when the
    binary is missing (tests/gpu/run-corpus.sh builds there too)."""
    src = os.path.join(args.corpus, rec)
    exe = os.path.join(src, "build", rec)
    if os.path.exists(exe) or args.no_build:
        return exe
    if not os.path.exists(os.path.join(src, "CMakeLists.txt")):
        return exe
    conf = ["cmake", "-S", src, "-B", os.path.join(src, "build"), "-DCMAKE_BUILD_TYPE=Release"]
    conf.append("-DCMAKE_CUDA_ARCHITECTURES=90" if args.gpu else "-DDPC_ENABLE_CUDA=OFF")
    log("[build] %s" % rec)
    for cmd in (conf, ["cmake", "--build", os.path.join(src, "build"), "-j",
                       str(os.cpu_count() or 2)]):
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if p.returncode != 0:
            log(p.stdout[-2000:])
            log("NOTICE: building %s failed" % rec)
            break
    return exe


def run_corpus(args, peaks, info, raw):
    """--corpus GENDIR: every recurrence of --corpus-table at its size (--quick:
    the small size), CUDA (with a GPU) and OpenMP, --repeat runs each; one
    table; results.csv with the usual columns (impl = generated)."""
    table = read_corpus_table(args.corpus_table)
    if args.only:
        rx = re.compile(args.only)
        table = [r for r in table if rx.search(r["rec"])]
    inputs = os.path.join(args.out, "inputs")
    backends = (["cuda"] if args.gpu else []) + ([] if args.cuda_only else ["openmp"])
    peak_of = {"cuda": "peak-dpx-s32", "openmp": "peak-cpu-all"}
    results = []   # (row, n, count, {backend: point})
    mismatches = []
    for row in table:
        rec = row["rec"]
        n = row["quick"] if args.quick else row["size"]
        if args.corpus_scale != 1.0:
            n = max(1, int(round(n * args.corpus_scale)))
        count = corpus_count(row, n)
        exe = build_corpus_folder(args, rec)
        pts = {}
        if not os.path.exists(exe):
            log("[%s] not built (%s missing)" % (rec, exe))
            for b in backends:
                pts[b] = {"status": "not built"}
            results.append((row, n, count, pts))
            continue
        inargs = corpus_inputs(row, n, args.seed, inputs)
        setargs = []
        for k, v in sorted(row["lets"].items()):
            setargs += ["--set", "%s=%d" % (k, v)]
        for b in backends:
            cmd = [exe, "--backend=" + b] + inargs + setargs + ["--json", "--timing"]
            if args.scores_only:
                cmd += ["--events=none"]
            if b == "openmp":
                cmd += ["--threads", str(args.threads)]
            times, outs, status = [], [], "ok"
            for k in range(args.repeat):
                label = "corpus/%s/%s n=%d run %d/%d" % (rec, b, n, k + 1, args.repeat)
                try:
                    js = run_json(cmd, args.budget, raw, label)
                except RunError as e:
                    status = {"timeout": "timeout", "memory": "does not fit"}.get(
                        e.kind, "failed") + ": " + str(e)
                    break
                if "output" not in js or "seconds" not in js:
                    status = "failed: JSON lacks output/seconds"
                    break
                times.append(float(js["seconds"]))
                outs.append(js["output"])
                log("[%s] %s n=%d run %d/%d: %.6f s  output=%s"
                    % (rec, b, n, k + 1, args.repeat, times[-1], outs[-1]))
            if status != "ok" or not times:
                log("[%s] %s n=%d: %s" % (rec, b, n, status))
                pts[b] = {"status": status}
                continue
            tmin = min(times)
            g = count / tmin / 1e9 if tmin > 0 else 0.0
            pk = peaks.get(peak_of[b], {}).get("gups")
            pts[b] = {"status": "ok", "times": times, "min": tmin,
                      "median": statistics.median(times), "output": outs[0],
                      "gps": g, "pct": 100.0 * g / pk if pk else None}
            if any(not same_answer(o, outs[0]) for o in outs):
                msg = "MISMATCH %s n=%d: %s answered differently across runs: %s" % (
                    rec, n, b, outs)
                loud(msg)
                mismatches.append(msg)
                pts[b]["status"] = "MISMATCH"
        ok = [b for b in backends if pts[b].get("status") in ("ok", "MISMATCH")]
        if len(ok) == 2 and not same_answer(pts["cuda"]["output"], pts["openmp"]["output"]):
            msg = "MISMATCH %s n=%d: cuda answered %s, openmp %s" % (
                rec, n, pts["cuda"]["output"], pts["openmp"]["output"])
            loud(msg)
            mismatches.append(msg)
            for b in ok:
                pts[b]["status"] = "MISMATCH"
        if "cuda" in pts and pts["cuda"].get("min") is not None and pts["cuda"]["min"] < 0.05 \
                and not args.quick:
            log("NOTICE: %s: the CUDA run took %.1f ms < 50 ms: raise its size in %s"
                % (rec, 1000 * pts["cuda"]["min"], os.path.relpath(args.corpus_table, ROOT)))
        results.append((row, n, count, pts))

    # results.csv: the usual columns (gcups = G cells/s or G updates/s, as
    # the unit column of corpus.tsv says; updates = that count).
    cols = ["recurrence", "impl", "backend", "n", "seconds_min", "seconds_median", "gcups",
            "pct_peak", "device", "commit", "m", "threads", "repeats", "output", "updates",
            "status"]
    with open(os.path.join(args.out, "results.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(cols)
        for name, p in peaks.items():
            w.writerow(["peak", name, p["backend"], "", "", "", "%.2f" % p["gups"], "",
                        info["gpu"] if p["backend"] == "cuda" else info["cpu"],
                        info["commit"], "", p.get("threads", ""), "", "", "", "ok"])
        for row, n, count, pts in results:
            for b, p in pts.items():
                if p["status"] not in ("ok", "MISMATCH"):
                    continue
                w.writerow([row["rec"], "generated", b, n, "%.6f" % p["min"],
                            "%.6f" % p["median"], "%.3f" % p["gps"],
                            "" if p["pct"] is None else "%.2f" % p["pct"],
                            info["gpu"] if b == "cuda" else info["cpu"], info["commit"], "",
                            info["threads"] if b == "openmp" else 1, len(p["times"]),
                            p["output"], count, p["status"]])

    def cell_s(p):
        return fmt_s(p["min"]) if p.get("status") in ("ok", "MISMATCH") else p.get("status", "-")[:28]

    def cell_g(p):
        if p.get("status") not in ("ok", "MISMATCH"):
            return "-"
        return fmt_g(p["gps"]) + ("" if p["pct"] is None else " (%.1f%%)" % p["pct"])

    head = ["recurrence", "n", "unit", "count", "CUDA s", "OpenMP s", "CUDA G/s (% peak)",
            "OpenMP G/s (% peak)", "CUDA/OpenMP", "status"]
    lines = []
    for row, n, count, pts in results:
        c = pts.get("cuda", {"status": "no GPU"})
        o = pts.get("openmp", {"status": "not run (--cuda-only)"})
        ratio = "-"
        if c.get("min") and o.get("min"):
            ratio = "%.3g" % (c["min"] / o["min"])
        st = "MISMATCH" if any(p.get("status") == "MISMATCH" for p in pts.values()) else (
            "ok" if all(p.get("status") == "ok" for p in pts.values()) else "incomplete")
        lines.append([row["rec"], str(n), row["unit"], "%.3g" % count, cell_s(c), cell_s(o),
                      cell_g(c), cell_g(o), ratio, st])
    L = ["# dpc corpus benchmark", "",
         "- date: %s" % info["date"],
         "- commit: `%s`%s" % (info["commit"], " (uncommitted changes)" if info["dirty"] else ""),
         "- GPU: %s" % (info["gpu"] or "none (not run)"),
         "- CPU: %s, %d threads for OpenMP" % (info["cpu"], info["threads"]),
         "- command: `%s`" % info["cmdline"],
         "- generated folders: `%s`; sizes and counts: `%s`" % (
             args.corpus, os.path.relpath(args.corpus_table, ROOT)),
         "- repeats: %d (min seconds); peaks: %s" % (args.repeat, ", ".join(
             "%s %s G/s" % (k, fmt_g(v["gups"])) for k, v in peaks.items()) or "none"),
         "- runs: %s" % ("score only (--events=none: no traceback; tables kept as two "
                         "rolling rows where they allow it)" if args.scores_only
                         else "with the traceback (--json: the whole tables)"),
         "",
         "G/s = count / min seconds / 1e9, the count being the DP cells (unit `cells`) or the "
         "reduction updates (unit `updates`) of tests/bench/corpus.tsv; % peak against the "
         "int32 DPX max-plus peak (CUDA) or the all-core CPU max-plus peak (OpenMP). "
         "CUDA/OpenMP is the ratio of the times (below 1: the GPU is faster).", ""]
    L.append("| " + " | ".join(head) + " |")
    L.append("|" + "|".join("---" if i in (0, 2, 9) else "---:" for i in range(len(head))) + "|")
    for ln in lines:
        L.append("| " + " | ".join(ln) + " |")
    if mismatches:
        L += ["", "## ANSWER MISMATCHES", ""] + ["- **%s**" % m for m in mismatches]
    with open(os.path.join(args.out, "results.md"), "w") as f:
        f.write("\n".join(L) + "\n")
    log("wrote %s and %s" % (os.path.join(args.out, "results.csv"),
                             os.path.join(args.out, "results.md")))
    # The table, last.
    widths = [max(len(head[i]), max([len(l[i]) for l in lines] or [0]))
              for i in range(len(head))]
    log("")
    log("  ".join(h.ljust(widths[i]) for i, h in enumerate(head)))
    for ln in lines:
        log("  ".join((v.ljust if i in (0, 2, 9) else v.rjust)(widths[i])
                      for i, v in enumerate(ln)))
    if mismatches:
        loud("%d ANSWER MISMATCH(ES); see results.md" % len(mismatches))
        return 1
    if any(p.get("status") != "ok" for _, _, _, pts in results for p in pts.values()):
        log("NOTICE: some runs failed or were not built (see the status column)")
        return 1
    return 0


# ---------------------------------------------------------------- batch mode

def run_batch(args, peaks, info, raw):
    """--batch: many problems in one run of a generated binary.
      rna2000: GEN/nussinov, 2000 random RNAs of 50..400 nt (with structures:
        --json), CUDA and OpenMP; and CUDA with scores only (--events=none);
      sw-db (with --corpus GENDIR): GENDIR/sw_local, one DNA query of 1000 nt
        against 20000 targets of 200..2000 nt, scores only, CUDA (OpenMP
        without a GPU).
    seconds = the compute time of the `timing:` summary line (GPU: CUDA
    events over every batch), wall = the process's wall time. CSV: the usual
    columns with impl generated-batch, n = the number of problems, and
    wall_s added."""
    rnd = random.Random(args.seed)
    inputs = os.path.join(args.out, "inputs")
    os.makedirs(inputs, exist_ok=True)
    nb = args.batch_count
    rna = os.path.join(inputs, "batch-rna%d.fa" % nb)
    lens = [rnd.randint(50, 400) for _ in range(nb)]
    with open(rna, "w") as f:
        for i, n in enumerate(lens):
            f.write(">r%d\n%s\n" % (i, "".join(rnd.choice("ACGU") for _ in range(n))))
    nus_updates = sum(updates_nussinov(n) for n in lens)
    work = []  # (name, exe, args, count, unit, peak backend list)
    exe = os.path.join(args.generated, "nussinov", "build", "nussinov")
    for b in (["cuda"] if args.gpu else []) + ["openmp"]:
        work.append(("rna%d" % nb, "nussinov", exe, b, [rna, "--json"], nus_updates, "updates"))
    if args.gpu:
        work.append(("rna%d-scores" % nb, "nussinov", exe, "cuda", [rna, "--events=none"],
                     nus_updates, "updates"))
    if args.corpus:
        q = os.path.join(inputs, "batch-query1000.fa")
        t = os.path.join(inputs, "batch-targets%d.fa" % args.db_count)
        write_fasta(q, "query", "".join(rnd.choice("ACGT") for _ in range(1000)))
        tl = [rnd.randint(200, 2000) for _ in range(args.db_count)]
        with open(t, "w") as f:
            for i, m in enumerate(tl):
                f.write(">t%d\n%s\n" % (i, "".join(rnd.choice("ACGT") for _ in range(m))))
        sw = os.path.join(args.corpus, "sw_local", "build", "sw_local")
        # (OpenMP only without a GPU: at ~1 G cells/s it takes minutes)
        for b in ["cuda"] if args.gpu else ["openmp"]:
            work.append(("sw-db%d" % args.db_count, "sw_local", sw, b,
                         ["--in", "a=@" + q, t], 1000 * sum(tl), "cells"))
    peak_of = {"cuda": "peak-dpx-s32", "openmp": "peak-cpu-all"}
    results, outs_of = [], {}
    rx = re.compile(r"timing: (\d+) problem\(s\) in (\d+) batch\(es\), (\d+) failed; "
                    r"compute ([0-9.]+) s")
    for name, rec, exe, b, extra, count, unit in work:
        if not os.path.exists(exe):
            log("[batch] %s: %s not built" % (name, exe))
            results.append((name, rec, b, count, unit, {"status": "not built"}))
            continue
        cmd = [exe, "--backend=" + b, "--timing"] + extra
        if b == "openmp":
            cmd += ["--threads", str(args.threads)]
        times, walls, status, out = [], [], "ok", None
        for k in range(args.repeat):
            try:
                p, wall = run_process(cmd, args.budget)
            except RunError as e:
                status = "timeout" if e.kind == "timeout" else "failed: " + str(e)
                break
            m = rx.search(p.stderr)
            raw.write(json.dumps({"label": "batch/%s/%s run %d" % (name, b, k + 1),
                                  "cmd": cmd, "rc": p.returncode,
                                  "stderr": p.stderr[-2000:], "wall": wall,
                                  "exit": p.exit}) + "\n")
            if p.returncode != 0 or not m or m.group(3) != "0":
                status = "failed: rc %d %s" % (p.returncode, p.stderr.strip()[-200:])
                break
            times.append(float(m.group(4)))
            walls.append(wall)
            # every problem's line, without its time (--timing adds the batch's)
            out = re.sub(r',"seconds":[0-9.eE+-]+', "", p.stdout)
            out = re.sub(r"(?m)^time: .*\n", "", out)
            log("[batch] %s %s run %d/%d: compute %.6f s, wall %.3f s, %s problems in %s batch(es)"
                % (name, b, k + 1, args.repeat, times[-1], wall, m.group(1), m.group(2)))
        if status != "ok" or not times:
            log("[batch] %s %s: %s" % (name, b, status))
            results.append((name, rec, b, count, unit, {"status": status}))
            continue
        tmin = min(times)
        g = count / tmin / 1e9 if tmin > 0 else 0.0
        pk = peaks.get(peak_of[b], {}).get("gups")
        results.append((name, rec, b, count, unit, {
            "status": "ok", "times": times, "min": tmin, "median": statistics.median(times),
            "wall": min(walls), "gps": g, "pct": 100.0 * g / pk if pk else None}))
        outs_of.setdefault(name, {})[b] = out
    mismatches = []
    for name, by in outs_of.items():
        if len(by) == 2 and by["cuda"] != by["openmp"]:
            a, c = by["cuda"].splitlines(), by["openmp"].splitlines()
            bad = sum(1 for x, y in zip(a, c) if x != y) + abs(len(a) - len(c))
            msg = "MISMATCH %s: %d of %d result lines differ between cuda and openmp" % (
                name, bad, max(len(a), len(c)))
            loud(msg)
            mismatches.append(msg)
            for r in results:
                if r[0] == name and r[5].get("status") == "ok":
                    r[5]["status"] = "MISMATCH"
    cols = ["recurrence", "impl", "backend", "n", "seconds_min", "seconds_median", "gcups",
            "pct_peak", "device", "commit", "m", "threads", "repeats", "output", "updates",
            "status", "wall_s"]
    with open(os.path.join(args.out, "results.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(cols)
        for name, rec, b, count, unit, p in results:
            if p["status"] not in ("ok", "MISMATCH"):
                continue
            w.writerow([rec, "generated-batch", b, nb if rec == "nussinov" else args.db_count,
                        "%.6f" % p["min"], "%.6f" % p["median"], "%.3f" % p["gps"],
                        "" if p["pct"] is None else "%.2f" % p["pct"],
                        info["gpu"] if b == "cuda" else info["cpu"], info["commit"], name,
                        info["threads"] if b == "openmp" else 1, len(p["times"]), "",
                        count, p["status"], "%.3f" % p["wall"]])
    head = ["workload", "backend", "problems", "unit", "count", "compute s", "wall s",
            "G/s (% peak)", "status"]
    lines = []
    for name, rec, b, count, unit, p in results:
        ok = p["status"] in ("ok", "MISMATCH")
        lines.append([name, b, str(nb if rec == "nussinov" else args.db_count), unit,
                      "%.3g" % count, fmt_s(p["min"]) if ok else p["status"][:28],
                      "%.3f" % p["wall"] if ok else "-",
                      (fmt_g(p["gps"]) + ("" if p["pct"] is None else " (%.2f%%)" % p["pct"]))
                      if ok else "-", p["status"][:10]])
    L = ["# dpc batch benchmark", "", "- date: %s" % info["date"],
         "- commit: `%s`" % info["commit"], "- GPU: %s" % (info["gpu"] or "none"),
         "- CPU: %s, %d threads for OpenMP" % (info["cpu"], info["threads"]),
         "- command: `%s`" % info["cmdline"], "",
         "compute s: the `timing:` line's compute time (min of %d runs); wall s: the "
         "process's start to its printed answer (min; raw.jsonl has each run's exit "
         "too); G/s: count / compute s." % args.repeat, "",
         "| " + " | ".join(head) + " |", "|" + "|".join("---" for _ in head) + "|"]
    L += ["| " + " | ".join(l) + " |" for l in lines]
    if mismatches:
        L += ["", "## ANSWER MISMATCHES", ""] + ["- **%s**" % m for m in mismatches]
    with open(os.path.join(args.out, "results.md"), "w") as f:
        f.write("\n".join(L) + "\n")
    log("")
    widths = [max(len(head[i]), max([len(l[i]) for l in lines] or [0])) for i in range(len(head))]
    log("  ".join(h.ljust(widths[i]) for i, h in enumerate(head)))
    for ln in lines:
        log("  ".join(v.ljust(widths[i]) for i, v in enumerate(ln)))
    if mismatches:
        return 1
    return 0 if all(r[5]["status"] == "ok" for r in results) else 1


# ---------------------------------------------------------------- main


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="small sizes, a smoke test")
    ap.add_argument("--only", help="regex on RECURRENCE/IMPL/BACKEND, e.g. 'chang/(li|gen)'")
    ap.add_argument("--repeat", type=int, default=3, help="runs per point (default 3)")
    ap.add_argument("--out", default=os.path.join(ROOT, "docs", "benchmarks"))
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--gpu", dest="gpu", action="store_true", default=None,
                   help="run the GPU codes (default: when nvidia-smi sees a GPU)")
    g.add_argument("--no-gpu", dest="gpu", action="store_false")
    ap.add_argument("--generated", default=os.path.join(ROOT, "generated"),
                    help="folder of generated code: GEN/<rec>/build/<rec>")
    ap.add_argument("--bin", default=os.path.join(ROOT, "build-bench"),
                    help="where the baselines are built (default build-bench/)")
    ap.add_argument("--no-build", action="store_true", help="use the baselines in --bin as they are")
    ap.add_argument("--plosone-src", metavar="NUSSINOV_CU",
                    help="the peer's cuda/nussinov.cu from a clone of "
                         "https://github.com/markpal/plosone: build.sh builds it (as "
                         "PLOSONE_SRC) into --bin/plosone, run for nussinov at the GPU sizes; "
                         "without it an already built --bin/plosone is used if there")
    ap.add_argument("--threads", type=int, default=os.cpu_count() or 1,
                    help="threads for OpenMP codes (default: all cores)")
    ap.add_argument("--budget", type=float, default=600.0,
                    help="seconds per run; an implementation that exceeds it (or is "
                         "predicted to, from n^3 / N^6 scaling) skips larger sizes")
    ap.add_argument("--commit", help="commit id to report (default: git rev-parse --short HEAD)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--recurrences", default="nussinov,chang,bpmax")
    ap.add_argument("--gpu-sizes", type=lambda s: [int(x) for x in s.split(",")])
    ap.add_argument("--cpu-sizes", type=lambda s: [int(x) for x in s.split(",")])
    ap.add_argument("--bpmax-sizes", type=lambda s: [int(x) for x in s.split(",")])
    ap.add_argument("--corpus", metavar="GENDIR",
                    help="corpus mode: time GENDIR/<rec>/build/<rec> (scripts/gen-corpus.sh; "
                         "built here when missing) for every recurrence of --corpus-table, "
                         "CUDA and OpenMP (--no-gpu: OpenMP only); --quick: tiny sizes; "
                         "--only: regex on the recurrence; default --out docs/benchmarks/corpus")
    ap.add_argument("--corpus-table", default=os.path.join(HERE, "corpus.tsv"),
                    help="sizes and counts (default tests/bench/corpus.tsv)")
    ap.add_argument("--batch", action="store_true",
                    help="batch mode: many problems per run (run_batch); default --out "
                         "docs/benchmarks/batch")
    ap.add_argument("--batch-count", type=int, default=2000,
                    help="RNAs of the batch workload (default 2000)")
    ap.add_argument("--db-count", type=int, default=20000,
                    help="targets of the database workload (default 20000; needs --corpus)")
    ap.add_argument("--cuda-only", action="store_true",
                    help="corpus mode: CUDA runs only (no OpenMP column)")
    ap.add_argument("--scores-only", action="store_true",
                    help="corpus mode: runs ask for the output only (--events=none: no "
                         "traceback, so the tables that allow it keep two rolling rows)")
    ap.add_argument("--corpus-scale", type=float, default=1.0,
                    help="multiply the corpus sizes by this (e.g. 0.5 for a shorter run)")
    args = ap.parse_args()
    if args.corpus:
        args.corpus = os.path.abspath(args.corpus)
        if not os.path.isdir(args.corpus):
            ap.error("--corpus %s: not a folder (make it with scripts/gen-corpus.sh)"
                     % args.corpus)
        if args.out == os.path.join(ROOT, "docs", "benchmarks") and not args.batch:
            args.out = os.path.join(ROOT, "docs", "benchmarks", "corpus")
    if args.batch and args.out == os.path.join(ROOT, "docs", "benchmarks"):
        args.out = os.path.join(ROOT, "docs", "benchmarks", "batch")
    args.recurrences = [r.strip() for r in args.recurrences.split(",") if r.strip()]
    for r in args.recurrences:
        if r not in ("nussinov", "chang", "bpmax"):
            ap.error("unknown recurrence %r" % r)
    if args.repeat < 1:
        ap.error("--repeat must be >= 1")
    args.out = os.path.abspath(args.out)
    args.generated = os.path.abspath(args.generated)
    args.bin = os.path.abspath(args.bin)
    if args.plosone_src:
        args.plosone_src = os.path.abspath(args.plosone_src)
        if not os.path.isfile(args.plosone_src):
            ap.error("--plosone-src %s: not a file" % args.plosone_src)
    cmdline = " ".join(shlex.quote(a) for a in ["python3"] + sys.argv)

    gname = gpu_name()
    if args.gpu is None:
        args.gpu = gname is not None
        if not args.gpu:
            log("NOTICE: no GPU found (nvidia-smi): GPU codes not run (force with --gpu)")
    elif args.gpu and gname is None:
        log("NOTICE: --gpu given but nvidia-smi sees no GPU; trying anyway")
    if args.repeat < 3:
        log("NOTICE: --repeat %d: reported numbers should use at least 3" % args.repeat)

    # Build the baselines.
    if not args.no_build:
        env = dict(os.environ)
        if not args.gpu:
            env["BENCH_NO_CUDA"] = "1"
        if args.plosone_src:
            env["PLOSONE_SRC"] = args.plosone_src
        log("[build] baselines -> %s" % args.bin)
        p = subprocess.run(["bash", os.path.join(HERE, "build.sh"), args.bin], env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if p.returncode != 0:
            log(p.stdout)
            sys.exit("error: building the baselines failed")
    os.makedirs(args.out, exist_ok=True)
    inputs = os.path.join(args.out, "inputs")
    os.makedirs(inputs, exist_ok=True)
    raw = open(os.path.join(args.out, "raw.jsonl"), "w")

    commit, dirty = (args.commit, False) if args.commit else git_commit()
    info = {
        "date": datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z"),
        "commit": commit,
        "dirty": dirty,
        "gpu": gname if args.gpu else "",
        "cpu": cpu_model(),
        "threads": args.threads,
        "cmdline": cmdline,
    }
    log("device: GPU %s; CPU %s (%d threads); commit %s"
        % (info["gpu"] or "-", info["cpu"], args.threads, info["commit"]))

    # Peaks first.
    peaks = {}
    peak_runs = [[os.path.join(args.bin, "peak-cpu"), "--threads", str(args.threads)]
                 + (["--seconds", "0.05"] if args.quick else [])]
    if args.gpu:
        peak_runs.insert(0, [os.path.join(args.bin, "peak-gpu")]
                         + (["--iters=4096"] if args.quick else []))
    for cmd in peak_runs:
        if not os.path.exists(cmd[0]):
            log("NOTICE: %s not built: its peaks are missing" % cmd[0])
            continue
        log("[peak] %s" % " ".join(cmd))
        try:
            p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               timeout=600)
        except subprocess.TimeoutExpired:
            log("NOTICE: %s timed out" % cmd[0])
            continue
        if p.returncode != 0:
            log("NOTICE: %s failed: %s" % (cmd[0], p.stderr.strip()[-300:]))
        for line in p.stdout.splitlines():
            try:
                j = json.loads(line)
            except ValueError:
                continue
            if "impl" in j and "gups" in j:
                peaks[j["impl"]] = j
                raw.write(json.dumps({"label": "peak", "cmd": cmd, "result": j}) + "\n")
                log("[peak] %-15s %10.2f G updates/s" % (j["impl"], j["gups"]))
                if args.gpu and j.get("device") and not info["gpu"]:
                    info["gpu"] = j["device"]

    if args.batch:
        rc = run_batch(args, peaks, info, raw)
        raw.close()
        return rc
    if args.corpus:
        rc = run_corpus(args, peaks, info, raw)
        raw.close()
        return rc
    rows = plan(args, args.bin, args.gpu, args.threads)
    # Inputs: one sequence (bpmax: two) per size, written once.
    files = {}

    def inputs_for(rec, n):
        if rec == "bpmax":
            key = ("bpmax", n)
            if key not in files:
                files[key] = [
                    write_fasta(os.path.join(inputs, "bpmax1_n%d.fa" % n), "bpmax1_n%d" % n,
                                make_seq(args.seed, "bpmax1", n)),
                    write_fasta(os.path.join(inputs, "bpmax2_n%d.fa" % n), "bpmax2_n%d" % n,
                                make_seq(args.seed, "bpmax2", n))]
        else:
            key = ("rna", n)
            if key not in files:
                files[key] = [write_fasta(os.path.join(inputs, "rna_n%d.fa" % n),
                                          "rna_n%d" % n, make_seq(args.seed, "rna", n))]
        return files[key]

    answers = {}  # (rec, n) -> {row key: set(outputs)}
    mismatches = []
    for r in rows:
        if r.missing:
            log("[%s] %s %s: %s" % (r.rec, r.impl, r.backend, r.missing))
            continue
        stop = None
        last = None  # (n, seconds)
        for n in sorted(r.sizes):
            if stop:
                r.points[n] = {"status": "skipped: " + stop}
                log("[%s] %s %s n=%d: skipped (%s)" % (r.rec, r.impl, r.backend, n, stop))
                continue
            why = r.size_ok(n) if r.size_ok else None
            if why:
                r.points[n] = {"status": "skipped: " + why}
                log("[%s] %s %s n=%d: skipped (%s)" % (r.rec, r.impl, r.backend, n, why))
                continue
            if last:
                exp = 6 if r.rec == "bpmax" else 3
                pred = last[1] * (float(n) / last[0]) ** exp
                if pred > args.budget:
                    stop = "predicted %.0f s per run > budget %g s" % (pred, args.budget)
                    r.points[n] = {"status": "skipped: " + stop}
                    log("[%s] %s %s n=%d: skipped (%s)" % (r.rec, r.impl, r.backend, n, stop))
                    continue
            fs = inputs_for(r.rec, n)
            times, outs, walls, exits, n_run = [], [], [], [], set()
            status = "ok"
            for k in range(args.repeat):
                label = "%s n=%d run %d/%d" % (r.key, n, k + 1, args.repeat)
                try:
                    js = r.run(r.cmd(n, fs), args.budget, raw, label)
                except RunError as e:
                    status = {"timeout": "timeout", "memory": "does not fit"}.get(
                        e.kind, "failed") + ": " + str(e)
                    log("[%s] %s %s n=%d run %d: %s" % (r.rec, r.impl, r.backend, n, k + 1,
                                                        status))
                    if e.kind in ("timeout", "memory"):
                        stop = status
                    break
                if "output" not in js or "seconds" not in js:
                    status = "failed: JSON lacks output/seconds"
                    break
                times.append(float(js["seconds"]))
                walls.append(js["_wall"])
                exits.append(js.get("_exit", js["_wall"]))
                outs.append(js["output"])
                if "n_run" in js:
                    n_run.add(js["n_run"])
                log("[%s] %s %s n=%d run %d/%d: %.6f s (answer printed at %.3f s, exit %.3f s)"
                    "  output=%s"
                    % (r.rec, r.impl, r.backend, n, k + 1, args.repeat, times[-1], walls[-1],
                       exits[-1], "-" if outs[-1] is None else outs[-1]))
                if js["output"] is None:
                    # no answer printed (plosone): nothing to compare
                    if times[-1] > args.budget:
                        stop = "run took %.0f s > budget %g s" % (times[-1], args.budget)
                    continue
                # Check against every other answer so far for this input.
                seen = answers.setdefault((r.rec, n), {})
                for other, vals in seen.items():
                    if other != r.key and js["output"] not in vals:
                        msg = "MISMATCH %s n=%d: %s answered %s, %s answered %s" % (
                            r.rec, n, r.key, js["output"], other, sorted(vals))
                        if msg not in mismatches:
                            loud(msg)
                            mismatches.append(msg)
                if len(set(outs)) > 1:
                    msg = "MISMATCH %s n=%d: %s answered differently across runs: %s" % (
                        r.rec, n, r.key, outs)
                    if msg not in mismatches:
                        loud(msg)
                        mismatches.append(msg)
                seen.setdefault(r.key, set()).add(js["output"])
                if times[-1] > args.budget:
                    stop = "run took %.0f s > budget %g s" % (times[-1], args.budget)
            if not times:
                r.points[n] = {"status": status}
                continue
            if status != "ok":
                r.points[n] = {"status": status}
                continue
            upd = updates_bpmax(n, n) if r.rec == "bpmax" else updates_nussinov(n)
            tmin, tmed = min(times), statistics.median(times)
            gc = upd / tmin / 1e9 if tmin > 0 else 0.0
            pk = peaks.get(r.peak, {}).get("gups")
            r.points[n] = {"status": "ok", "times": times, "min": tmin, "median": tmed,
                           "output": outs[0], "updates": upd, "gcups": gc,
                           "pct": 100.0 * gc / pk if pk else None, "wall": min(walls),
                           "exit": min(exits)}
            if n_run:
                r.points[n]["note"] = "ran n = %s" % ",".join(str(x) for x in sorted(n_run))
            last = (n, tmin)
            log("[%s] %s %s n=%d: min %.6f s, median %.6f s, %.3f G upd/s%s"
                % (r.rec, r.impl, r.backend, n, tmin, tmed, gc,
                   ", %.2f%% of %s" % (r.points[n]["pct"], r.peak) if pk else ""))

    # Final cross-check: a reference per (rec, n) = the validated CPU baseline
    # where it ran, else the majority answer; mark every disagreeing point.
    ref_impl = {"nussinov": "cpu2", "chang": "cpu2", "bpmax": "bpmax-omp"}
    for (rec, n), seen in answers.items():
        allv = set().union(*seen.values())
        if len(allv) <= 1:
            continue
        ref_key = [k for k in seen if k.split("/")[1] == ref_impl[rec]]
        if ref_key and len(seen[ref_key[0]]) == 1:
            ref = next(iter(seen[ref_key[0]]))
        else:
            counts = {}
            for vals in seen.values():
                for v in vals:
                    counts[v] = counts.get(v, 0) + 1
            ref = max(counts, key=lambda v: counts[v])
        for r in rows:
            if r.rec == rec and r.key in seen and seen[r.key] != {ref}:
                if n in r.points and r.points[n].get("status") == "ok":
                    r.points[n]["status"] = "MISMATCH"
    write_outputs(args, rows, peaks, info, mismatches)
    raw.close()
    log("wrote %s and %s" % (os.path.join(args.out, "results.csv"),
                             os.path.join(args.out, "results.md")))
    plot(args, rows)
    for name, verdict, detail in targets(rows, peaks, args.recurrences):
        log("[target] %s: %s (%s)" % (verdict, name, detail))
    if mismatches:
        loud("%d ANSWER MISMATCH(ES); see results.md" % len(mismatches))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
