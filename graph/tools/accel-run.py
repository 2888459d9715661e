#!/usr/bin/python3
"""accel-run: compile an ONNX model with accel-graphc, run it on accel-sim,
and check its outputs against expected ones (docs/graph.md).

  accel-run MODEL_DIR                     model.onnx and its test data sets
  accel-run model.onnx --check DIR        DIR/test_data_set_N/{input,output}_K.pb
  accel-run model.onnx --input x.pb ...   (in graph-input order, or
                                           --input name=x.pb by name)
                       [--output-dir D]   writes output_K.pb there
  options: --profile (per operator, largest first: its ONNX node's name
           and op type, a fused group's members joined by " + "; its
           cycles and share of the run, matrix utilization, DMA bytes,
           the roofline bound accel-graphc gives it (the larger of its
           MACs at the matrix unit's peak and its least DRAM traffic at
           the DMA channels' rate) and the bound's share of its cycles;
           --top N keeps the N largest),
           --timeline T.json (accel-sim's timeline of the first data set,
           with an "Operators" track: one span per operator),
           --stats (accel-sim's statistics of the model's run),
           --fast (accel-sim's functional mode: no cycle model),
           --input-shape name=d0,d1,... (passed to accel-graphc),
           --rtol R, --atol A (the tolerances below)

Outputs match when every element satisfies |y - ref| <= atol + rtol |ref|,
by default with ONNX's backend-test tolerances (rtol 1e-3, atol 1e-7; NaN
matches NaN); for each output the worst absolute and relative errors are
printed. A deep model's float32 reference has errors of its own: give it
an atol near them (PyTorch's float32 output of graph/models' d-256
transformer is 1.5e-6 from its float64 one).
Exit status 0 only if every output of every data set matches. Compiled
programs are cached by the content of the model, the compiler and the
libraries it links.
(Debian's Python: the onnx and numpy modules.)"""
import argparse
import glob
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np
import onnx
from onnx import numpy_helper

BIN = os.path.dirname(os.path.realpath(__file__))
RTOL, ATOL = 1e-3, 1e-7


def fail(message, status=1):
    print("accel-run: error: " + message, file=sys.stderr)
    sys.exit(status)


def digest(paths, extra):
    h = hashlib.sha256()
    for p in paths:
        with open(p, "rb") as f:
            h.update(f.read())
    h.update(extra.encode())
    return h.hexdigest()[:24]


def compile_model(model, shapes, cache):
    """The cached executable of model, compiled if need be."""
    graphc = os.path.join(BIN, "accel-graphc")
    args = sum((["--input-shape", s] for s in shapes), [])
    # The libraries the program links (build/lib/accel) are part of it.
    libs = sorted(glob.glob(os.path.join(os.path.dirname(BIN), "lib", "accel",
                                         "*.[ao]")))
    elf = os.path.join(cache, digest([model, graphc] + libs, " ".join(args))
                       + ".elf")
    if not os.path.exists(elf):
        os.makedirs(cache, exist_ok=True)
        tmp = elf + ".%d.tmp" % os.getpid()
        r = subprocess.run([graphc, model, "-o", tmp] + args)
        if r.returncode:
            sys.exit(r.returncode)  # accel-graphc said why
        os.replace(tmp, elf)
    return elf


def read_tensor(path):
    return numpy_helper.to_array(onnx.load_tensor(path))


def graph_inputs(model):
    """The model's graph inputs that are not initializers, and its
    outputs, in order."""
    inits = {i.name for i in model.graph.initializer}
    return ([i.name for i in model.graph.input if i.name not in inits],
            [o.name for o in model.graph.output])


def input_dtypes(model):
    """Each graph input's numpy element type: f32, or the int64 or int32
    of an integer input accel-graphc reads as Gather indices."""
    inits = {i.name for i in model.graph.initializer}
    return [onnx.mapping.TENSOR_TYPE_TO_NP_TYPE[i.type.tensor_type.elem_type]
            for i in model.graph.input if i.name not in inits]


def ordered_inputs(given, in_names):
    """--input's files in graph-input order: all by position, or all by
    name (name=file.pb)."""
    named = [g for g in given if "=" in g and not os.path.exists(g)]
    if not named:
        return given
    if len(named) != len(given):
        fail("--input: give every input by name (name=file.pb) or none")
    files = {}
    for g in named:
        name, path = g.split("=", 1)
        if name not in in_names:
            fail("--input: the model has no input '%s' (it has %s)" % (
                name, ", ".join(in_names)))
        if name in files:
            fail("--input: input '%s' given twice" % name)
        files[name] = path
    missing = [n for n in in_names if n not in files]
    if missing:
        fail("--input: no file for input '%s'" % missing[0])
    return [files[n] for n in in_names]


