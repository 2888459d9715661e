#!/usr/bin/python3
"""Kernel library benchmark: each kernel of libaccelkernels.a over a set of
shapes on accel-sim's cycle model, against the roofline that
isa/AccelMachine.td gives.

Each kernel family has a module <family>_cases.py beside this script with
DRIVER (a C program here that makes one call of the kernel, the region of
interest, on operands in DRAM, its shape from argv) and cases(params),
which yields one dict per case: "name", "args" (the driver's argv, before
its input and output files: bench_io.h), "inputs" and "errors" (the
check of the run, verify.py),
"macs" (useful matrix-unit MACs), "dram_bytes" (the minimum DRAM traffic:
each operand read once, the result written once) and optionally
"stream_cycles" (the fewest cycles of the machine's fastest unit for the
case's element-wise work: the stream engine's passes over the data at
StreamLanes elements a cycle).

Every run is checked: the driver reads its inputs, seeded random values
(a generator seeded from the case's name), from a file this script writes
before its region, and writes its output after the region, which is
compared with a float64 numpy reference within the bound the kernel's
test derives (verify.py). A case whose output is outside it fails the
benchmark: a line naming the case and the worst element on stderr, exit
status 1, and no --docs or --svg written. The region is the kernel call
alone, as before: reading and writing the files are outside it.

For each case: cycles of the kernel call, matrix utilization (useful MACs /
(MacsPerCycle x cycles)), the achieved DMA bandwidth, the busy fractions of
the two load/store ports, of the vector unit and of the stream engine,
and the roofline bound: the largest of the compute time at the matrix
unit's peak (MACs / MacsPerCycle), the element-wise work's time on the
stream engine, and the time to move the minimum DRAM traffic at
DmaChannels x DmaBytesPerCycle. Each is the machine's best unit for that
work, not the unit the kernel chose: a depthwise convolution's MACs are
bounded at the matrix unit's rate though the kernel runs them on the
vector unit. "of bound" is bound / cycles; "of DMA roofline" the DMA time
alone / cycles, the figure memory-bound kernels are judged by.

Usage: kernels.py [--build DIR] [--docs FILE] [--svg FILE] [--stats NAMES]
                  [--family NAMES]
  --docs rewrites the table between the markers in FILE
  (docs/performance.md); --svg writes the roofline plot; --stats prints
  accel-sim's statistics of the named cases (comma-separated) first;
  --family runs only the named families (comma-separated module prefixes).
  (Debian's python3, for numpy.)
"""
import argparse
import glob
import importlib
import json
import math
import os
import subprocess
import sys
import tempfile
import zlib

try:
    import numpy as np
except ImportError:  # another python3 first on PATH: Debian's has numpy
    if sys.executable == "/usr/bin/python3" or not os.path.exists(
            "/usr/bin/python3"):
        raise
    os.execv("/usr/bin/python3", ["/usr/bin/python3"] + sys.argv)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "test", "Inputs"))
from isa_records import machine_params  # noqa: E402

sys.path.insert(0, HERE)
FAMILIES = ["gemm", "conv2d", "attention"]  # the table's order
BEGIN = "<!-- bench/kernels/kernels.py: begin -->"
END = "<!-- bench/kernels/kernels.py: end -->"


