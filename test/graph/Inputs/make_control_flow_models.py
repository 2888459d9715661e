"""Writes the models of control-flow.test into a directory, each in the
ONNX test-data layout with its expected outputs computed here with numpy:
an If of a condition computed at run time (both branches, one Where), an
If of a constant condition (the branch taken alone), a Scan over axis 1
of x, backwards, with a running sum as its state, and a Loop of 4 trips
whose body reads its iteration number and an outer value.
Usage: make_control_flow_models.py DIR"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

F = TensorProto.FLOAT


def vi(name, shape, t=F):
    return helper.make_tensor_value_info(name, t, shape)


def write_run(d, name, nodes, inputs, outputs, inits=(), opset=13):
    g = helper.make_graph(nodes, "g", [vi(n, list(x.shape), t)
                                       for n, x, t in inputs],
                          [vi(n, list(y.shape)) for n, y in outputs],
                          list(inits))
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)])
    onnx.checker.check_model(m)
    data = os.path.join(d, name, "test_data_set_0")
    os.makedirs(data, exist_ok=True)
    onnx.save(m, os.path.join(d, name, "model.onnx"))
    for kind, values in (("input", [(n, x) for n, x, _ in inputs]),
                         ("output", outputs)):
        for k, (n, x) in enumerate(values):
            with open(os.path.join(data, "%s_%d.pb" % (kind, k)), "wb") as f:
                f.write(numpy_helper.from_array(x, n).SerializeToString())


def branch(name, op, x_name):
    """A branch computing op(x) of the outer x."""
    return helper.make_graph([helper.make_node(op, [x_name], [name + "_y"])],
                             name, [], [vi(name + "_y", [2, 3])])


def main():
    d = sys.argv[1]
    rng = np.random.default_rng(17)
    x = rng.standard_normal([2, 3]).astype(np.float32)
    for cond in (True, False):
        write_run(d, "if-runtime-%s-run" % str(cond).lower(), [
            helper.make_node("If", ["c"], ["y"], name="choose",
                             then_branch=branch("then", "Abs", "x"),
                             else_branch=branch("else", "Neg", "x"))],
            [("c", np.array(cond), TensorProto.BOOL), ("x", x, F)],
            [("y", np.abs(x) if cond else -x)])
    write_run(d, "if-constant-run", [
        helper.make_node("If", ["c"], ["y"], name="choose",
                         then_branch=branch("then", "Abs", "x"),
                         else_branch=branch("else", "Neg", "x"))],
        [("x", x, F)], [("y", -x)],
        [numpy_helper.from_array(np.array(False), "c")])

    # Scan over axis 1 of [2, 4, 3], backwards: s += x[:, t]; out_t = s * 2.
    xs = rng.standard_normal([2, 4, 3]).astype(np.float32)
    s0 = rng.standard_normal([2, 3]).astype(np.float32)
    body = helper.make_graph(
        [helper.make_node("Add", ["s_in", "x_t"], ["s_out"]),
         helper.make_node("Add", ["s_out", "s_out"], ["twice"])],
        "body", [vi("s_in", [2, 3]), vi("x_t", [2, 3])],
        [vi("s_out", [2, 3]), vi("twice", [2, 3])])
    s, outs = s0.astype(np.float64), []
    for t in reversed(range(4)):
        s = s + xs[:, t]
        outs.append(2 * s)
    write_run(d, "scan-run", [
        helper.make_node("Scan", ["s0", "xs"], ["s", "ys"], name="scan",
                         body=body, num_scan_inputs=1, scan_input_axes=[1],
                         scan_input_directions=[1], scan_output_axes=[-1])],
        [("s0", s0, F), ("xs", xs, F)],
        [("s", s.astype(np.float32)),
         ("ys", np.stack(outs, axis=-1).astype(np.float32))])

    # Loop of 4 trips: v = v * w + i; each trip's v stacked.
    v0 = rng.standard_normal([3]).astype(np.float32)
    w = rng.standard_normal([3]).astype(np.float32)
    body = helper.make_graph(
        [helper.make_node("Identity", ["cond_in"], ["cond_out"]),
         helper.make_node("Cast", ["i"], ["fi"], to=F),
         helper.make_node("Mul", ["v_in", "w"], ["vw"]),
         helper.make_node("Add", ["vw", "fi"], ["v_out"]),
         helper.make_node("Identity", ["v_out"], ["v_scan"])],
        "body", [vi("i", [], TensorProto.INT64),
                 vi("cond_in", [], TensorProto.BOOL), vi("v_in", [3])],
        [vi("cond_out", [], TensorProto.BOOL), vi("v_out", [3]),
         vi("v_scan", [3])])
    v, vs = v0.astype(np.float64), []
    for i in range(4):
        v = v * w + i
        vs.append(v)
    write_run(d, "loop-run", [
        helper.make_node("Loop", ["trips", "", "v0"], ["v", "vs"],
                         name="loop", body=body)],
        [("v0", v0, F), ("w", w, F)],
        [("v", v.astype(np.float32)), ("vs", np.stack(vs).astype(np.float32))],
        [numpy_helper.from_array(np.array(4, np.int64), "trips")])


if __name__ == "__main__":
    main()
