#!/usr/bin/env python3
"""Checks that a generated folder's README, its CUDA source and the target plan
(`dpc emit --stage=plan`) say the same thing about every kernel and product.

  plan_agrees.py PLAN_TXT FOLDER

For every GPU kernel of the plan: the .cu defines dpc_kernelK with the plan's
launch bounds and launches it with the plan's threads and shared memory.
For every GPU tile product: the README names the plan's form, and the .cu
implements that form (register-blocked code, generic code, or a split-K
kernel) and no other. Prints one line per fact checked; exit 1 on a mismatch.
"""
import glob
import re
import sys


def fail(msg):
    print("MISMATCH: " + msg)
    return 1


def main():
    plan_path, folder = sys.argv[1], sys.argv[2]
    plan = open(plan_path).read()
    gpu = plan.split("\ncpu:")[0]
    cu_files = glob.glob(folder + "/*_cuda.cu")
    if len(cu_files) != 1:
        print("MISMATCH: expected one *_cuda.cu in " + folder)
        return 1
    cu = open(cu_files[0]).read()
    readme = open(folder + "/README.md").read()
    bad = 0
    kernels = re.findall(
        r"^  kernel (\d+): ([a-z-]+), (\d+) threads(?:, launch bounds \((\d+), (\d+)\))?",
        gpu, re.M)
    shared = dict(re.findall(
        r"^  kernel (\d+):.*?\n(?:    .*\n)*?    shared memory: (\d+) bytes", gpu, re.M))
    for k, family, threads, lb_t, lb_b in kernels:
        before = bad
        bounds = "__launch_bounds__(%s, %s)" % (lb_t, lb_b) if lb_t else \
                 "__launch_bounds__(%s)" % threads
        m = re.search(r"__global__ void (__launch_bounds__\([^)]*\))\s+dpc_kernel%s\(" % k, cu)
        if not m:
            bad += fail("kernel %s: no __global__ dpc_kernel%s" % (k, k))
            continue
        if m.group(1) != bounds:
            bad += fail("kernel %s: plan says %s, .cu has %s" % (k, bounds, m.group(1)))
        launch = re.search(r"dpc_kernel%s<<<[^,]*,\s*(\d+),\s*(\d+)" % k, cu)
        if not launch:
            bad += fail("kernel %s: never launched" % k)
            continue
        if launch.group(1) != threads:
            bad += fail("kernel %s: plan %s threads, launch %s" % (k, threads, launch.group(1)))
        if k in shared and launch.group(2) != shared[k]:
            bad += fail("kernel %s: plan %s bytes of shared memory, launch %s"
                        % (k, shared[k], launch.group(2)))
        if bad == before:
            print("kernel %s: %s, %s threads, %s agree" % (k, family, threads, bounds))
    products = re.findall(r"^  tile product (\d+): ([a-z-]+(?:, split over k)?)", gpu, re.M)
    if not products and "tile product" in readme:
        bad += fail("README names tile products the plan does not have")
    for p, form in products:
        before = bad
        said = re.search(r"^- tile product %s in .*\((.*) on the GPU\)$" % p, readme, re.M)
        if not said:
            bad += fail("product %s: README has no line for it" % p)
        elif said.group(1) != form:
            bad += fail("product %s: plan says '%s', README says '%s'" % (p, form, said.group(1)))
        blocked = ("// Tile product %s, register-blocked" % p) in cu
        generic = ("// Tile product %s (generic form)" % p) in cu
        splitk = ("// Tile product %s: computed by dpc_product kernel (split over k)" % p) in cu
        want = (form.startswith("register-blocked"), form == "generic",
                form.endswith("split over k"))
        if (blocked, generic, splitk) != want:
            bad += fail("product %s: plan says '%s', .cu has register-blocked=%s generic=%s "
                        "split-k=%s" % (p, form, blocked, generic, splitk))
        elif bad == before:
            print("product %s: %s (README, plan and .cu agree)" % (p, form))
    print("%d kernels, %d products checked" % (len(kernels), len(products)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