def run_case(build, elf, case, work, show_stats):
    """The region's statistics and what the check of the output found
    wrong (None if nothing, verify.py); with show_stats, accel-sim's
    --stats text of the region printed too."""
    stem = "-".join(map(str, case["args"]))
    stats = os.path.join(work, stem + ".json")
    files = [stem + ".in", stem + ".out"]  # in work, the simulator's root
    rng = np.random.default_rng(zlib.crc32(case["name"].encode()))
    inputs = case["inputs"](rng)
    with open(os.path.join(work, files[0]), "wb") as f:
        for x in inputs:
            f.write(np.ascontiguousarray(x, "<f4").tobytes())
    cmd = [os.path.join(build, "bin", "accel-sim"), "--stats-json=" + stats]
    cmd += ["--stats"] if show_stats else []
    run = subprocess.run(cmd + [elf] + [str(a) for a in case["args"]] +
                         files, cwd=work, stderr=subprocess.PIPE, text=True)
    if run.returncode:
        sys.stderr.write(run.stderr)
        sys.exit("kernels.py: %s: the driver exited with %d" % (
            case["name"], run.returncode))
    if show_stats:
        region = run.stderr[run.stderr.index("--- accel-sim region"):]
        print("=== %s\n%s" % (case["name"], region))
    got = np.fromfile(os.path.join(work, files[1]), "<f4")
    errors, problem = case["errors"](inputs, got)
    for name in files:
        os.unlink(os.path.join(work, name))
    with open(stats) as f:
        return json.load(f)["region"], problem, float(np.max(errors))


def unit_times(p, case):
    """The fewest cycles each unit needs for the case."""
    return {"matrix": case["macs"] / p["MacsPerCycle"],
            "stream": case.get("stream_cycles", 0),
            "DMA": case["dram_bytes"] / (
                p["DmaChannels"] * p["DmaBytesPerCycle"])}


def roofline(p, case):
    """The bound in cycles and the unit that sets it."""
    times = unit_times(p, case)
    limit = max(times, key=times.get)
    return times[limit], limit


def families():
    """The case modules that exist, in FAMILIES order."""
    present = [os.path.basename(f)[:-len("_cases.py")]
               for f in glob.glob(os.path.join(HERE, "*_cases.py"))]
    order = FAMILIES + sorted(set(present) - set(FAMILIES))
    return [importlib.import_module(f + "_cases") for f in order
            if f in present]


