#!/usr/bin/python3
"""The ONNX backend node tests (libonnx-testdata) of the operators accel-graphc imports (SCOPE),
run through accel-run (its default criterion: each output's shape and
element type, then its values within ONNX's rtol 1e-3 and atol 1e-7):
docs/conformance.md lists every test of an in-scope
operator (one whose nodes are all in scope) as passed, failed (with the
first line of why) or excluded (with the reason: an input or output
that is not f32, or training mode).

An integer or bool graph input (Pad's pads, Expand's shape, Gather's
indices, Where's condition) configures its node: models have it as an
initializer, which is how accel-graphc takes it (it computes in f32).
Such a test runs with the input made an initializer holding its value in
the data sets, when every data set has the same one ("as a constant" in
the table); f32 data stays an input.

Usage: conformance.py --build DIR [--docs FILE] [--expected FILE]
                      [--jobs N] [--filter REGEX]
  --expected FILE  the tests that must pass (one name a line): any of them
                   failing makes the exit status 1 (the ctest entry)
  --docs FILE      rewrites FILE with the table
Ends with the line 'N passed, N failed' (and the excluded count)."""
import argparse
import concurrent.futures
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

import onnx

NODE_TESTS = "/usr/share/libonnx-testdata/data/node"
SCOPE = set("""MatMul Gemm Conv Relu LeakyRelu Clip Add Sub Mul Div Pow Max
Min Sigmoid Tanh Erf Gelu Exp Log Sqrt Reciprocal Neg Abs Softmax LogSoftmax
LayerNormalization BatchNormalization MaxPool AveragePool GlobalAveragePool
Flatten Reshape Transpose Concat Split Slice Pad Gather Squeeze Unsqueeze
Shape Cast ReduceMean ReduceSum ReduceMax Identity Constant ConstantOfShape
Dropout Where Expand HardSigmoid HardSwish""".split())
TYPE_NAMES = {v: k.lower() for k, v in onnx.TensorProto.DataType.items()}


CONFIG_TYPES = {onnx.TensorProto.INT64, onnx.TensorProto.INT32,
                onnx.TensorProto.BOOL}


def elem_type(v):
    return v.type.tensor_type.elem_type if v.type.HasField("tensor_type") else 0


def data_sets(path):
    return sorted(glob.glob(os.path.join(path, "test_data_set_*")))


def gather_indices_only(m, name):
    """Whether only Gathers read graph input name, as their indices: an
    integer input accel-graphc takes at run time."""
    uses = [(n.op_type, k) for n in m.graph.node
            for k, i in enumerate(n.input) if i == name]
    return bool(uses) and all(u == ("Gather", 1) for u in uses)


def constant_inputs(path, m):
    """The graph inputs a test may take as constants: integer or bool ones
    with one value in every data set (but Gather indices, which run as
    inputs); None if another input is not f32."""
    inits = {i.name for i in m.graph.initializer}
    inputs = [v for v in m.graph.input if v.name not in inits]
    keep = []
    for k, v in enumerate(inputs):
        if elem_type(v) == onnx.TensorProto.FLOAT:
            continue
        if (elem_type(v) in (onnx.TensorProto.INT64, onnx.TensorProto.INT32)
                and gather_indices_only(m, v.name)):
            continue
        if elem_type(v) not in CONFIG_TYPES:
            return None
        values = [onnx.load_tensor(os.path.join(d, "input_%d.pb" % k))
                  for d in data_sets(path)]
        if not values or any(x.SerializeToString() !=
                             values[0].SerializeToString() for x in values):
            return None
        keep.append((k, v.name, values[0]))
    return keep


def classify(path):
    """(ops, reason to exclude or None, constant inputs), or None when out
    of scope."""
    m = onnx.load(os.path.join(path, "model.onnx"), load_external_data=False)
    ops = sorted({n.op_type for n in m.graph.node})
    if not set(ops) <= SCOPE:
        return None
    if "training" in os.path.basename(path):
        return ops, "training mode (accel-graphc compiles for inference)", []
    for v in m.graph.output:
        if elem_type(v) != onnx.TensorProto.FLOAT:
            return ops, "'%s' is %s, not f32" % (
                v.name, TYPE_NAMES.get(elem_type(v), "not a tensor")), []
    consts = constant_inputs(path, m)
    if consts is None:
        inits = {i.name for i in m.graph.initializer}
        v = next(v for v in m.graph.input if v.name not in inits and
                 elem_type(v) != onnx.TensorProto.FLOAT)
        return ops, "'%s' is %s, not f32" % (
            v.name, TYPE_NAMES.get(elem_type(v), "not a tensor")), []
    return ops, None, consts


