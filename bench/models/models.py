#!/usr/bin/python3
"""Model benchmark: the PyTorch-exported models of
graph/models/make_torch_models.py compiled by accel-graphc and run on
accel-sim's cycle model (docs/graph.md, docs/performance.md).

Per model: simulated cycles of the model's run; the roofline sum, the sum
over the ONNX nodes of each one's bound (the larger of its MACs at
MacsPerCycle and its operands' and result's bytes at DmaChannels x
DmaBytesPerCycle, from ONNX's shape inference), and cycles over it; the
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
from onnx import numpy_helper, shape_inference

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "test", "Inputs"))
from isa_records import machine_params  # noqa: E402

MODELS = ["mlp", "lenet", "cnn-batchnorm", "transformer-opset17"]
BEGIN = "<!-- bench/models/models.py: begin -->"
END = "<!-- bench/models/models.py: end -->"


def shapes(model):
    m = shape_inference.infer_shapes(model, data_prop=True)
    out = {}
    for v in list(m.graph.input) + list(m.graph.value_info) + list(
            m.graph.output):
        dims = v.type.tensor_type.shape.dim
        if all(d.HasField("dim_value") for d in dims):
            out[v.name] = [d.dim_value for d in dims]
    for i in m.graph.initializer:
        out[i.name] = list(i.dims)
    return out


def node_macs(node, s):
    """Multiply-accumulates of a contraction, 0 for anything else."""
    if node.op_type in ("MatMul", "Gemm"):
        y = s.get(node.output[0])
        a = s.get(node.input[0])
        if not y or not a:
            return 0
        trans_a = any(at.name == "transA" and at.i for at in node.attribute)
        k = a[-2] if trans_a else a[-1]
        return int(np.prod(y)) * k
    if node.op_type == "Conv":
        y, w = s.get(node.output[0]), s.get(node.input[1])
        if not y or not w:
            return 0
        return int(np.prod(y)) * int(np.prod(w[1:]))
    return 0


def roofline_sum(model, p):
    s = shapes(model)
    bw = p["DmaChannels"] * p["DmaBytesPerCycle"]
    total = 0.0
    for node in model.graph.node:
        if node.op_type in ("Constant", "Shape", "Identity"):
            continue
        names = [n for n in list(node.input) + list(node.output) if n in s]
        data = 4 * sum(int(np.prod(s[n])) for n in names)
        total += max(node_macs(node, s) / p["MacsPerCycle"], data / bw)
    return total


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--docs")
    args = ap.parse_args()
    bin_dir = os.path.join(os.path.abspath(args.build), "bin")
    p = machine_params(ROOT)
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
            numpy_helper.to_array(onnx.load_tensor(os.path.join(
                d, "test_data_set_0", "input_0.pb"))).astype(
                    np.float32).tofile(x)
            stats = os.path.join(d, "stats.json")
            start = time.time()
            subprocess.run([os.path.join(bin_dir, "accel-sim"), "--fs-root=/",
                            "--stats-json=" + stats, elf, x,
                            os.path.join(d, "y.bin")], check=True)
            sim_s = time.time() - start
            with open(stats) as f:
                st = json.load(f)["region"]
            bound = roofline_sum(onnx.load(model_path), p)
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