def declared_shape(model, k):
    """Output k's shape as the model declares it, if static."""
    dims = model.graph.output[k].type.tensor_type.shape.dim
    if all(d.HasField("dim_value") for d in dims):
        return [d.dim_value for d in dims]
    return None


def run(elf, inputs, output_count, stats, fast, profile, timeline, work):
    """Outputs (float32 arrays, flat), the region's statistics, with
    profile or timeline the operators' records in run order (dicts:
    start, cycles, macs, dma_bytes, bound, name), and the simulator's wall
    time."""
    files = []
    for k, x in enumerate(inputs):
        path = os.path.join(work, "in%d.bin" % k)
        np.ascontiguousarray(x).tofile(path)  # as its dtype: run's caller checked it
        files.append(path)
    outs = [os.path.join(work, "out%d.bin" % k) for k in range(output_count)]
    stats_json = os.path.join(work, "stats.json")
    cmd = [os.path.join(BIN, "accel-sim"), "--fs-root=/",
           "--stats-json=" + stats_json] + (["--stats"] if stats else []) + (
               ["--fast"] if fast else []) + (
               ["--timeline=" + timeline] if timeline else [])
    prof = [os.path.join(work, "profile.tsv")] if profile or timeline else []
    start = time.time()
    r = subprocess.run(cmd + [elf] + files + outs + prof)
    seconds = time.time() - start
    if r.returncode:
        fail("the program failed on the simulator (status %d)" % r.returncode)
    with open(stats_json) as f:
        st = json.load(f)
    ops = []
    if prof:
        keys = ("start", "cycles", "macs", "dma_bytes", "bound")
        with open(prof[0]) as f:
            for line in f:
                fields = line.rstrip("\n").split("\t", len(keys))
                op = dict(zip(keys, map(int, fields[:-1])))
                op["name"] = fields[-1]
                ops.append(op)
    return ([np.fromfile(p, np.float32) for p in outs], st.get("region", st),
            ops, seconds)


def print_profile(ops, total, macs_per_cycle, top):
    """The operators by cycles, largest first (the top ones if top), and
    the roofline bounds' sum against the run; macs_per_cycle the matrix
    unit's peak (the simulator's statistics give it)."""
    print("  %10s %6s %7s %10s %9s %6s  %s" % (
        "cycles", "share", "matrix", "DMA bytes", "roofline", "of it",
        "operator (node (op type) [+ ...])"))
    ranked = sorted(ops, key=lambda o: -o["cycles"])
    for op in ranked[:top] if top else ranked:
        cycles = max(op["cycles"], 1)
        print("  %10d %5.1f%% %7.3f %10d %9d %5.1f%%  %s" % (
            op["cycles"], 100.0 * op["cycles"] / max(total, 1),
            op["macs"] / (macs_per_cycle * cycles), op["dma_bytes"],
            op["bound"], 100.0 * op["bound"] / cycles, op["name"]))
    bound = sum(op["bound"] for op in ops)
    print("  roofline sum %d cycles: the run takes %.2f x it" % (
        bound, total / max(bound, 1)))


def compare(name, y, ref, rtol, atol):
    """Prints the worst errors; returns whether every element matches."""
    ref = np.asarray(ref, np.float64).reshape(-1)
    y = y.astype(np.float64)
    if y.size != ref.size:
        print("  %s: %d elements, expected %d: MISMATCH" % (name, y.size,
                                                          ref.size))
        return False
    both_nan = np.isnan(y) & np.isnan(ref)
    err = np.where(both_nan, 0.0, np.abs(y - ref))
    err = np.where(np.isnan(err), np.inf, err)
    rel = err / np.maximum(np.abs(ref), np.finfo(np.float32).tiny)
    ok = bool(np.all(err <= atol + rtol * np.abs(np.nan_to_num(ref))))
    print("  %s: worst abs error %.3g, worst rel error %.3g: %s" % (
        name, err.max() if err.size else 0.0, rel.max() if rel.size else 0.0,
        "ok" if ok else "MISMATCH"))
    return ok


