#!/usr/bin/env python3
"""vtanh: the cycles and accuracy of elementwise tanh with and without the
vtanh.f32 instruction (the co-design case of docs/design.md).

Compiles bench/vtanh/tanh.c with `clang --target=accel -O2`, runs its two
kernels on accel-sim's cycle model and prints cycles per element (region of
interest), vector-unit and load/store-unit operations per element, and
the largest relative error against double-precision tanh. Each unit issues
one operation per cycle, so the larger of the two ops/element is the
kernel's roofline in cycles/element.

Usage: vtanh.py [--build DIR]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
ELEMENTS = 4096  # N in tanh.c


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    args = ap.parse_args()
    clang = os.path.join(args.build, "bin", "clang")
    sim = os.path.join(args.build, "bin", "accel-sim")
    with tempfile.TemporaryDirectory() as work:
        elf = os.path.join(work, "tanh.elf")
        subprocess.run([clang, "--target=accel", "-O2",
                        os.path.join(HERE, "tanh.c"), "-o", elf, "-lm"],
                       check=True)
        print("%-6s %12s %14s %14s %16s" % (
            "kernel", "cycles/elem", "VPU ops/elem", "LSU ops/elem",
            "max rel. error"))
        for kernel in ("exp", "vtanh"):
            stats = os.path.join(work, kernel + ".json")
            run = subprocess.run([sim, "--stats-json=" + stats, elf, kernel],
                                 capture_output=True, text=True)
            if run.returncode != 0:
                sys.exit("vtanh.py: %s failed: %s" % (kernel, run.stderr))
            with open(stats) as f:
                region = json.load(f)["region"]
            cycles = region["cycles"]
            busy = region["busy"]  # fraction of cycles each unit issued
            print("%-6s %12.3f %14.3f %14.3f %16.3g" % (
                kernel, cycles / ELEMENTS,
                busy["vector"] * cycles / ELEMENTS,
                busy["lsu"] * cycles / ELEMENTS,
                float(run.stdout.strip())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
