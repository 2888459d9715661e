#!/usr/bin/env python3
"""Loop vectorization: ISS cycles of plain C loops, vectorized or not.

Compiles bench/loops/kernels.c with `clang --target=accel -O2`, once as is
and once with -fno-vectorize -fno-slp-vectorize, with the arrays in DRAM and
in the scratchpad (-DPLACE=ACCEL_SPM), runs each kernel on accel-sim's cycle
model and reads the cycles of its region of interest. Each run also checks
the kernel's result against its never-vectorized twin; a mismatch fails the
benchmark. Prints cycles per element and the speedup of vectorizing.

Usage: loops.py [--build DIR]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
KERNELS = ["saxpy", "relu", "scale_bias", "int_ops", "dequantize", "quantize",
           "clamp", "dot", "max"]
ELEMENTS = 4096  # N in kernels.c
PLACES = {"DRAM": [], "SPM": ["-DPLACE=ACCEL_SPM"]}
MODES = {"vector": [], "scalar": ["-fno-vectorize", "-fno-slp-vectorize"]}


def region_cycles(sim, elf, kernel, stats):
    run = subprocess.run([sim, "--stats-json=" + stats, elf, kernel],
                         capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit("loops.py: %s %s failed (exit %d): %s" %
                 (elf, kernel, run.returncode, run.stdout + run.stderr))
    with open(stats) as f:
        return json.load(f)["region"]["cycles"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--cflags", default="",
                    help="more compiler flags, e.g. '-mllvm -accel-...'")
    args = ap.parse_args()
    clang = os.path.join(args.build, "bin", "clang")
    sim = os.path.join(args.build, "bin", "accel-sim")
    work = tempfile.mkdtemp()
    stats = os.path.join(work, "stats.json")
    cycles = {}
    for place, place_flags in PLACES.items():
        for mode, mode_flags in MODES.items():
            elf = os.path.join(work, "%s-%s.elf" % (place, mode))
            subprocess.run([clang, "--target=accel", "-O2", *place_flags,
                            *mode_flags, *args.cflags.split(),
                            os.path.join(HERE, "kernels.c"),
                            "-o", elf], check=True)
            for k in KERNELS:
                cycles[place, mode, k] = region_cycles(sim, elf, k, stats)
    print("cycles per element over %d elements (clang -O2, cycle model)" %
          ELEMENTS)
    print("%-11s %8s %8s %8s   %8s %8s %8s" %
          ("kernel", "DRAM", "scalar", "speedup", "SPM", "scalar", "speedup"))
    for k in KERNELS:
        row = []
        for place in PLACES:
            v, s = cycles[place, "vector", k], cycles[place, "scalar", k]
            row += [v / ELEMENTS, s / ELEMENTS, s / v]
        print("%-11s %8.2f %8.2f %7.1fx   %8.2f %8.2f %7.1fx" % (k, *row))
    return 0


if __name__ == "__main__":
    sys.exit(main())