def add_operator_track(path, ops):
    """Adds to accel-sim's timeline a track with one span per operator."""
    with open(path) as f:
        t = json.load(f)
    tid = 1 + max(e.get("tid", 0) for e in t["traceEvents"])
    t["traceEvents"].append({"ph": "M", "name": "thread_name", "pid": 1,
                             "tid": tid, "args": {"name": "Operators"}})
    for op in ops:
        t["traceEvents"].append({"ph": "X", "name": op["name"], "pid": 1,
                                 "tid": tid, "ts": op["start"],
                                 "dur": op["cycles"],
                                 "args": {k: op[k] for k in (
                                     "macs", "dma_bytes", "bound")}})
    with open(path, "w") as f:
        json.dump(t, f)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("model", help="model.onnx, or a directory holding it "
                    "and test_data_set_N/")
    ap.add_argument("--check", help="a directory of test_data_set_N/")
    ap.add_argument("--input", action="append", default=[],
                    help="an input TensorProto (.pb), in graph-input order, "
                    "or name=file.pb")
    ap.add_argument("--output-dir", help="where to write output_K.pb")
    ap.add_argument("--input-shape", action="append", default=[],
                    metavar="NAME=D0,D1,...",
                    help="static sizes for an input whose shape is symbolic "
                    "(accel-graphc's option; repeatable)")
    ap.add_argument("--stats", action="store_true",
                    help="print accel-sim's statistics of the model's run "
                    "(cycles, unit utilization, stalls, DMA)")
    ap.add_argument("--fast", action="store_true",
                    help="run accel-sim without its cycle model (results "
                    "only)")
    ap.add_argument("--profile", action="store_true",
                    help="print each operator's cycles, share, matrix "
                    "utilization, DMA bytes and roofline bound")
    ap.add_argument("--top", type=int, default=0, metavar="N",
                    help="with --profile, only the N operators with the "
                    "most cycles")
    ap.add_argument("--timeline", metavar="FILE",
                    help="write the first data set's timeline (Chrome trace "
                    "events for Perfetto), with one span per operator")
    ap.add_argument("--rtol", type=float, default=RTOL,
                    help="relative tolerance of the comparison (default "
                    "%(default)g, ONNX's backend tests')")
    ap.add_argument("--atol", type=float, default=ATOL,
                    help="absolute tolerance (default %(default)g)")
    ap.add_argument("--cache", default=os.path.join(
        os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")),
        "accel-run"), help="where compiled models are kept, by the "
                    "content of the model, the compiler and the libraries "
                    "(default %(default)s)")
    args = ap.parse_args()

    model_path = args.model
    if os.path.isdir(model_path):
        args.check = args.check or model_path
        model_path = os.path.join(model_path, "model.onnx")
    if not os.path.exists(model_path):
        fail("%s: no such model" % model_path)
    try:
        model = onnx.load(model_path, load_external_data=False)
    except Exception as e:  # the compiler gives the precise reason
        model = None
    elf = compile_model(model_path, args.input_shape, args.cache)
    in_names, out_names = graph_inputs(model) if model else ([], [])
    in_types = input_dtypes(model) if model else []

    sets = []
    if args.check:
        for d in sorted(glob.glob(os.path.join(args.check, "test_data_set_*"))):
            ins = sorted(glob.glob(os.path.join(d, "input_*.pb")),
                         key=lambda p: int(p.rsplit("_", 1)[1][:-3]))
            outs = sorted(glob.glob(os.path.join(d, "output_*.pb")),
                          key=lambda p: int(p.rsplit("_", 1)[1][:-3]))
            sets.append((os.path.basename(d), ins, outs))
        if not sets:
            fail("%s: no test_data_set_N directories" % args.check)
    else:
        sets.append(("inputs", ordered_inputs(args.input, in_names), []))

    all_ok = True
    with tempfile.TemporaryDirectory() as work:
        for name, ins, outs in sets:
            xs = [read_tensor(p) for p in ins]
            if len(xs) != len(in_names):
                fail("%s: %d inputs given, the model has %d" % (
                    name, len(xs), len(in_names)))
            for x, n, t in zip(xs, in_names, in_types):
                if x.dtype != t:
                    fail("%s: input '%s' is %s; the model's is %s" % (
                        name, n, x.dtype, np.dtype(t)))
            timeline = args.timeline if name == sets[0][0] else None
            ys, st, ops, seconds = run(elf, xs, len(out_names), args.stats,
                                       args.fast, args.profile, timeline,
                                       work)
            if timeline:
                add_operator_track(timeline, ops)
            print("%s: %d cycles, matrix utilization %.3f (simulator: %.1f s)"
                  % (name, st["cycles"], st["matrix_utilization"], seconds))
            if args.profile:
                print_profile(ops, st["cycles"], st["macs_per_cycle"],
                              args.top)
            for k, y in enumerate(ys):
                if outs:
                    all_ok &= compare(out_names[k], y, read_tensor(outs[k]),
                                      args.rtol, args.atol)
            if args.output_dir:
                os.makedirs(args.output_dir, exist_ok=True)
                for k, y in enumerate(ys):
                    shape = (read_tensor(outs[k]).shape if outs
                             else declared_shape(model, k))
                    if shape is not None:
                        y = y.reshape(shape)
                    t = numpy_helper.from_array(y, out_names[k])
                    with open(os.path.join(args.output_dir,
                                           "output_%d.pb" % k), "wb") as f:
                        f.write(t.SerializeToString())
    sys.exit(0 if all_ok else 1)


if __name__ == "__main__":
    main()
