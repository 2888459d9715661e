"""accel-run --compare-layers REF: every ONNX tensor the program computes,
compared with a reference's value of it (docs/graph.md, "Comparing
layers").

The program is compiled with accel-graphc --dump-results: each op writes
its result out as it runs (kernels-c/graph/graph_debug.c). An op's result
is the value of one ONNX tensor: the output of the op's node (a node the
importer made several ops of: its last op of that size) or, for a fused
op, the output of its group that leaves the group. The tensors of views
(Reshape, a Transpose or Slice the memory planner made a view), of folded
shape computations and of the inside of a fused op have no op of their
own and are not compared.

REF is `onnxruntime` (npm's onnxruntime-node on its CPU provider: the
model with every node's output made a graph output, run by
ort-reference.js on the same inputs), or a directory of reference tensors:
ONNX TensorProto files (*.pb), each named (its name field) by the ONNX
tensor whose value it holds (as --layers-dir writes them; from PyTorch,
forward hooks' outputs written with onnx.numpy_helper.from_array(a, name)).

The expectation (float32, of a float tensor t; "expected" in the table):
    max |y - ref| <= F u acc(t) max |ref|,   F = 8,  u = 2^-24
(2^-11 for float16, 2^-8 for bfloat16, 2^-53 for float64), where
acc(t) = sqrt(acc(x)^2 + w^2), x the input of t's node with the largest
(0 for the graph's inputs and constants) and w the node's own: 1 (4 for a
transcendental function: Exp, Log, Pow, Erf, Tanh, Sigmoid, Sqrt, ...,
and the nodes computing one: Softmax, LayerNormalization, ...), and
sqrt(n) more for a node that sums n terms (MatMul and Gemm their inner
dimension, Conv its input channels per group times its kernel's size, a
reduction, softmax or normalization the length it reduces). Each
operation rounds by u, a library's approximation of a function is off by
a few, a sum of n terms by about sqrt(n) u of its terms' magnitudes
(rounding errors random in sign), and the errors carried in from the
inputs pass on, independent of the node's own: they add as squares. A node that only moves or
selects values (Reshape, Transpose, Gather, Slice, Concat, Relu, Max,
MaxPool, ...) has w = 0. F allows for cancellation (the terms'
magnitudes against the result's) and for the reference's own rounding.
Integer and bool tensors must be exact where their inputs are; one
computed from floats with errors (an ArgMax, a comparison) is shown, not
judged.
"""
import json
import math
import os
import subprocess
import tempfile

import numpy as np
import onnx

F = 8
UNIT = {np.dtype(np.float32): 2.0 ** -24, np.dtype(np.float16): 2.0 ** -11,
        np.dtype(np.float64): 2.0 ** -53}
BF16_UNIT = 2.0 ** -8

# Nodes that move or select values: exact, adding no error of their own.
EXACT = {
    "Reshape", "Flatten", "Squeeze", "Unsqueeze", "Transpose", "Identity",
    "Gather", "GatherElements", "GatherND", "Slice", "Split", "Concat",
    "Expand", "Tile", "Pad", "DepthToSpace", "SpaceToDepth", "Shape", "Size",
    "Constant", "ConstantOfShape", "Dropout", "Relu", "Max", "Min", "Abs",
    "Neg", "Sign", "Where", "Clip", "MaxPool", "GlobalMaxPool", "ReduceMax",
    "ReduceMin", "ArgMax", "ArgMin", "TopK", "Equal", "Less", "Greater",
    "LessOrEqual", "GreaterOrEqual", "Not", "And", "Or", "Xor", "Trilu",
    "ScatterElements", "ScatterND", "OneHot", "ReverseSequence", "Range",
    "NonZero", "Floor", "Ceil", "Round",
}