def svg_plot(rows, p, path):
    """A log-log roofline: MACs per cycle against MACs per DRAM byte, the
    matrix unit's roof solid and the vector unit's dashed; the cases as
    numbered points, named in a legend."""
    peak = p["MacsPerCycle"]
    vector_peak = p["VectorLanes"]
    bw = p["DmaChannels"] * p["DmaBytesPerCycle"]
    w, h, pad, legend = 900, 400, 50, 340
    xs = (0.1, 1000.0)
    ys = (1.0, peak * 2.0)

    def x(v):
        return pad + (w - legend - 2 * pad) * (
            math.log10(v) - math.log10(xs[0])) / (
                math.log10(xs[1]) - math.log10(xs[0]))

    def y(v):
        return h - pad - (h - 2 * pad) * (math.log10(v) - math.log10(ys[0])) / (
            math.log10(ys[1]) - math.log10(ys[0]))

    def roof(top, dash):
        knee = top / bw
        return ('<polyline fill="none" stroke="black" stroke-width="2"%s '
                'points="%.1f,%.1f %.1f,%.1f %.1f,%.1f"/>' % (
                    ' stroke-dasharray="6,4"' if dash else "",
                    x(xs[0]), y(max(xs[0] * bw, ys[0])), x(knee), y(top),
                    x(xs[1]), y(top)))

    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
           'font-family="sans-serif" font-size="11">' % (w, h),
           '<rect width="100%" height="100%" fill="white"/>',
           roof(peak, False), roof(vector_peak, True),
           '<text x="%d" y="%d">MACs per DRAM byte (log)</text>' % (
               (w - legend) / 2 - 70, h - 10),
           '<text x="5" y="20">MACs per cycle (log): matrix peak %d (solid), '
           'vector peak %d (dashed), DMA %d B/cycle</text>' % (
               peak, vector_peak, bw)]
    for i, r in enumerate(rows, 1):
        cx, cy = x(r["intensity"]), y(max(r["macs_per_cycle"], ys[0]))
        out.append('<circle cx="%.1f" cy="%.1f" r="4" fill="steelblue"/>'
                   % (cx, cy))
        out.append('<text x="%.1f" y="%.1f">%d</text>' % (cx + 5, cy - 3, i))
        out.append('<text x="%d" y="%d">%d: %s, %.0f %% of bound</text>' % (
            w - legend + 10, 40 + 15 * i, i, r["name"], 100 * r["ratio"]))
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--docs")
    ap.add_argument("--svg")
    ap.add_argument("--stats", default="",
                    help="comma-separated case names whose accel-sim --stats "
                    "region to print")
    ap.add_argument("--family", default="",
                    help="comma-separated families to run (default: all)")
    args = ap.parse_args()
    only = set(filter(None, args.family.split(",")))
    if only and (args.docs or args.svg):
        sys.exit("kernels.py: --docs and --svg need every family")
    args.build = os.path.abspath(args.build)
    p = machine_params(ROOT)
    rows, failed, worst = [], [], 0.0
    with tempfile.TemporaryDirectory() as work:
        for family in families():
            if only and family.__name__[:-len("_cases")] not in only:
                continue
            elf = os.path.join(work, family.DRIVER + ".elf")
            subprocess.run([os.path.join(args.build, "bin", "clang"),
                            "--target=accel", "-O2",
                            os.path.join(HERE, family.DRIVER),
                            "-laccelkernels", "-o", elf], check=True)
            for case in family.cases(p):
                st, problem, case_worst = run_case(
                    args.build, elf, case, work,
                    case["name"] in args.stats.split(","))
                if problem:
                    failed.append(case["name"])
                    print("kernels.py: %s: output FAILED its check: %s" % (
                        case["name"], problem), file=sys.stderr)
                worst = max(worst, case_worst)
                bound, limit = roofline(p, case)
                macs = case["macs"]
                rows.append({
                    "name": case["name"], "cycles": st["cycles"],
                    "util": macs / (p["MacsPerCycle"] * st["cycles"]),
                    "dma": st["dma_bytes_per_cycle"], "bound": bound,
                    "lsu": st["busy"]["lsu"], "vector": st["busy"]["vector"],
                    "stream": st["busy"]["stream"],
                    "limit": limit, "ratio": bound / st["cycles"],
                    "dma_ratio": unit_times(p, case)["DMA"] / st["cycles"],
                    "intensity": max(macs, 1) / case["dram_bytes"],
                    "macs_per_cycle": macs / st["cycles"]})
    unknown = set(filter(None, args.stats.split(","))) - {
        r["name"] for r in rows}
    if unknown:
        sys.exit("kernels.py: --stats: no case named %s"
                 % ", ".join(sorted(unknown)))
    table = ["| kernel | cycles | matrix utilization | DMA bytes/cycle | "
             "load/store busy | vector busy | stream busy | "
             "roofline bound (cycles, limit) | of bound | of DMA roofline |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        table.append("| %s | %d | %.3f | %.1f | %.2f | %.2f | %.2f | %d (%s) | "
                     "%.1f %% | %.1f %% |" % (
                         r["name"], r["cycles"], r["util"], r["dma"],
                         r["lsu"], r["vector"], r["stream"], r["bound"],
                         r["limit"],
                         100 * r["ratio"], 100 * r["dma_ratio"]))
    print("\n".join(table))
    if failed:
        sys.exit("kernels.py: %d of %d cases failed the check of their "
                 "output: %s" % (len(failed), len(rows), ", ".join(failed)))
    print("%d cases' outputs checked against float64 references, the worst "
          "element at %.3g of its bound" % (len(rows), worst),
          file=sys.stderr)
    if args.docs:
        with open(args.docs) as f:
            text = f.read()
        if BEGIN not in text or END not in text:
            sys.exit("kernels.py: %s has no %s ... %s markers"
                     % (args.docs, BEGIN, END))
        head, rest = text.split(BEGIN, 1)
        tail = rest.split(END, 1)[1]
        with open(args.docs, "w") as f:
            f.write(head + BEGIN + "\n" + "\n".join(table) + "\n" + END + tail)
    if args.svg:
        svg_plot(rows, p, args.svg)
    return 0


if __name__ == "__main__":
    sys.exit(main())
