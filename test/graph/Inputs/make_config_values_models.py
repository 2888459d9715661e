"""Models for import-config-values.test: Slice, Pad, Expand and Range whose
configuration inputs are graph inputs (computed at run time) while the
outputs' shapes are declared, as ONNX's node tests give them; run cases
(a test_data_set_0 beside the model) against numpy; and values at run time
that give another shape than the declared one."""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto as T, helper, numpy_helper

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
N = helper.make_node


def vi(name, t, shape):
    return helper.make_tensor_value_info(name, t, shape)


def ty(a):
    return onnx.mapping.NP_TYPE_TO_TENSOR_TYPE[np.dtype(a.dtype)]


def run_case(name, node, ins, outs, opset=13, save_data=True):
    """ins and outs: (name, numpy array) pairs, all graph inputs."""
    d = os.path.join(out, name)
    os.makedirs(os.path.join(d, "test_data_set_0"))
    g = helper.make_graph(
        [node], name, [vi(n, ty(a), list(a.shape)) for n, a in ins],
        [vi(n, ty(a), list(a.shape)) for n, a in outs])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)])
    onnx.save(m, os.path.join(d, "model.onnx"))
    for prefix, ts in (("input", ins), ("output", outs)):
        for k, (n, a) in enumerate(ts):
            onnx.save_tensor(numpy_helper.from_array(a, n), os.path.join(
                d, "test_data_set_0", "%s_%d.pb" % (prefix, k)))


rng = np.random.default_rng(39)
i64 = lambda v: np.array(v, np.int64)  # noqa: E731
x = rng.standard_normal((4, 5, 6)).astype(np.float32)
run_case("slice", N("Slice", ["x", "s", "e", "a", "k"], ["y"], name="cut"),
         [("x", x), ("s", i64([-1, 1])), ("e", i64([-1000, 2**63 - 1])),
          ("a", i64([2, 0])), ("k", i64([-2, 2]))],
         [("y", x[1::2, :, -1:-1000:-2])])
run_case("slice-default", N("Slice", ["x", "s", "e"], ["y"], name="cut2"),
         [("x", x), ("s", np.array([1, -4], np.int32)),
          ("e", np.array([3, 100], np.int32))], [("y", x[1:3, -4:100])])
# The declared shape is [2, 5, 6]; the values take 3 rows at run time.
run_case("slice-bad", N("Slice", ["x", "s", "e"], ["y"], name="cut3"),
         [("x", x), ("s", i64([0])), ("e", i64([3]))],
         [("y", x[0:2])])
p = rng.standard_normal((3, 4)).astype(np.float32)
run_case("pad", N("Pad", ["x", "p", "v"], ["y"], name="frame"),
         [("x", p), ("p", i64([1, 0, 2, 3])),
          ("v", np.array(2.5, np.float32))],
         [("y", np.pad(p, ((1, 2), (0, 3)), constant_values=2.5))])
q = rng.integers(-9, 9, (3, 4)).astype(np.int32)
run_case("pad-reflect-int32", N("Pad", ["x", "p"], ["y"], name="mirror",
                                mode="reflect"),
         [("x", q), ("p", i64([2, 1, 0, 3]))],
         [("y", np.pad(q, ((2, 0), (1, 3)), mode="reflect"))])
e = rng.standard_normal((3, 1)).astype(np.float32)
run_case("expand", N("Expand", ["x", "s"], ["y"], name="widen"),
         [("x", e), ("s", i64([2, 1, 4]))],
         [("y", np.broadcast_to(e, (2, 3, 4)).copy())])
run_case("expand-bad", N("Expand", ["x", "s"], ["y"], name="widen2"),
         [("x", e), ("s", i64([2, 1, 5]))],
         [("y", np.broadcast_to(e, (2, 3, 4)).copy())])
run_case("range", N("Range", ["a", "b", "c"], ["y"], name="ids"),
         [("a", np.array(10, np.int64)), ("b", np.array(-5, np.int64)),
          ("c", np.array(-4, np.int64))],
         [("y", np.arange(10, -5, -4, dtype=np.int64))], opset=11)
run_case("range-f32", N("Range", ["a", "b", "c"], ["y"], name="steps"),
         [("a", np.array(0.5, np.float32)), ("b", np.array(3, np.float32)),
          ("c", np.array(0.25, np.float32))],
         [("y", np.arange(0.5, 3, 0.25, dtype=np.float32))], opset=11)

# Refused at import, one line naming the node.
g = helper.make_graph(
    [N("Pad", ["x", "p"], ["y"], name="frame64")], "pad_f64",
    [vi("x", T.DOUBLE, [2, 2]), vi("p", T.INT64, [4])],
    [vi("y", T.DOUBLE, [3, 3])])
onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", 13)]),
          os.path.join(out, "pad_f64.onnx"))
g = helper.make_graph(
    [N("Range", ["a", "b", "c"], ["y"], name="ids8")], "range_dynamic",
    [vi("a", T.INT32, []), vi("b", T.INT32, []), vi("c", T.INT32, [])],
    [vi("y", T.INT32, ["n"])])
onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", 11)]),
          os.path.join(out, "range_dynamic.onnx"))