def with_constants(path, consts, work):
    """A copy of the test in work with the constant inputs made
    initializers and left out of its data sets."""
    m = onnx.load(os.path.join(path, "model.onnx"))
    names = {name for _, name, _ in consts}
    for _, name, value in consts:
        value.name = name
        m.graph.initializer.append(value)
    inputs = [v for v in m.graph.input if v.name not in names]
    del m.graph.input[:]
    m.graph.input.extend(inputs)
    onnx.save(m, os.path.join(work, "model.onnx"))
    dropped = {k for k, _, _ in consts}
    for d in data_sets(path):
        out = os.path.join(work, os.path.basename(d))
        os.makedirs(out)
        ins = sorted(glob.glob(os.path.join(d, "input_*.pb")),
                     key=lambda p: int(p.rsplit("_", 1)[1][:-3]))
        for n, p in enumerate(p for k, p in enumerate(ins) if k not in dropped):
            shutil.copy(p, os.path.join(out, "input_%d.pb" % n))
        for p in glob.glob(os.path.join(d, "output_*.pb")):
            shutil.copy(p, out)
    return work


def run(build, name, consts):
    """(passed, note)."""
    with tempfile.TemporaryDirectory() as work:
        path = os.path.join(NODE_TESTS, name)
        if consts:
            path = with_constants(path, consts, work)
        r = subprocess.run(
            [os.path.join(build, "bin", "accel-run"), "--fast", "--cache",
             os.path.join(build, "conformance-cache"), path],
            capture_output=True, text=True, timeout=600)
    if r.returncode == 0:
        return True, ""
    lines = [l.strip() for l in (r.stderr + r.stdout).splitlines()
             if "error" in l or "MISMATCH" in l]
    note = lines[0] if lines else "exit status %d" % r.returncode
    return False, re.sub(r"\S*/node/", "", note)[:200]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", required=True)
    ap.add_argument("--docs")
    ap.add_argument("--expected")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--filter", default="")
    args = ap.parse_args()
    build = os.path.abspath(args.build)

    tests = []
    for name in sorted(os.listdir(NODE_TESTS)):
        if not re.search(args.filter, name):
            continue
        c = classify(os.path.join(NODE_TESTS, name))
        if c:
            tests.append((name,) + c)
    results = {}
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futures = {pool.submit(run, build, name, consts): name
                   for name, _, reason, consts in tests if reason is None}
        for f in concurrent.futures.as_completed(futures):
            results[futures[f]] = f.result()

    rows, passed, failed, excluded = [], 0, 0, 0
    for name, ops, reason, consts in tests:
        how = ("'%s' as a constant" % "', '".join(n for _, n, _ in consts)
               if consts else "")
        if reason:
            excluded += 1
            rows.append((name, ops, "excluded", reason))
        elif results[name][0]:
            passed += 1
            rows.append((name, ops, "pass", how))
        else:
            failed += 1
            rows.append((name, ops, "FAIL", "; ".join(
                x for x in (how, results[name][1]) if x)))
    for row in rows:
        print("%-60s %s %s" % (row[0], row[2], row[3]))

    regressions = []
    if args.expected:
        with open(args.expected) as f:
            expected = {l.strip() for l in f if l.strip() and l[0] != "#"}
        status = {r[0]: r[2] for r in rows}
        regressions = sorted(t for t in expected if status.get(t) != "pass")
        for t in regressions:
            print("REGRESSION: %s was expected to pass" % t)

    if args.docs:
        with open(args.docs, "w") as f:
            f.write("# ONNX node-test conformance\n\n"
                    "Generated by `test/graph/conformance.py --docs` from "
                    "libonnx-testdata %s's node tests: every test whose "
                    "nodes are all operators accel-graphc imports (the "
                    "script's SCOPE), run by "
                    "`accel-run` (compile, run on `accel-sim --fast`, "
                    "hold each output to the reference's shape and element "
                    "type, and its values within ONNX's rtol 1e-3, atol "
                    "1e-7). A failure's note "
                    "is the first error line. The tests that pass are "
                    "`test/graph/conformance-expected.txt`, which ctest's "
                    "`onnx-node-conformance` holds to.\n\n"
                    "%d passed, %d failed, %d excluded, of %d in scope.\n\n"
                    "| test | operators | result | note |\n"
                    "| --- | --- | --- | --- |\n" % (
                        onnx.__version__, passed, failed, excluded,
                        len(rows)))
            for name, ops, result, note in rows:
                f.write("| %s | %s | %s | %s |\n" % (
                    name, ", ".join(ops), result,
                    note.replace("|", "\\|")))
    print("%d passed, %d failed (%d excluded)" % (passed, failed, excluded))
    sys.exit(1 if regressions else 0)


if __name__ == "__main__":
    main()
