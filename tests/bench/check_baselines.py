#!/usr/bin/env python3
"""Checks the hand-written benchmark baselines (tests/bench/).

Default (CPU, needs dpc): builds the CPU baselines into a temporary folder
and compares them with dpc's reference interpreter on random sequences:
  cpu1, cpu2, omp1, omp2  --mode=chang     vs  dpc interp recurrences/chang.dp
                          --mode=nussinov  vs  dpc interp recurrences/nussinov.dp
      for n = 1..40 and a few around 100;
  bpmax-omp               vs  dpc interp recurrences/bpmax.dp, all N, M <= 7;
plus the input errors (unknown letter, empty sequence, ...).

--gpu: also builds the GPU baselines and compares chang3k, li-blocked and
li-packed (every layout, several thresholds) with cpu2 on random inputs,
n = 1, 2, 3, 31, 32, 33, 63, 64, 65, 100, 1000 and more, both modes, and
smoke-tests peak-gpu. dpc is not needed for this part; without dpc (the GPU
host) the dpc comparisons are skipped with a notice (or pass --no-dpc).

Exit status 0 when every check passed. Usage:
  python3 tests/bench/check_baselines.py [--gpu] [--no-dpc] [--dpc PATH]
         [--bin DIR (use binaries built already)] [--seed S] [--threads T]
"""
import argparse
import concurrent.futures
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

failures = []
passed = 0


def say(msg):
    print(msg, flush=True)


def fail(msg):
    failures.append(msg)
    say("FAIL: " + msg)


def run(cmd, timeout=600):
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "", "timed out after %ss" % timeout
    return p.returncode, p.stdout, p.stderr


def output_of(cmd, what):
    """Runs cmd, parses the last JSON line of stdout, returns its "output"."""
    rc, out, err = run(cmd)
    if rc != 0:
        fail("%s: exit %s: %s" % (what, rc, (err or out).strip()[-500:]))
        return None
    lines = [l for l in out.splitlines() if l.strip().startswith("{")]
    if not lines:
        fail("%s: no JSON line in output: %r" % (what, out[-300:]))
        return None
    try:
        return json.loads(lines[-1])["output"]
    except (ValueError, KeyError) as e:
        fail("%s: bad JSON (%s): %r" % (what, e, lines[-1]))
        return None


def write_seq(d, name, seq, fasta=True, width=60):
    path = os.path.join(d, name)
    with open(path, "w") as f:
        if fasta:
            f.write(">%s\n" % name)
            for i in range(0, len(seq), width):
                f.write(seq[i:i + width] + "\n")
        else:
            f.write(seq + "\n")
    return path


def expect_equal(what, got, want):
    global passed
    if got is None or want is None:
        return  # already reported
    if got != want:
        fail("%s: got %s, expected %s" % (what, got, want))
    else:
        passed += 1


