#!/usr/bin/env python3
"""Simulator speed: simulated bundles and instructions per host second.

Runs two loops on accel-sim, in functional (--fast) and cycle-model mode,
with --stats on: (a) a scalar integer loop, (b) a vector/DMA/matrix kernel.
Each is run at two sizes and the rates come from the difference, so start-up
(loading, pre-decoding) does not count. The scalar loop is also compiled
natively for the host and timed the same way: the ratio of the two rates is
the slowdown of simulation relative to native execution, in one run.

Usage: sim_speed.py [--build DIR] [--iterations N]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def run(cmd, **kw):
    subprocess.run(cmd, check=True, **kw)


def timed(cmd, repeat=3):
    """The best of `repeat` runs: a shared machine only ever adds time.
    The loops exit with their hash (0..127); a fault (accel-sim's statuses
    above 127) or a signal would time something else, so it stops the
    benchmark."""
    best = None
    for _ in range(repeat):
        start = time.perf_counter()
        proc = subprocess.run(cmd, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True)
        elapsed = time.perf_counter() - start
        if not 0 <= proc.returncode <= 127:
            sys.exit("sim_speed.py: %s failed with status %d:\n%s"
                     % (" ".join(cmd), proc.returncode, proc.stderr))
        best = elapsed if best is None else min(best, elapsed)
    return best


def build_program(bin_dir, rt_dir, tmp, name, iterations):
    src = open(os.path.join(HERE, name + ".s.in")).read()
    asm = os.path.join(tmp, "%s_%d.s" % (name, iterations))
    with open(asm, "w") as f:
        f.write(src.replace("@ITERATIONS@", str(iterations)))
    obj, elf = asm[:-2] + ".o", asm[:-2] + ".elf"
    run([os.path.join(bin_dir, "accel-as"), asm, "-o", obj])
    run([os.path.join(bin_dir, "accel-ld"), os.path.join(rt_dir, "crt0.o"),
         obj, "-L", rt_dir, "-laccelrt", "-o", elf])
    return elf


def measure(bin_dir, rt_dir, tmp, name, n, mode):
    """Rates from the difference between runs of n and 2n iterations."""
    results = []
    for iterations in (n, 2 * n):
        elf = build_program(bin_dir, rt_dir, tmp, name, iterations)
        stats = elf + "." + mode + ".json"
        cmd = [os.path.join(bin_dir, "accel-sim"), "--stats",
               "--stats-json=" + stats]
        if mode == "fast":
            cmd.append("--fast")
        seconds = timed(cmd + [elf])
        results.append((seconds, json.load(open(stats))))
    (t1, s1), (t2, s2) = results
    dt = max(t2 - t1, 1e-9)
    return {
        "bundles_per_s": (s2["bundles"] - s1["bundles"]) / dt,
        "instructions_per_s": (s2["instructions"] - s1["instructions"]) / dt,
        "cycles_per_iteration": (s2["cycles"] - s1["cycles"]) / n,
        "iterations_per_s": n / dt,
    }


def native_rate(tmp, n):
    exe = os.path.join(tmp, "scalar_loop_native")
    run(["cc", "-O2", "-o", exe, os.path.join(HERE, "scalar_loop.c")])
    t1 = timed([exe, str(n)])
    t2 = timed([exe, str(2 * n)])
    return n / max(t2 - t1, 1e-9)


def main():
    root = os.path.dirname(os.path.dirname(HERE))
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--build", default=os.path.join(root, "build"))
    p.add_argument("--iterations", type=int, default=20_000_000,
                   help="scalar loop iterations (kernel: 1/40 of it)")
    args = p.parse_args()
    bin_dir = os.path.join(args.build, "bin")
    rt_dir = os.path.join(args.build, "lib", "accel")
    n = args.iterations
    report = {}
    with tempfile.TemporaryDirectory() as tmp:
        for mode in ("fast", "timed"):
            report["scalar_" + mode] = measure(bin_dir, rt_dir, tmp,
                                               "scalar_loop", n, mode)
            report["kernel_" + mode] = measure(bin_dir, rt_dir, tmp,
                                               "kernel_loop", n // 40, mode)
        report["native_scalar_iterations_per_s"] = native_rate(tmp, n * 10)

    print("%-14s %8s %14s %14s %12s" % ("loop", "mode", "Mbundles/s",
                                        "Minstr/s", "cycles/iter"))
    for key in ("scalar_fast", "scalar_timed", "kernel_fast", "kernel_timed"):
        r = report[key]
        loop, mode = key.split("_")
        print("%-14s %8s %14.1f %14.1f %12.2f" % (
            loop, mode, r["bundles_per_s"] / 1e6,
            r["instructions_per_s"] / 1e6, r["cycles_per_iteration"]))
    native = report["native_scalar_iterations_per_s"]
    sim = report["scalar_fast"]["iterations_per_s"]
    print("native scalar loop: %.1f M iterations/s; simulated (--fast): "
          "%.1f M iterations/s; slowdown %.1fx" % (native / 1e6, sim / 1e6,
                                                  native / sim))
    json.dump(report, sys.stdout if False else open(
        os.path.join(tempfile.gettempdir(), "sim_speed.json"), "w"), indent=1)


if __name__ == "__main__":
    main()
