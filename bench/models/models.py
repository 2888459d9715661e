#!/usr/bin/python3
"""Model benchmark: the PyTorch-exported models of
graph/models/make_torch_models.py compiled by accel-graphc and run on
accel-sim's cycle model (docs/graph.md, docs/performance.md).

Each model runs under accel-run (docs/graph.md), which runs it on the
simulator with the model's test data set (make_torch_models.py's input
and PyTorch's output) and compares its outputs with accel-run's criterion
for whole models (--tolerance model: the worst error within 1e-4 of the
output's largest magnitude, docs/graph.md), as
test/graph/torch-models.test checks them; the figures below are that
verified run's. A model whose output does not
match (or whose run fails) fails the benchmark: a line naming it on
stderr, exit status 1, and no --docs written.

Per model: simulated cycles of the model's run; the whole-model bound,
max(MACs / MacsPerCycle, bytes / (DmaChannels x DmaBytesPerCycle)) with
the MACs of the ONNX graph's MatMul, Gemm, Conv, ConvTranspose, LSTM, GRU
and RNN nodes and the bytes of its weights, inputs and outputs
(independent of how the compiler splits or fuses the graph; accel-run
--profile counts them, graph/tools/model_work.py), and cycles over it; the roofline sum, the sum over the compiled operators of each one's bound (accel-graphc's
graph/codegen/OpCost.cpp: the larger of its MACs at MacsPerCycle and its
operands' and result's bytes at DmaChannels x DmaBytesPerCycle, from
isa/AccelMachine.td; a fused operator's intermediates are not traffic;
the program's profile file carries them, accel-run --profile sums them),
and cycles over it; the matrix unit's utilization by useful MACs (the
ONNX graph's MatMul, Gemm and Conv MACs, the same count, /
(MacsPerCycle x cycles): the tiles' padding does not count);
the planned arena's
peak against the sum of all tensors (accel.arena_bytes,
accel.unplanned_bytes); and host times in this run: the compile
(accel-graphc, wall seconds) and the simulator's rate (simulated cycles
per wall second of the simulator, which accel-run gives to 0.1 s).

Usage: models.py [--build DIR] [--docs FILE] [--model NAMES]
                                                (Debian's python3-torch)
  --docs rewrites the table between the markers in FILE; --model runs only
  the named models (comma-separated)."""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

sys.path.insert(0, os.path.join(ROOT, "test", "Inputs"))
from isa_records import machine_params  # noqa: E402

MODELS = ["mlp", "lenet", "cnn-batchnorm", "resnet18", "transformer-opset13",
          "transformer-opset17", "text-encoder", "transformer-d256",
          "llama-decoder", "vit", "unet-slice", "whisper-encoder",
          "mobilenetv2", "efficientnet-b0", "convnext-tiny", "moe", "lstm"]
BEGIN = "<!-- bench/models/models.py: begin -->"
END = "<!-- bench/models/models.py: end -->"


def checked_run(bin_dir, name, d, cache):
    """accel-run of the model's directory d (its test data set), with
    --profile: (cycles, matrix utilization, the simulator's seconds, the
    roofline sum, the ONNX graph's MACs and bytes: accel-run counts them
    with graph/tools/model_work.py), or (None, what went wrong) if the run
    failed or an output did not match."""
    run = subprocess.run(
        [os.path.join(bin_dir, "accel-run"), "--cache", cache, "--profile",
         "--top", "1", "--tolerance", "model", d],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    out = run.stdout
    lines = re.findall(r"^test_data_set_0: (\d+) cycles, matrix utilization "
                       r"([0-9.]+) \(simulator: ([0-9.]+) s\)$", out, re.M)
    bound = re.findall(r"^  roofline sum (\d+) cycles", out, re.M)
    work = re.findall(r"^  whole-model bound \d+ cycles \((\d+) MACs at \d+ "
                      r"a cycle: \d+; (\d+) bytes", out, re.M)
    # accel-run exits 0 only if every output matched
    if run.returncode or len(lines) != 1 or len(bound) != 1 or \
            len(work) != 1 or "MISMATCH" in out:
        return None, "accel-run exited with %d:\n%s" % (run.returncode,
                                                       out.rstrip())
    cycles, util, seconds = lines[0]
    return (int(cycles), float(util), float(seconds), int(bound[0]),
            int(work[0][0]), int(work[0][1])), None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--docs")
    ap.add_argument("--model", default="",
                    help="comma-separated models to run (default: all)")
    args = ap.parse_args()
    models = [m for m in args.model.split(",") if m] or MODELS
    unknown = set(models) - set(MODELS)
    if unknown:
        sys.exit("models.py: --model: no model %s" % ", ".join(
            sorted(unknown)))
    if args.docs and models != MODELS:
        sys.exit("models.py: --docs needs every model")
    p = machine_params(ROOT)
    bin_dir = os.path.join(os.path.abspath(args.build), "bin")
    rows, failed = [], []
    with tempfile.TemporaryDirectory() as work:
        subprocess.run(["/usr/bin/python3", os.path.join(
            ROOT, "graph", "models", "make_torch_models.py"), work] + models,
            check=True, stderr=subprocess.DEVNULL)
        for name in models:
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
            # The verified run: accel-run compiles the model again (into a
            # cache of this run's own, as accel-graphc did above) and runs
            # it on its test data set.
            result, problem = checked_run(bin_dir, name, d,
                                          os.path.join(work, "cache"))
            if problem:
                failed.append(name)
                print("models.py: %s: FAILED its check: %s" % (name, problem),
                      file=sys.stderr)
                continue
            cycles, _, sim_s, bound, macs, nbytes = result
            whole = max(macs / p["MacsPerCycle"],
                        nbytes / (p["DmaChannels"] * p["DmaBytesPerCycle"]))
            util = macs / (p["MacsPerCycle"] * cycles)
            # accel-run's seconds are to 0.1 s: at least half of that
            rows.append((name, cycles, whole, bound, util, arena, unplanned,
                         compile_s, cycles / max(sim_s, 0.05)))
    table = ["| model | cycles | whole-model bound | cycles / bound | "
             "roofline sum | cycles / roofline sum | "
             "matrix utilization (useful MACs) | arena (KiB) | "
             "unplanned (KiB) | "
             "compile (s) | simulator (M cycles/s) |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- "
             "| --- |"]
    for r in rows:
        table.append("| %s | %d | %.0f | %.2f | %d | %.2f | %.3f | %.0f | "
                     "%.0f | %.1f | %.1f |" % (
                         r[0], r[1], r[2], r[1] / r[2], r[3], r[1] / r[3],
                         r[4], r[5] / 1024, r[6] / 1024, r[7], r[8] / 1e6))
    print("\n".join(table))
    if failed:
        sys.exit("models.py: %d of %d models failed accel-run's check of "
                 "their outputs: %s" % (len(failed), len(models),
                                        ", ".join(failed)))
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