def build(bindir, gpu):
    env = dict(os.environ)
    if not gpu:
        env["BENCH_NO_CUDA"] = "1"
    say("building baselines into %s ..." % bindir)
    p = subprocess.run(["bash", os.path.join(HERE, "build.sh"), bindir], env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if p.returncode != 0:
        say(p.stdout)
        sys.exit("build failed")


def check_inputs(B, tmp):
    """Bad input gives a clear error and a non-zero exit."""
    global passed
    cases = [
        ("unknown letter", [B("cpu2"), "--seq", write_seq(tmp, "bad.fa", "ACGXU")],
         "not an RNA letter"),
        ("empty sequence", [B("omp2"), "--seq", write_seq(tmp, "empty.fa", "")],
         "empty sequence"),
        ("missing file", [B("cpu1"), "--seq", os.path.join(tmp, "nope.fa")],
         "cannot open"),
        ("bad mode", [B("cpu1"), "--seq", write_seq(tmp, "ok.fa", "ACGU"), "--mode=zuker"],
         "--mode"),
        ("two records", [B("cpu2"), "--seq", os.path.join(tmp, "two.fa")], "more than one"),
        ("bpmax without --seq2", [B("bpmax-omp"), "--seq", os.path.join(tmp, "ok.fa")],
         "--seq2"),
        ("bad threads", [B("omp2"), "--seq", os.path.join(tmp, "ok.fa"), "--threads", "0"],
         "--threads"),
    ]
    with open(os.path.join(tmp, "two.fa"), "w") as f:
        f.write(">a\nACGU\n>b\nGGCC\n")
    for what, cmd, needle in cases:
        rc, out, err = run(cmd)
        if rc == 0 or needle not in err:
            fail("input error '%s': exit %s, stderr %r" % (what, rc, err.strip()))
        else:
            passed += 1
    # Lower case, T, Windows line ends and FASTA line breaks are accepted.
    p = os.path.join(tmp, "odd.fa")
    with open(p, "w") as f:
        f.write(">odd\r\nggg aaa\r\nuucc\r\n; comment\r\nTTT\r\n")
    a = output_of([B("cpu2"), "--seq", p], "cpu2 on odd.fa")
    b = output_of([B("cpu1"), "--seq", write_seq(tmp, "odd2.fa", "GGGAAAUUCCUUU")],
                  "cpu1 on odd2.fa")
    expect_equal("lower case / T / CRLF input", a, b)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--gpu", action="store_true", help="also check the GPU baselines")
    ap.add_argument("--no-dpc", action="store_true", help="skip the comparisons with dpc")
    ap.add_argument("--dpc", default=os.path.join(ROOT, "build", "bin", "dpc"))
    ap.add_argument("--bin", help="use the baselines already built in this folder")
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--threads", type=int, default=3,
                    help="threads for omp1/omp2/bpmax-omp (default 3: uneven splits)")
    ap.add_argument("--jobs", type=int, default=4,
                    help="GPU runs at a time in --gpu (default 4)")
    args = ap.parse_args()

    tmp = tempfile.mkdtemp(prefix="dpc-bench-check-")
    try:
        bindir = args.bin or os.path.join(tmp, "bin")
        if not args.bin:
            build(bindir, args.gpu)
        B = lambda name: os.path.join(bindir, name)
        for name in ["cpu1", "cpu2", "omp1", "omp2", "bpmax-omp"]:
            if not os.path.exists(B(name)):
                sys.exit("missing baseline %s" % B(name))
        rng = random.Random(args.seed)
        rand_seq = lambda n: "".join(rng.choice("ACGU") for _ in range(n))
        use_dpc = not args.no_dpc
        if use_dpc and not os.path.exists(args.dpc):
            if args.gpu:
                say("NOTICE: %s not found: skipping the comparisons with dpc" % args.dpc)
                use_dpc = False
            else:
                sys.exit("dpc not found at %s (build it, pass --dpc, or --no-dpc)" % args.dpc)
        T = str(args.threads)
        recs = {m: os.path.join(ROOT, "recurrences", m + ".dp") for m in ["chang", "nussinov"]}

        check_inputs(B, tmp)

        if use_dpc:
            say("== CPU baselines vs dpc interp (chang.dp, nussinov.dp) ==")
            sizes = list(range(1, 41)) + [63, 64, 65, 97, 100, 101, 128]
            for n in sizes:
                seq = rand_seq(n)
                if n in (7, 30):
                    seq = "A" * n  # nothing pairs
                if n in (8, 31):
                    seq = ("GC" * n)[:n]  # everything pairs
                f = write_seq(tmp, "s%d.fa" % n, seq, fasta=(n % 2 == 0), width=17)
                for mode in ["chang", "nussinov"]:
                    want = output_of([args.dpc, "interp", recs[mode], "--in", "seq=@" + f,
                                      "--json"], "dpc interp %s n=%d" % (mode, n))
                    for impl in ["cpu1", "cpu2", "omp1", "omp2"]:
                        cmd = [B(impl), "--seq", f, "--mode=" + mode]
                        if impl.startswith("omp"):
                            cmd += ["--threads", T]
                        got = output_of(cmd, "%s %s n=%d" % (impl, mode, n))
                        expect_equal("%s --mode=%s n=%d" % (impl, mode, n), got, want)
            say("   %d checks passed so far" % passed)

            say("== bpmax-omp vs dpc interp (bpmax.dp), N, M <= 7 ==")
            bp = os.path.join(ROOT, "recurrences", "bpmax.dp")
            pairs = [(N, M) for N in range(1, 8) for M in range(1, 8)]
            pairs += [(rng.randint(1, 7), rng.randint(1, 7)) for _ in range(15)]
            for k, (N, M) in enumerate(pairs):
                f1 = write_seq(tmp, "b1_%d.fa" % k, rand_seq(N))
                f2 = write_seq(tmp, "b2_%d.fa" % k, rand_seq(M), fasta=False)
                want = output_of([args.dpc, "interp", bp, "--in", "seq1=@" + f1,
                                  "--in", "seq2=@" + f2, "--json"],
                                 "dpc interp bpmax N=%d M=%d" % (N, M))
                for t in ["1", T]:
                    got = output_of([B("bpmax-omp"), "--seq", f1, "--seq2", f2,
                                     "--threads", t], "bpmax-omp N=%d M=%d" % (N, M))
                    expect_equal("bpmax-omp N=%d M=%d threads=%s" % (N, M, t), got, want)
            for N, M in [(12, 9), (20, 17), (31, 33), (40, 8)]:
                f1 = write_seq(tmp, "bb1_%d.fa" % N, rand_seq(N))
                f2 = write_seq(tmp, "bb2_%d.fa" % M, rand_seq(M))
                outs = [output_of([B("bpmax-omp"), "--seq", f1, "--seq2", f2, "--threads", t],
                                  "bpmax-omp N=%d M=%d threads=%s" % (N, M, t))
                        for t in ["1", T, "7"]]
                for o in outs[1:]:
                    expect_equal("bpmax-omp N=%d M=%d, threads 1 vs more" % (N, M), o, outs[0])
            say("   %d checks passed so far" % passed)
        else:
            say("NOTICE: comparisons with dpc skipped")

        if args.gpu:
            say("== GPU baselines vs cpu2 ==")
            gpu_impls = [
                ("chang3k", []),
                ("chang3k", ["--t1=4", "--t2=8", "--block=64"]),
                ("chang3k", ["--t1=16", "--t2=40", "--block=256"]),
                ("chang3k", ["--t1=2", "--t2=3", "--block=512"]),
                ("li-blocked", []),
                ("li-blocked", ["--layout=row"]),
                ("li-packed", []),
                ("li-packed", ["--layout=row"]),
                ("li-packed", ["--layout=full"]),
            ]
            for name, _ in gpu_impls:
                if not os.path.exists(B(name)):
                    sys.exit("missing GPU baseline %s (was nvcc found?)" % B(name))
            small_only = {"--t1=4", "--t2=8", "--t1=16", "--t1=2", "--layout=full"}
            sizes = [1, 2, 3, 4, 5, 31, 32, 33, 63, 64, 65, 95, 96, 97, 100, 127, 128, 129,
                     200, 333, 1000, 1024, 2000, 4000]
            sizes += [rng.randint(2, 700) for _ in range(6)]
            jobs = []  # (what, cmd, want)
            for n in sizes:
                for rep in range(2 if n <= 200 else 1):
                    seq = rand_seq(n)
                    if rep == 1:
                        seq = ("GCAU" * n)[:n]
                    f = write_seq(tmp, "g%d_%d.fa" % (n, rep), seq)
                    for mode in ["chang", "nussinov"]:
                        want = output_of([B("omp2" if n >= 1000 else "cpu2"), "--seq", f,
                                          "--mode=" + mode], "cpu2 %s n=%d" % (mode, n))
                        for name, extra in gpu_impls:
                            if n > 1024 and small_only.intersection(extra):
                                continue  # the slow / redundant variants on small n only
                            what = "%s %s --mode=%s n=%d" % (name, " ".join(extra), mode, n)
                            jobs.append((what, [B(name), "--seq", f, "--mode=" + mode]
                                         + extra, want))
            say("   %d GPU runs, %d at a time" % (len(jobs), args.jobs))
            with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
                futs = [(what, want, ex.submit(output_of, cmd, what))
                        for what, cmd, want in jobs]
                for k, (what, want, fu) in enumerate(futs):
                    expect_equal(what, fu.result(), want)
                    if (k + 1) % 100 == 0:
                        say("   %d/%d GPU runs checked (%d failed)" % (k + 1, len(futs),
                                                                    len(failures)))
            say("== peak-gpu smoke test ==")
            rc, out, err = run([B("peak-gpu"), "--iters=1024", "--reps=2"])
            kinds = {}
            for l in out.splitlines():
                try:
                    j = json.loads(l)
                    kinds[j["impl"]] = j["gups"]
                except (ValueError, KeyError):
                    pass
            if rc != 0 or set(kinds) != {"peak-int32", "peak-dpx-s32", "peak-dpx-s16x2"} \
                    or min(kinds.values()) <= 0:
                fail("peak-gpu: exit %s, %r %s" % (rc, kinds, err.strip()))
            else:
                say("   %s" % kinds)
        say("")
        if failures:
            say("%d check(s) FAILED, %d passed" % (len(failures), passed))
            return 1
        say("all %d checks passed" % passed)
        return 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
