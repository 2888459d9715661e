#!/usr/bin/python3
"""Model benchmark: the PyTorch-exported models of
graph/models/make_torch_models.py compiled by accel-graphc and run on
accel-sim's cycle model (docs/graph.md, docs/performance.md).

Per model: simulated cycles of the model's run; the roofline sum, the sum
over the compiled operators of each one's bound (accel-graphc's
graph/codegen/OpCost.cpp: the larger of its MACs at MacsPerCycle and its
operands' and result's bytes at DmaChannels x DmaBytesPerCycle, from
isa/AccelMachine.td; a fused operator's intermediates are not traffic;
the program's profile file carries them), and cycles over it; the
matrix unit's utilization; the planned arena's peak against the sum of
all tensors (accel.arena_bytes, accel.unplanned_bytes); and host times
in this run: the compile (accel-graphc, wall seconds) and the simulator's
rate (simulated cycles per wall second).

Usage: models.py [--build DIR] [--docs FILE]   (Debian's python3-torch)
  --docs rewrites the table between the markers in FILE."""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time

import numpy as np
import onnx
from onnx import numpy_helper

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

MODELS = ["mlp", "lenet", "cnn-batchnorm", "resnet18", "transformer-opset13",
          "transformer-opset17", "text-encoder", "transformer-d256"]
BEGIN = "<!-- bench/models/models.py: begin -->"
END = "<!-- bench/models/models.py: end -->"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--docs")
    args = ap.parse_args()
    bin_dir = os.path.join(os.path.abspath(args.build), "bin")
    rows = []
    with tempfile.TemporaryDirectory() as work:
        subprocess.run(["/usr/bin/python3", os.path.join(
            ROOT, "graph", "models", "make_torch_models.py"), work] + MODELS,
            check=True, stderr=subprocess.DEVNULL)
        for name in MODELS:
            d = os.path.join(work, name)
            model_path = os.path.join(d, "model.onnx")
            elf = os.path.join(d, "model.elf")
            start = time.time()
            subprocess.run([os.path.join(bin_dir, "accel-graphc"), model_path,
                            "-o", elf], check=True)
            compile_s = time.time() - start
            ir = subprocess.run([os.path.join(bin_dir, "accel-graphc"),
                                 model_path, "--emit=mlir"], check=True,
                                capture_output=True, text=True).stdout
            arena = int(re.search(r"accel.arena_bytes = (\d+)", ir).group(1))
            unplanned = int(re.search(r"accel.unplanned_bytes = (\d+)",
                                      ir).group(1))
            x = os.path.join(d, "x.bin")
            # As its own type: f32, or the text encoder's int64 token ids.
            numpy_helper.to_array(onnx.load_tensor(os.path.join(
                d, "test_data_set_0", "input_0.pb"))).tofile(x)
            stats = os.path.join(d, "stats.json")
            profile = os.path.join(d, "profile.tsv")
            start = time.time()
            subprocess.run([os.path.join(bin_dir, "accel-sim"), "--fs-root=/",
                            "--stats-json=" + stats, elf, x,
                            os.path.join(d, "y.bin"), profile], check=True)
            sim_s = time.time() - start
            with open(stats) as f:
                st = json.load(f)["region"]
            # Each compiled operator's bound, the profile's fifth column.
            with open(profile) as f:
                bound = sum(int(line.split("\t")[4]) for line in f)
            rows.append((name, st["cycles"], bound, st["matrix_utilization"],
                         arena, unplanned, compile_s, st["cycles"] / sim_s))
    table = ["| model | cycles | roofline sum | cycles / roofline sum | "
             "matrix utilization | arena (KiB) | unplanned (KiB) | "
             "compile (s) | simulator (M cycles/s) |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        table.append("| %s | %d | %d | %.2f | %.3f | %.0f | %.0f | %.1f | "
                     "%.1f |" % (r[0], r[1], r[2], r[1] / r[2], r[3],
                                 r[4] / 1024, r[5] / 1024, r[6], r[7] / 1e6))
    print("\n".join(table))
    if args.docs:
        with open(args.docs) as f:
            text = f.read()
        if BEGIN not in text or END not in text:
            sys.exit("models.py: %s has no %s ... %s markers" % (
                args.docs, BEGIN, END))
        head, rest = text.split(BEGIN, 1)
        tail = rest.split(END, 1)[1]
        with open(args.docs, "w") as f:
            f.write(head + BEGIN + "\n" + "\n".join(table) + "\n" + END + tail)


if __name__ == "__main__":
    main()
