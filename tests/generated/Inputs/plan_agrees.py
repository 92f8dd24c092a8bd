#!/usr/bin/env python3
"""Checks that a generated folder's README, its CUDA source and the target plan
(`dpc emit --stage=plan`) say the same thing about every kernel and product.

  plan_agrees.py PLAN_TXT FOLDER

For every GPU kernel of the plan: the .cu defines dpc_kernelK with the plan's
launch bounds and launches it with the plan's threads and shared memory (a
kernel with a second instance for busy steps: a template on DPC_BLOCKS, both
instances launched, the busy one chosen by the plan's tiles per SM).
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
        r"^  kernel (\d+): ([a-z-]+), (\d+) threads(?:, launch bounds \((\d+), (\d+)\))?"
        r"(?: or, for a step of at least (\d+) tiles per SM, \((\d+), (\d+)\))?",
        gpu, re.M)
    shared = dict(re.findall(
        r"^  kernel (\d+):.*?\n(?:    .*\n)*?    shared memory: (\d+) bytes", gpu, re.M))
    # kernels with an int32 index instance (the plan's "index width" line
    # under the kernel): each occupancy's instance in both index types
    narrow = set(re.findall(
        r"^  kernel (\d+):.*?\n(?:    .*\n)*?    index width: index arithmetic in int32",
        gpu, re.M))
    for k, family, threads, lb_t, lb_b, busy_n, busy_t, busy_b in kernels:
        before = bad
        nar = k in narrow
        # a kernel with a second, busier instance: one template, its
        # argument the blocks per SM, each instance launched
        if busy_b:
            bounds = "__launch_bounds__(%s, DPC_BLOCKS)" % lb_t
            instances = ["<%s>" % lb_b, "<%s>" % busy_b]
            if nar:
                instances = ["<%s, %s>" % (b, t) for b in (lb_b, busy_b)
                             for t in ("int32_t", "int64_t")]
            head = "template <int DPC_BLOCKS, typename dpc_ix>" if nar else \
                "template <int DPC_BLOCKS>"
            if not re.search(re.escape(head) + r".*\n__global__ void "
                             r"__launch_bounds__\(%s, DPC_BLOCKS\)\s+dpc_kernel%s\("
                             % (lb_t, k), cu):
                bad += fail("kernel %s: no %s instance" % (k, head))
        else:
            bounds = "__launch_bounds__(%s, %s)" % (lb_t, lb_b) if lb_t else \
                     "__launch_bounds__(%s)" % threads
            instances = ["<int32_t>", "<int64_t>"] if nar else [""]
        m = re.search(r"__global__ void (__launch_bounds__\([^)]*\))\s+dpc_kernel%s\(" % k, cu)
        if not m:
            bad += fail("kernel %s: no __global__ dpc_kernel%s" % (k, k))
            continue
        if m.group(1) != bounds:
            bad += fail("kernel %s: plan says %s, .cu has %s" % (k, bounds, m.group(1)))
        for inst in instances:
            launch = re.search(r"dpc_kernel%s%s<<<[^,]*,\s*(\d+),\s*(\d+)"
                               % (k, re.escape(inst)), cu)
            if not launch:
                bad += fail("kernel %s%s: never launched" % (k, inst))
                continue
            if launch.group(1) != threads:
                bad += fail("kernel %s: plan %s threads, launch %s"
                            % (k, threads, launch.group(1)))
            if k in shared and launch.group(2) != shared[k]:
                bad += fail("kernel %s: plan %s bytes of shared memory, launch %s"
                            % (k, shared[k], launch.group(2)))
        if busy_b and ("if (dpc_n >= size_t(%s) * size_t(dpc_sms)%s)"
                       % (busy_n, " && dpc_nar" if nar else "")) not in cu:
            bad += fail("kernel %s: the busy instance is not chosen by %s tiles per SM"
                        % (k, busy_n))
        if bad == before:
            print("kernel %s: %s, %s threads, %s%s agree" % (
                k, family, threads, bounds,
                " (instances %s)" % " ".join(instances) if busy_b or nar else ""))
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