# Nodes whose function the kernels and the reference approximate, each to
# a few units in the last place.
TRANSCENDENTAL = {
    "Exp", "Log", "Pow", "Erf", "Tanh", "Sigmoid", "Sqrt", "Reciprocal",
    "Sin", "Cos", "Tan", "Asin", "Acos", "Atan", "Sinh", "Cosh", "Asinh",
    "Acosh", "Atanh", "Softplus", "Softsign", "Elu", "Selu", "Celu", "Mish",
    "Gelu", "Softmax", "LogSoftmax", "LayerNormalization",
    "InstanceNormalization", "GroupNormalization", "BatchNormalization",
    "LpNormalization", "ReduceLogSum", "ReduceLogSumExp", "ReduceL2",
    "LSTM", "GRU", "RNN", "HardSwish", "ThresholdedRelu", "LRN",
}

# The element type names of graph_debug.c's dump (accel_dtype_name).
DUMP_TYPES = {"f32": np.float32, "f64": np.float64, "f16": np.float16,
              "int8": np.int8, "int16": np.int16, "int32": np.int32,
              "int64": np.int64, "uint8": np.uint8, "uint16": np.uint16,
              "uint32": np.uint32, "uint64": np.uint64, "bool": np.bool_}
# onnxruntime-node's type names (ort-reference.js's outputs.json).
ORT_TYPES = {"float32": np.float32, "float64": np.float64,
             "float16": np.float16, "int8": np.int8, "uint8": np.uint8,
             "int16": np.int16, "uint16": np.uint16, "int32": np.int32,
             "uint32": np.uint32, "int64": np.int64, "uint64": np.uint64,
             "bool": np.bool_}
ONNX_TYPE_NAMES = {np.dtype(v): k for k, v in ORT_TYPES.items()}
HEAD = np.dtype([("magic", "<i8"), ("index", "<i8"), ("dtype", "S8"),
                 ("rank", "<i8"), ("dims", "<i8", 6), ("strides", "<i8", 6),
                 ("data_bytes", "<i8"), ("name_bytes", "<i8")])
MAGIC = 0x504d5544434341


def read_dump(path, tools):
    """graph_debug.c's records: [(index, name, array in logical order)]."""
    with open(path, "rb") as f:
        blob = f.read()
    ops, at = [], 0
    while at < len(blob):
        h = np.frombuffer(blob, HEAD, 1, at)[0]
        if h["magic"] != MAGIC:
            tools.fail("%s: not a --dump-results file at byte %d" % (path, at))
        at += HEAD.itemsize
        name = blob[at:at + h["name_bytes"]].decode("utf-8", "replace")
        at += h["name_bytes"]
        kind = h["dtype"].decode()
        dtype = tools.BF16 if kind == "bf16" else np.dtype(DUMP_TYPES[kind])
        rank = int(h["rank"])
        dims = [int(d) for d in h["dims"][:rank]]
        strides = [int(s) * dtype.itemsize for s in h["strides"][:rank]]
        data = np.frombuffer(blob, np.uint8, int(h["data_bytes"]), at)
        at += int(h["data_bytes"])
        if 0 in dims:
            y = np.zeros(dims, dtype)
        else:
            flat = data.view(dtype)
            y = np.lib.stride_tricks.as_strided(flat, dims, strides).copy()
        ops.append((int(h["index"]), name, y))
    return ops


def members(op_name):
    """An op's nodes: "a (Conv) + b (Relu)" -> ["a", "b"]."""
    return [part.rsplit(" (", 1)[0] for part in op_name.split(" + ")]


def same_order(dims, other):
    """Whether arrays of dims and other (the same count) hold their
    elements in one order: each one's dimensions (1s left out) merge into
    the other's, so that a reshape, not a transpose, relates them (an op
    whose result is the tensor's transpose, such as a patch convolution's
    product, is not its value)."""
    def cuts(d):
        out, p = set(), 1
        for n in d:
            if n != 1:
                p *= n
                out.add(p)
        return out
    a, b = cuts(dims), cuts(other)
    return a <= b or b <= a


