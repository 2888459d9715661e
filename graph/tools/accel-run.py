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
           --tolerance onnx|model, --rtol R, --atol A, --norm-tol T (the
           comparison, below),
           --compare-layers REF [--layers-dir D] (the first data set's
           every ONNX tensor the program computes against onnxruntime's or
           a directory's, and the first node past float32 expectations:
           compare_layers.py)

Each output must have the reference's shape and element type, then its
values must match. The shape is the one the compiled program writes:
accel-graphc's static shape of that graph output (its --print-graph
'output' lines, after ONNX's shape inference, the folded shape
computations and --input-shape: the result types of the program's main
function, cached with the program). ONNX's own shape inference of the
model is not asked: it can leave a shape the compiler computes unknown
(PyTorch's shape computations), and it would check ONNX's inference
rather than the compiler's, whose shapes are what the program writes.
The element type is the model's declared one, the type accel-graphc
gives the output (the program writes its raw little-endian bytes: bool
one byte, float16 and bfloat16 their 16 bits; inputs are given the same
way): a reference of another type is a mismatch, but for a float64
reference of an output the model declares float32, a more precise
reference (which selects the model criterion). ONNX 1.12's test data
holds bfloat16 tensors as uint16 ones (their bits): such an input or
reference of a bfloat16 input or output is read as bfloat16. An input
must have the model's element type and the program's element count (its
--print-graph 'input' line), or it is refused by name. A shape or
type mismatch is one line naming the output and both, as in "y: shape
[2, 3], expected [3, 2]: MISMATCH".

Integer and bool outputs must equal the reference exactly ("exact: ok",
or how many elements differ and the first). Floating-point ones are
held to one of two criteria (NaN matches NaN, an infinity itself):

  onnx   every element: |y - ref| <= atol + rtol |ref|, by default
         ONNX's backend-test tolerances (rtol 1e-3, atol 1e-7): the
         default, and what the node tests (test/graph/conformance.py)
         use. Prints the worst absolute and relative errors.
  model  normwise: max |y - ref| <= norm_tol * max |ref| (over the
         output's elements; norm_tol 1e-4 unless --norm-tol). For a
         whole model: its outputs' small elements carry rounding errors
         of the size of its large ones', which an elementwise relative
         tolerance counts against them (graph/models' d-256 transformer
         encoder, 2.7e-7 of its scale from PyTorch's float32 output,
         which is 4.1e-7 from PyTorch's float64 one, has an element
         near zero 4.7e-3 of itself off: it fails ONNX's).
         Why 1e-4: float32 rounds each operation to within u = 2^-24
         (6e-8, eps 1.2e-7); a sum of n products of random-signed
         rounding errors is off by about sqrt(n) u of the sum of the
         terms' magnitudes (Higham and Mary's probabilistic bound), and
         each of L layers adds its own, normalized layers passing an
         input's relative error on about unchanged: about L sqrt(n) u
         of the output's scale, 8e-5 for ResNet-18's 20 layers of up to
         n = 4608 (in practice much less: 8.1e-7 measured against
         PyTorch's float32 output, which is 9e-7 from its float64 one;
         docs/graph.md has the eight models' figures). 1e-4 is 840 eps;
         an element wrong by 1 % of the output's scale is 100 times
         past it. Prints the worst absolute error, it over max |ref|,
         and max |ref|.
  Without --tolerance, an output whose reference is float64 gets the
  model criterion and any other the onnx one; --rtol or --atol select
  onnx (and may not go with --tolerance=model), --norm-tol model.
  In their precision: without --rtol, a float16 output's rtol is at
  least 2^-9 and a bfloat16 one's at least 2^-6, two units in the last
  place of the type (rounding to it once costs half of one; a reference
  computed in the type rounds too); float32 and float64 keep ONNX's.

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

from graph_profile import add_operator_track, read_profile  # beside this script
from model_work import graph_work, machine_peaks, whole_model_bound  # too

BIN = os.path.dirname(os.path.realpath(__file__))
RTOL, ATOL = 1e-3, 1e-7
NORM_TOL = 1e-4
# bfloat16, which numpy does not have: its bits, in a type of its own.
BF16 = np.dtype([("bfloat16", "<u2")])
# accel-graphc's element type names (graph/onnx/OnnxLoader.cpp).
GRAPHC_TYPES = {"f32": np.float32, "f64": np.float64, "f16": np.float16,
                "bf16": BF16, "i64": np.int64, "i32": np.int32,
                "i16": np.int16, "i8": np.int8, "u64": np.uint64,
                "u32": np.uint32, "u16": np.uint16, "u8": np.uint8,
                "bool": np.bool_}
# ONNX's element types (TensorProto.DataType), bfloat16 as BF16.
ONNX_TYPES = dict(onnx.mapping.TENSOR_TYPE_TO_NP_TYPE)
ONNX_TYPES[onnx.TensorProto.BFLOAT16] = BF16
# The least rtol of an output of the type (two units in its last place).
TYPE_RTOL = {np.dtype(np.float16): 2.0 ** -9, BF16: 2.0 ** -6}


def type_name(dtype):
    return "bfloat16" if dtype == BF16 else np.dtype(dtype).name


def as_float64(a):
    """a's values as float64 (bfloat16: its bits the top half of a
    float32's)."""
    if a.dtype == BF16:
        bits = a.view(np.uint16).astype(np.uint32) << 16
        return bits.view(np.float32).astype(np.float64)
    return a.astype(np.float64)


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


def parse_graph_values(text, role="output"):
    """accel-graphc --print-graph's 'output NAME:TYPE[D0xD1...]' lines (or
    'input' ones): [(name, numpy dtype or None, shape list)], in graph
    order."""
    values = []
    for line in text.splitlines():
        if not line.startswith(role + " "):
            continue
        name, typ = line[len(role) + 1:].rsplit(":", 1)
        kind, dims = typ.rstrip("]").split("[", 1)
        values.append((name, np.dtype(GRAPHC_TYPES[kind])
                       if kind in GRAPHC_TYPES else None,
                       [int(d) for d in dims.split("x")] if dims else []))
    return values


def compile_model(model, shapes, cache, options=()):
    """The cached executable of model, compiled if need be (with
    accel-graphc's options), its outputs as the program writes them and its
    inputs as it reads them: [(name, numpy dtype, shape)] each."""
    graphc = os.path.join(BIN, "accel-graphc")
    args = sum((["--input-shape", s] for s in shapes), []) + list(options)
    # The libraries the program links (build/lib/accel) are part of it.
    libs = sorted(glob.glob(os.path.join(os.path.dirname(BIN), "lib", "accel",
                                         "*.[ao]")))
    key = os.path.join(cache, digest([model, graphc] + libs, " ".join(args)))
    elf, graph = key + ".elf", key + ".graph"
    tmp = ".%d.tmp" % os.getpid()
    if not os.path.exists(elf):
        os.makedirs(cache, exist_ok=True)
        r = subprocess.run([graphc, model, "-o", elf + tmp] + args)
        if r.returncode:
            sys.exit(r.returncode)  # accel-graphc said why
        os.replace(elf + tmp, elf)
    # The program's main function returns the graph's outputs with the
    # types the loader gave them (OnnxImporter.cpp), the ones --print-graph
    # prints: the shapes and element types of what the program writes.
    if not os.path.exists(graph):
        r = subprocess.run([graphc, model, "--print-graph"] + args,
                           stdout=subprocess.PIPE, text=True)
        if r.returncode:
            sys.exit(r.returncode)
        with open(graph + tmp, "w") as f:
            f.write("".join(l + "\n" for l in r.stdout.splitlines()
                            if l.startswith(("output ", "input "))))
        os.replace(graph + tmp, graph)
    with open(graph) as f:
        text = f.read()
    return elf, parse_graph_values(text), parse_graph_values(text, "input")


def read_tensor(path):
    """A TensorProto as numpy (bfloat16 as BF16: onnx's to_array would
    widen it to float32)."""
    t = onnx.load_tensor(path)
    if t.data_type != onnx.TensorProto.BFLOAT16:
        return numpy_helper.to_array(t)
    bits = (np.frombuffer(t.raw_data, "<u2") if t.HasField("raw_data")
            else np.array(t.int32_data, np.uint16))
    return bits.copy().view(BF16).reshape(tuple(t.dims))


def to_tensor(a, name):
    if a.dtype != BF16:
        return numpy_helper.from_array(a, name)
    return onnx.helper.make_tensor(name, onnx.TensorProto.BFLOAT16, a.shape,
                                   np.ascontiguousarray(a).tobytes(),
                                   raw=True)


def graph_inputs(model):
    """The model's graph inputs that are not initializers, and its
    outputs, in order."""
    inits = {i.name for i in model.graph.initializer}
    return ([i.name for i in model.graph.input if i.name not in inits],
            [o.name for o in model.graph.output])


def input_dtypes(model):
    """Each graph input's numpy element type (BF16 for bfloat16)."""
    inits = {i.name for i in model.graph.initializer}
    return [ONNX_TYPES.get(i.type.tensor_type.elem_type)
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


def declared_types(model, outputs):
    """Each graph output's element type as the model declares it (numpy),
    or as accel-graphc has it where the model does not say."""
    types = []
    for k, (_, graphc_type, _) in enumerate(outputs):
        t = (model.graph.output[k].type.tensor_type.elem_type
             if model and k < len(model.graph.output) else 0)
        types.append(np.dtype(ONNX_TYPES[t]) if t in ONNX_TYPES
                     else graphc_type)
    return types


def run(elf, inputs, out_dtypes, stats, fast, profile, timeline, work):
    """Outputs (flat arrays of out_dtypes), the region's statistics, with
    profile or timeline the operators' records in run order (dicts:
    start, cycles, macs, dma_bytes, bound, name), and the simulator's wall
    time."""
    files = []
    for k, x in enumerate(inputs):
        path = os.path.join(work, "in%d.bin" % k)
        np.ascontiguousarray(x).tofile(path)  # as its dtype: run's caller checked it
        files.append(path)
    outs = [os.path.join(work, "out%d.bin" % k)
            for k in range(len(out_dtypes))]
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
    ops = read_profile(prof[0]) if prof else []
    return ([np.fromfile(p, t) for p, t in zip(outs, out_dtypes)],
            st.get("region", st),
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


# The stall causes that are the core waiting for a unit's work, and the
# unit each is charged to.
UNIT_WAITS = [("dma-wait", "DMA"), ("dma-channel-busy", "DMA"),
              ("matrix-busy", "matrix"), ("accumulator-dependency", "matrix"),
              ("tile-move-busy", "tile moves"),
              ("stream-busy", "stream engine")]


def count_model(model, shapes):
    """The ONNX graph's (MACs, bytes) and the machine's peaks
    (model_work.py), or the reason they cannot be counted: once a run,
    for every data set's profile."""
    try:
        macs, nbytes = graph_work(
            BIN, model, sum((["--input-shape", s] for s in shapes), []))
    except Exception as e:  # a graph ONNX's own inference cannot count
        return str(e).splitlines()[0]
    return macs, nbytes, machine_peaks(BIN)


def print_where_it_goes(counted, st, ops):
    """The run's cycles against the whole-model bound (counted:
    count_model's MACs and bytes at the machine's peaks), and the rest
    split into: the compiled operators' own rooflines beyond the bound
    (intermediates through DRAM, padded MACs), the core waiting on the
    units (the simulator's stall cycles of those causes), and the calls'
    own work and fixed costs (what is left)."""
    if isinstance(counted, str):
        print("  whole-model bound: not counted (%s)" % counted)
        return
    macs, nbytes, peaks = counted
    bound, mxu, dma = whole_model_bound(macs, nbytes, peaks)
    total = st["cycles"]
    print("  whole-model bound %d cycles (%d MACs at %d a cycle: %d; %d bytes "
          "at %d a cycle: %d): the run takes %.2f x it" % (
              bound, macs, peaks["macs_per_cycle"], mxu, nbytes,
              peaks["dma_bytes_per_cycle"], dma, total / max(bound, 1)))
    roofline = max(sum(op["bound"] for op in ops) - bound, 0)
    waits = {}
    for cause, unit in UNIT_WAITS:
        waits[unit] = waits.get(unit, 0) + st["stalls"].get(cause, 0)
    waited = sum(waits.values())
    rest = max(total - bound - roofline - waited, 0)

    def share(n):
        return "%d (%.0f%%)" % (n, 100.0 * n / max(total, 1))
    print("  beyond it: the operators' rooflines %s, the core waiting on the "
          "units %s [%s], the calls' own work and fixed costs %s" % (
              share(roofline), share(waited),
              ", ".join("%s %d" % (u, n) for u, n in waits.items() if n),
              share(rest)))


def same_kind(name, y, declared, ref):
    """Whether y (the program's output, shaped and typed as accel-graphc
    has it) has ref's shape and element type; a float64 reference is a
    more precise one where the model declares the output float32
    (declared). Prints a MISMATCH line for each that differs."""
    ok = True
    if list(y.shape) != list(ref.shape):
        print("  %s: shape %s, expected %s: MISMATCH" % (
            name, list(y.shape), list(ref.shape)))
        ok = False
    if ref.dtype != y.dtype and not (ref.dtype == np.float64 and
                                     declared == np.float32):
        print("  %s: element type %s, expected %s: MISMATCH" % (
            name, type_name(y.dtype), type_name(ref.dtype)))
        ok = False
    return ok


def errors(y, ref):
    """|y - ref| elementwise in float64: 0 where both are NaN or the same
    infinity, infinite where only one is NaN."""
    y, ref = as_float64(y), as_float64(ref)
    with np.errstate(invalid="ignore"):
        err = np.abs(y - ref)
    err = np.where((np.isnan(y) & np.isnan(ref)) | (y == ref), 0.0, err)
    return np.where(np.isnan(err), np.inf, err)


def short_float(v):
    """1e-4 for 0.0001, 2.5e-5 for 0.000025; other values as %g."""
    t = "%g" % v
    if "e" in t or abs(v) >= 1e-3 or v == 0:
        return t.replace("e-0", "e-").replace("e+0", "e+")
    m, e = ("%.6e" % v).split("e")
    return "%se%d" % (m.rstrip("0").rstrip("."), int(e))


def compare(name, y, declared, ref, criterion, rtol, atol, norm_tol):
    """Checks output y against ref: shape and element type, then the
    values: integers and bools exactly, floats by criterion ('onnx' or
    'model', the module's docstring).
    Prints one line; returns whether it matches."""
    if not same_kind(name, y, declared, ref):
        return False
    if y.dtype.kind in "biu":
        diff = np.flatnonzero(y.reshape(-1) != ref.reshape(-1))
        if not diff.size:
            print("  %s: exact: ok" % name)
            return True
        k = diff[0]
        print("  %s: %d of %d elements differ (the first, %d: %s, expected "
              "%s): MISMATCH" % (name, diff.size, y.size, k,
                                 y.reshape(-1)[k], ref.reshape(-1)[k]))
        return False
    err = errors(y, ref).reshape(-1)
    ref = np.abs(as_float64(ref)).reshape(-1)
    worst = err.max() if err.size else 0.0
    if criterion == "model":
        finite = ref[np.isfinite(ref)]
        scale = finite.max() if finite.size else 0.0
        ok = bool(worst <= norm_tol * scale)
        print("  %s: worst abs error %.3g, %.3g of max |ref| %.3g "
              "(tolerance %s): %s" % (
                  name, worst, worst / scale if scale else
                  (0.0 if worst == 0 else np.inf), scale,
                  short_float(norm_tol),
                  "ok" if ok else "MISMATCH"))
        return ok
    rel = err / np.maximum(ref, np.finfo(np.float32).tiny)
    ok = bool(np.all(err <= atol + rtol * np.nan_to_num(ref)))
    print("  %s: worst abs error %.3g, worst rel error %.3g: %s" % (
        name, worst, rel.max() if rel.size else 0.0,
        "ok" if ok else "MISMATCH"))
    return ok


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
    ap.add_argument("--tolerance", choices=("onnx", "model"),
                    help="the values' criterion: onnx, elementwise |y - ref| "
                    "<= atol + rtol |ref| (the default), or model, normwise "
                    "max |y - ref| <= norm-tol max |ref| (the default for a "
                    "float64 reference of a float32 output)")
    ap.add_argument("--rtol", type=float,
                    help="the onnx criterion's relative tolerance (default "
                    "%g, ONNX's backend tests')" % RTOL)
    ap.add_argument("--atol", type=float,
                    help="the onnx criterion's absolute tolerance (default "
                    "%g)" % ATOL)
    ap.add_argument("--norm-tol", type=float,
                    help="the model criterion's tolerance, relative to the "
                    "output's largest magnitude (default %g)" % NORM_TOL)
    ap.add_argument("--compare-layers", metavar="REF",
                    help="run the first data set keeping each op's result "
                    "and compare every ONNX tensor the program computes with "
                    "REF's: onnxruntime (npm's onnxruntime-node) or a "
                    "directory of TensorProto files named by ONNX tensor "
                    "(PyTorch's forward hooks'); a float tensor t is "
                    "expected within 8 u acc(t) of its max |ref|, u = 2^-24, "
                    "acc(t) = sqrt(acc(x)^2 + w^2) for its node's input x "
                    "of the largest and w the node's 1 (4 for a "
                    "transcendental function) plus sqrt(n) for a sum of n "
                    "terms; prints a table and the first node past it "
                    "(docs/graph.md, \"Comparing layers\")")
    ap.add_argument("--layers-dir", metavar="DIR",
                    help="with --compare-layers, write the reference's and "
                    "the program's tensors there (DIR/reference, DIR/accel) "
                    "as TensorProto files")
    ap.add_argument("--plant-error", metavar="NODE:DELTA",
                    help="for the tests of --compare-layers only: add DELTA "
                    "to the first element of node NODE's result (or #N:DELTA, "
                    "the N-th op run) as the program runs")
    ap.add_argument("--cache", default=os.path.join(
        os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")),
        "accel-run"), help="where compiled models are kept, by the "
                    "content of the model, the compiler and the libraries "
                    "(default %(default)s)")
    args = ap.parse_args()
    onnx_given = args.rtol is not None or args.atol is not None
    if onnx_given and (args.tolerance == "model" or args.norm_tol is not None):
        fail("--rtol and --atol are the onnx criterion's, --norm-tol the "
             "model criterion's: give one criterion's")
    if args.norm_tol is not None and args.tolerance == "onnx":
        fail("--norm-tol is the model criterion's, not onnx's")
    criterion = args.tolerance or ("onnx" if onnx_given else "model"
                                   if args.norm_tol is not None else None)
    rtol = args.rtol
    atol = ATOL if args.atol is None else args.atol
    norm_tol = NORM_TOL if args.norm_tol is None else args.norm_tol

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
    if (args.plant_error or args.layers_dir) and not args.compare_layers:
        fail("--plant-error and --layers-dir go with --compare-layers")
    if args.compare_layers and (args.profile or args.timeline or args.stats
                                or args.output_dir):
        fail("--compare-layers runs alone: not with --profile, --timeline, "
             "--stats or --output-dir")
    elf, outputs, inputs = compile_model(
        model_path, args.input_shape, args.cache,
        ["--dump-results"] if args.compare_layers else [])
    program_shapes = {name: shape for name, _, shape in inputs}
    in_names = graph_inputs(model)[0] if model else []
    in_types = input_dtypes(model) if model else []
    out_types = declared_types(model, outputs)

    sets = []
    if args.check:
        for d in sorted(glob.glob(os.path.join(args.check, "test_data_set_*"))):
            ins = sorted(glob.glob(os.path.join(d, "input_*.pb")),
                         key=lambda p: int(p.rsplit("_", 1)[1][:-3]))
            outs = sorted(glob.glob(os.path.join(d, "output_*.pb")),
                          key=lambda p: int(p.rsplit("_", 1)[1][:-3]))
            if len(outs) != len(outputs):
                fail("%s: %d expected outputs, the model has %d" % (
                    d, len(outs), len(outputs)))
            sets.append((os.path.basename(d), ins, outs))
        if not sets:
            fail("%s: no test_data_set_N directories" % args.check)
    else:
        sets.append(("inputs", ordered_inputs(args.input, in_names), []))

    if args.compare_layers:  # the first data set's inputs
        import compare_layers  # beside this script
        xs = [read_tensor(p) for p in sets[0][1]]
        xs = [x.view(BF16) if t == BF16 and x.dtype == np.uint16 else x
              for x, t in zip(xs, in_types)]
        if len(xs) != len(in_names):
            fail("%s: %d inputs given, the model has %d" % (
                sets[0][0], len(xs), len(in_names)))
        sys.exit(compare_layers.main(args, sys.modules[__name__], model_path,
                                     model, elf, outputs, in_names, xs))

    all_ok = True
    counted = None  # count_model's, at the first profile
    with tempfile.TemporaryDirectory() as tmp:
        for name, ins, outs in sets:
            xs = [read_tensor(p) for p in ins]
            if len(xs) != len(in_names):
                fail("%s: %d inputs given, the model has %d" % (
                    name, len(xs), len(in_names)))
            for k, (x, n, t) in enumerate(zip(xs, in_names, in_types)):
                if t == BF16 and x.dtype == np.uint16:  # ONNX 1.12's data
                    xs[k] = x = x.view(BF16)
                if x.dtype != t:
                    fail("%s: input '%s' is %s; the model's is %s" % (
                        name, n, type_name(x.dtype), type_name(t)))
                # The program reads the bytes of its shape's elements.
                shape = program_shapes.get(n)
                if shape is not None and x.size != int(np.prod(shape)):
                    fail("%s: input '%s' has shape %s; the program's is %s" % (
                        name, n, list(x.shape), shape))
            timeline = args.timeline if name == sets[0][0] else None
            ys, st, ops, seconds = run(elf, xs,
                                       [t or np.float32 for _, t, _ in outputs],
                                       args.stats,
                                       args.fast, args.profile, timeline,
                                       tmp)
            if timeline:
                add_operator_track(timeline, ops)
            if args.fast:
                # Without the cycle model a bundle counts as one cycle: no
                # figure of time or utilization to print.
                print("%s: %d bundles (--fast: no cycle model) (simulator: "
                      "%.1f s)" % (name, st["bundles"], seconds))
            else:
                print("%s: %d cycles, matrix utilization %.3f (simulator: "
                      "%.1f s)" % (name, st["cycles"],
                                   st["matrix_utilization"], seconds))
            if args.profile:
                print_profile(ops, st["cycles"], st["macs_per_cycle"],
                              args.top)
                if counted is None:
                    counted = count_model(model_path, args.input_shape)
                print_where_it_goes(counted, st, ops)
            # The program writes each output's raw bytes in the type and
            # shape accel-graphc gave it.
            shaped = []
            for (out_name, _, shape), y in zip(outputs, ys):
                if y.size == int(np.prod(shape)):
                    shaped.append(y.reshape(shape))
                    continue
                print("  %s: the program wrote %d elements, its shape %s "
                      "holds %d: MISMATCH" % (out_name, y.size, shape,
                                              int(np.prod(shape))))
                shaped.append(None)
                all_ok = False
            for k, y in enumerate(shaped):
                if outs and y is not None:
                    ref = read_tensor(outs[k])
                    if out_types[k] == BF16 and ref.dtype == np.uint16:
                        ref = ref.view(BF16)
                    how = criterion or ("model" if ref.dtype == np.float64
                                        and out_types[k] == np.float32
                                        else "onnx")
                    r = rtol if rtol is not None else max(
                        RTOL, TYPE_RTOL.get(y.dtype, 0.0))
                    all_ok &= compare(outputs[k][0], y, out_types[k], ref,
                                      how, r, atol, norm_tol)
            if args.output_dir:
                os.makedirs(args.output_dir, exist_ok=True)
                for k, y in enumerate(shaped):
                    t = to_tensor(ys[k] if y is None else y, outputs[k][0])
                    with open(os.path.join(args.output_dir,
                                           "output_%d.pb" % k), "wb") as f:
                        f.write(t.SerializeToString())
    sys.exit(0 if all_ok else 1)


if __name__ == "__main__":
    main()
