#!/usr/bin/env python3
"""Compile time: clang --target=accel -O2 -c against clang-19 -O2 -c
--target=riscv64 on the same files, as a ratio within one run.

The files are the project's C test programs and kernels; a file counts
only if both compilers compile it (accel.h programs are accel-only). The
two compilers alternate file by file, so machine noise hits both alike;
each total is the sum over files of the best of --repeat runs. The RISC-V
compile uses the same C library headers (riscv64 has none installed here),
so both compile the same code. Both figures include process start-up.

Usage: compile_time.py [--build DIR] [--repeat N]
"""
import argparse
import glob
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def sources():
    files = sorted(glob.glob(os.path.join(ROOT, "test", "c-programs", "*.c")))
    files += sorted(glob.glob(os.path.join(ROOT, "test", "accel-h", "*.c")))
    files += sorted(glob.glob(os.path.join(ROOT, "kernels-c", "samples", "*.c")))
    return files


def best_time(cmd, repeat):
    best = None
    for _ in range(repeat):
        start = time.perf_counter()
        proc = subprocess.run(cmd, capture_output=True)
        elapsed = time.perf_counter() - start
        if proc.returncode != 0:
            return None
        best = elapsed if best is None else min(best, elapsed)
    return best


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()

    accel = os.path.join(args.build, "bin", "clang")
    libc_inc = os.path.join(args.build, "lib", "accel", "include", "libc")
    host = "/usr/lib/llvm-19/bin/clang"
    out = tempfile.mkdtemp()
    totals = {"accel": 0.0, "riscv64": 0.0}
    counted = 0
    for src in sources():
        obj = os.path.join(out, "x.o")
        ours = [accel, "--target=accel", "-O2", "-c", src, "-o", obj]
        theirs = [host, "--target=riscv64-unknown-elf", "-O2", "-c", src,
                  "-o", obj, "-nostdinc", "-isystem",
                  "/usr/lib/llvm-19/lib/clang/19/include", "-isystem",
                  libc_inc, "-D__IEEE_LITTLE_ENDIAN"]
        t_ours = best_time(ours, args.repeat)
        t_theirs = best_time(theirs, args.repeat)
        if t_ours is None or t_theirs is None:
            continue
        totals["accel"] += t_ours
        totals["riscv64"] += t_theirs
        counted += 1
    if not counted:
        sys.exit("compile_time.py: nothing compiled with both compilers")
    ratio = totals["accel"] / totals["riscv64"]
    print("files compiled by both: %d" % counted)
    print("clang --target=accel -O2 -c:   %.2f s" % totals["accel"])
    print("clang-19 --target=riscv64 -O2: %.2f s" % totals["riscv64"])
    print("ratio accel / riscv64: %.2f (target <= 1.5)" % ratio)
    return 0


if __name__ == "__main__":
    sys.exit(main())