def node_outputs(model, ops, counts, shapes):
    """Each dumped op's ONNX tensor: {tensor name: (op name, array)}. An
    op's candidates are the outputs of its nodes that leave them (read by
    another node, or a graph output) of the op's element count (counts,
    where known) in the same order (same_order, against shapes where
    known); the ops of one set of nodes take them from the last, each the
    last of its size."""
    producer = {}
    consumers = {}
    for node in model.graph.node:
        for o in node.output:
            producer[o] = node
        for i in node.input:
            consumers.setdefault(i, []).append(node.name)
    graph_outputs = {o.name for o in model.graph.output}
    by_nodes = {}
    for index, name, y in ops:
        by_nodes.setdefault(tuple(members(name)), []).append((name, y))
    node_by_name = {n.name: n for n in model.graph.node}
    found = {}
    for group, group_ops in by_nodes.items():
        inside = set(group)
        exits = []
        for node in model.graph.node:  # in the graph's order
            if node.name not in inside:
                continue
            for o in node.output:
                if o and (o in graph_outputs or any(
                        c not in inside for c in consumers.get(o, []))):
                    exits.append(o)
        if not all(n in node_by_name for n in group):
            continue  # a function body's or a loop's copy: not the model's
        # A result that stacks two of the set's outputs on a leading axis
        # of 2 (a pre-norm layer's norm: the sum, then the norm): its
        # halves, in that order.
        sizes = {counts.get(o) for o in exits}
        remaining = []
        for op_name, y in group_ops:
            if (y.ndim >= 1 and y.shape[0] == 2 and y.size not in sizes and
                    y.size // 2 in sizes):
                remaining += [(op_name, y[0]), (op_name, y[1])]
            else:
                remaining.append((op_name, y))
        for o in reversed(exits):
            for k in range(len(remaining) - 1, -1, -1):
                size = remaining[k][1].size
                if counts.get(o, size) == size and (
                        o not in shapes or
                        same_order(shapes[o], remaining[k][1].shape)):
                    found[o] = remaining[k]
                    remaining = remaining[:k]
                    break
    return found


def reduction_length(node, shape_of):
    """The length of the sums node computes (1 for none)."""
    def shape(k):
        return shape_of.get(node.input[k]) if k < len(node.input) else None

    def size(s):
        return int(np.prod(s)) if s is not None else None
    attrs = {a.name: onnx.helper.get_attribute_value(a)
             for a in node.attribute}
    op = node.op_type
    x, y = shape(0), shape_of.get(node.output[0]) if node.output else None
    if op == "MatMul" and x:
        return x[-1]
    if op == "Gemm" and x:
        return x[0] if attrs.get("transA", 0) else x[-1]
    if op in ("Conv", "ConvTranspose", "ConvInteger") and shape(1):
        w = shape(1)
        per_group = w[1] if op != "ConvTranspose" else (
            w[0] // attrs.get("group", 1))
        return per_group * int(np.prod(w[2:]))
    if op in ("Softmax", "LogSoftmax", "Hardmax", "CumSum") and x:
        axis = attrs.get("axis", -1) if op != "CumSum" else -1
        return x[axis]
    if op == "LayerNormalization" and x:
        return int(np.prod(x[attrs.get("axis", -1):]))
    if op in ("InstanceNormalization", "LpNormalization") and x:
        return int(np.prod(x[2:])) if op == "InstanceNormalization" else x[
            attrs.get("axis", -1)]
    if op in ("AveragePool", "LpPool"):
        return int(np.prod(attrs.get("kernel_shape", [1])))
    if (op.startswith("Reduce") or op in ("GlobalAveragePool", "GlobalLpPool")
            ) and x is not None and y is not None and size(y):
        return max(1, size(x) // size(y))
    if op == "Einsum" and y is not None and size(y):
        sizes = [size(shape(k)) for k in range(len(node.input))]
        if all(s for s in sizes):
            return max(1, int(round(math.sqrt(np.prod(sizes) / size(y)))))
    if op in ("LSTM", "GRU", "RNN") and x:
        hidden = attrs.get("hidden_size", 1)
        return x[0] * (x[-1] + hidden)
    return 1


def error_paths(model, shape_of):
    """acc(t) of every tensor (the module's docstring)."""
    acc = {}
    for node in model.graph.node:
        carried = max([acc.get(i, 0.0) for i in node.input if i] + [0.0])
        n = reduction_length(node, shape_of)
        own = 0.0 if node.op_type in EXACT else (
            4.0 if node.op_type in TRANSCENDENTAL else 1.0) + (
                math.sqrt(n) if n > 1 else 0.0)
        for o in node.output:
            acc[o] = math.hypot(carried, own)
    return acc


def unit_of(dtype, tools):
    if dtype == tools.BF16:
        return BF16_UNIT
    return UNIT.get(np.dtype(dtype), 2.0 ** -24)


def inferred_sizes(model):
    """Each tensor's element count by ONNX's shape inference, where it
    knows every dimension."""
    try:
        typed = onnx.shape_inference.infer_shapes(model)
    except Exception:
        return {}
    sizes = {}
    for v in list(typed.graph.value_info) + list(typed.graph.output):
        t = v.type.tensor_type
        if t.HasField("shape") and all(d.HasField("dim_value")
                                       for d in t.shape.dim):
            sizes[v.name] = int(np.prod([d.dim_value for d in t.shape.dim]))
    return sizes


def with_every_output(model):
    """model with every node's tensor output a graph output (in the
    graph's order), and those outputs' names."""
    m = onnx.ModelProto()
    m.CopyFrom(model)
    try:
        typed = onnx.shape_inference.infer_shapes(m)
        types = {v.name: v for v in list(typed.graph.value_info) +
                 list(typed.graph.output)}
    except Exception:  # the reference's own inference decides
        types = {}
    have = {o.name for o in m.graph.output}
    names = []
    for node in m.graph.node:
        for o in node.output:
            if not o:
                continue
            v = types.get(o)
            if v is not None and not v.type.HasField("tensor_type"):
                continue  # a sequence or an optional: not a tensor
            names.append(o)
            if o in have:
                continue
            have.add(o)
            if v is not None:
                m.graph.output.append(v)
            else:
                m.graph.output.append(onnx.helper.make_empty_tensor_value_info(
                    o))
    return m, names


def ort_reference(model, model_dir, in_names, xs, work, tools):
    """onnxruntime's values of every node output: {name: array}."""
    bin_dir = tools.BIN
    script = os.path.join(bin_dir, "ort-reference.js")
    modules = os.environ.get("ACCEL_NODE_MODULES") or os.path.join(
        os.path.dirname(bin_dir), "node", "node_modules")
    if not os.path.isdir(os.path.join(modules, "onnxruntime-node")):
        tools.fail("--compare-layers onnxruntime: npm's onnxruntime-node is "
                   "not installed in %s (scripts/install-onnxruntime.sh, "
                   "which scripts/build.sh runs, installs it; "
                   "ACCEL_NODE_MODULES names another node_modules)" % modules)
    full, names = with_every_output(model)
    model_path = os.path.join(work, "every-output.onnx")
    # The weights another file beside the model holds, loaded with it (the
    # copy is not beside them).
    if any(t.data_location == onnx.TensorProto.EXTERNAL
           for t in full.graph.initializer):
        onnx.load_external_data_for_model(full, model_dir)
    onnx.save(full, model_path)
    inputs = []
    for k, (name, x) in enumerate(zip(in_names, xs)):
        path = os.path.join(work, "ref-in%d.bin" % k)
        np.ascontiguousarray(x).tofile(path)
        kind = "float16" if x.dtype == np.float16 else ONNX_TYPE_NAMES.get(
            x.dtype)
        if kind is None:
            tools.fail("--compare-layers onnxruntime: input '%s' is %s, which "
                       "ort-reference.js does not pass" % (
                           name, tools.type_name(x.dtype)))
        inputs.append({"name": name, "type": kind, "dims": list(x.shape),
                       "file": path})
    out_dir = os.path.join(work, "ort")
    os.makedirs(out_dir, exist_ok=True)
    manifest = os.path.join(work, "manifest.json")
    with open(manifest, "w") as f:
        json.dump({"model": model_path, "inputs": inputs, "outputs": names,
                   "dir": out_dir}, f)
    env = dict(os.environ, NODE_PATH=modules)
    r = subprocess.run(["node", script, manifest], env=env)
    if r.returncode:
        tools.fail("onnxruntime could not run the model (above)")
    with open(os.path.join(out_dir, "outputs.json")) as f:
        written = json.load(f)
    ref = {}
    for w in written:
        if w["type"] not in ORT_TYPES:
            continue
        a = np.fromfile(w["file"], ORT_TYPES[w["type"]])
        ref[w["name"]] = a.reshape(w["dims"])
    return ref


def read_reference_dir(path, tools):
    """A directory of TensorProto files: {tensor name: array}."""
    ref = {}
    for entry in sorted(os.listdir(path)):
        if entry.endswith(".pb"):
            t = onnx.load_tensor(os.path.join(path, entry))
            ref[t.name or entry[:-3]] = tools.read_tensor(
                os.path.join(path, entry))
    if not ref:
        tools.fail("--compare-layers %s: no TensorProto (.pb) files" % path)
    return ref


def write_tensors(directory, tensors, tools):
    """{name: array} as TensorProto files named after the tensors."""
    os.makedirs(directory, exist_ok=True)
    used = set()
    for name, a in tensors.items():
        stem = "".join(c if c.isalnum() or c in "._-" else "_"
                       for c in name).strip("_") or "tensor"
        base, k = stem, 1
        while stem in used:
            k += 1
            stem = "%s.%d" % (base, k)
        used.add(stem)
        with open(os.path.join(directory, stem + ".pb"), "wb") as f:
            f.write(tools.to_tensor(a, name).SerializeToString())


def fmt(v):
    return "%9.3g" % v if np.isfinite(v) else "%9s" % v


def compare(model, ref, found, shape_of, tools):
    """Prints the table and the first divergence; returns whether none."""
    acc = error_paths(model, shape_of)
    producer_node = {}
    for node in model.graph.node:
        for o in node.output:
            producer_node[o] = node
    print("  %9s %9s %9s %-7s %-18s %s" % (
        "max |err|", "/max|ref|", "expected", "", "shape",
        "node (op type): output [computed by the fused op of]"))
    first = None
    rows = 0
    for node in model.graph.node:
        for o in node.output:
            if o not in found or o not in ref:
                continue
            op_name, y = found[o]
            r = ref[o]
            rows += 1
            shape = list(r.shape)
            y = y.reshape(r.shape) if y.size == r.size else y
            err = tools.errors(y, r).reshape(-1)
            worst = float(err.max()) if err.size else 0.0
            exact = r.dtype.kind in "biu" or (
                r.dtype == np.bool_) or y.dtype.kind in "biu"
            if exact:
                scale = 0.0
                rel = 0.0 if worst == 0 else np.inf
                judged = acc.get(o, 0.0) == 0.0 or worst == 0
                expected = "exact" if judged else "-"
                ok = worst == 0 or not judged
            else:
                mags = np.abs(tools.as_float64(r)).reshape(-1)
                mags = mags[np.isfinite(mags)]
                scale = float(mags.max()) if mags.size else 0.0
                rel = worst / scale if scale else (0.0 if worst == 0
                                                   else np.inf)
                # The program's precision (a float64 reference is a more
                # precise one).
                tol = F * max(unit_of(r.dtype, tools), unit_of(
                    y.dtype, tools)) * max(acc.get(o, 0.0), 1.0)
                expected = "%9.2g" % tol
                ok = rel <= tol
            nodes = members(op_name)
            fused = " + ".join(nodes) if len(nodes) > 1 else ""
            print("  %s %s %9s %-7s %-18s %s (%s): %s%s" % (
                fmt(worst), fmt(rel), expected, "ok" if ok else "EXCEEDS",
                str(shape).replace(" ", ""), node.name, node.op_type, o,
                " [%s]" % fused if fused else ""))
            if not ok and first is None:
                first = (node, o, worst, rel, scale, expected, fused)
    skipped = sum(1 for n in model.graph.node for o in n.output
                  if o and o not in found)
    unheld = sum(1 for o in found if o not in ref)
    print("  %d tensors compared; %d node outputs have no op of their own "
          "(views, folded shape computations, the inside of fused ops)%s" % (
              rows, skipped, "; %d others the reference does not hold" % unheld
              if unheld else ""))
    if first is None:
        print("no divergence: every tensor within float32 expectations")
        return True
    node, o, worst, rel, scale, expected, fused = first
    print("first divergence: node '%s' (%s) output '%s': max abs error %.3g, "
          "%.3g of max |ref| %.3g, expected %s%s" % (
              node.name, node.op_type, o, worst, rel, scale,
              expected.strip(), (" (computed by the fused op %s)" % fused)
              if fused else ""))
    return False


def check_plant(spec, ops, tools):
    """Fails unless --plant-error's NODE names a node an op computes (or
    #N an op of the run)."""
    if not spec:
        return
    target = spec.rsplit(":", 1)[0]
    if target.startswith("#"):
        hit = target[1:].isdigit() and int(target[1:]) < len(ops)
    else:
        hit = any(target in members(name) for _, name, _ in ops)
    if not hit:
        tools.fail("--plant-error %s: no op of the program computes %s" % (
            spec, "that op" if target.startswith("#") else
            "node '%s'" % target))


def main(args, tools, model_path, model, elf, outputs, in_names, xs):
    """accel-run --compare-layers: returns the exit status."""
    if model is None:
        tools.fail("--compare-layers: %s cannot be read as ONNX" % model_path)
    # An unnamed node's name as accel-graphc gives it (OnnxLoader.cpp).
    for k, node in enumerate(model.graph.node):
        if not node.name:
            node.name = "%s#%d" % (node.op_type, k)
    with tempfile.TemporaryDirectory() as work:
        if args.compare_layers == "onnxruntime":
            ref = ort_reference(model, os.path.dirname(
                os.path.abspath(model_path)), in_names, xs, work, tools)
        elif args.compare_layers == "torch":
            tools.fail("--compare-layers torch: give the directory of the "
                       "tensors PyTorch's forward hooks wrote (docs/graph.md, "
                       "\"Comparing layers\")")
        elif os.path.isdir(args.compare_layers):
            ref = read_reference_dir(args.compare_layers, tools)
        else:
            tools.fail("--compare-layers %s: not onnxruntime nor a directory"
                       % args.compare_layers)
        dump = os.path.join(work, "results.dump")
        files = []
        for k, x in enumerate(xs):
            path = os.path.join(work, "in%d.bin" % k)
            np.ascontiguousarray(x).tofile(path)
            files.append(path)
        outs = [os.path.join(work, "out%d.bin" % k)
                for k in range(len(outputs))]
        cmd = [os.path.join(tools.BIN, "accel-sim"), "--fs-root=/"] + (
            ["--fast"] if args.fast else []) + [elf] + files + outs + [
                "--dump-results=" + dump]
        if args.plant_error:
            cmd.append("--plant-error=" + args.plant_error)
        r = subprocess.run(cmd)
        if r.returncode:
            tools.fail("the program failed on the simulator (status %d)" %
                       r.returncode)
        ops = read_dump(dump, tools)
        counts = inferred_sizes(model)
        counts.update({name: a.size for name, a in ref.items()})
        found = node_outputs(model, ops, counts,
                             {name: a.shape for name, a in ref.items()})
        check_plant(args.plant_error, ops, tools)
        shape_of = {name: list(a.shape) for name, a in ref.items()}
        for i in model.graph.initializer:
            shape_of[i.name] = list(i.dims)
        for name, x in zip(in_names, xs):
            shape_of[name] = list(x.shape)
        print("%s: %d ops' results against %s" % (
            os.path.basename(os.path.dirname(os.path.abspath(model_path)))
            if os.path.basename(model_path) == "model.onnx" else model_path,
            len(ops), args.compare_layers))
        ok = compare(model, ref, found, shape_of, tools)
        if args.layers_dir:
            write_tensors(os.path.join(args.layers_dir, "reference"),
                          ref, tools)
            write_tensors(os.path.join(args.layers_dir, "accel"),
                          {o: (y.reshape(ref[o].shape) if o in ref and
                               y.size == ref[o].size else y)
                           for o, (_, y) in found.items()}, tools)
    return 0 if ok else 1
