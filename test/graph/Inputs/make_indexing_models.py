"""One model an indexing operator (opset 16; Scatter at 10), for
import-indexing.test: index inputs computed at run time (graph inputs),
constant ones where the operator needs them, and models the importer
refuses."""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto as T, helper, numpy_helper

out = sys.argv[1]
os.makedirs(out, exist_ok=True)


def vi(name, t, shape):
    return helper.make_tensor_value_info(name, t, shape)


def save(name, node, inputs, outputs, inits=(), opset=16):
    g = helper.make_graph([node], name, inputs, outputs,
                          [numpy_helper.from_array(a, n) for n, a in inits])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)])
    onnx.save(m, os.path.join(out, name + ".onnx"))


N = helper.make_node
save("gather_elements", N("GatherElements", ["x", "i"], ["y"], name="ge",
                          axis=-1),
     [vi("x", T.FLOAT, [3, 4]), vi("i", T.INT64, [2, 4])],
     [vi("y", T.FLOAT, [2, 4])])
save("scatter_elements", N("ScatterElements", ["x", "i", "u"], ["y"],
                           name="se", axis=1, reduction="add"),
     [vi("x", T.INT64, [3, 4]), vi("i", T.INT32, [3, 2]),
      vi("u", T.INT64, [3, 2])], [vi("y", T.INT64, [3, 4])])
save("scatter", N("Scatter", ["x", "i", "u"], ["y"], name="sc", axis=0),
     [vi("x", T.FLOAT, [3, 4]), vi("i", T.INT64, [1, 4]),
      vi("u", T.FLOAT, [1, 4])], [vi("y", T.FLOAT, [3, 4])], opset=10)
save("gather_nd", N("GatherND", ["x", "i"], ["y"], name="gn", batch_dims=1),
     [vi("x", T.INT32, [2, 3, 4]), vi("i", T.INT64, [2, 1])],
     [vi("y", T.INT32, [2, 4])])
save("scatter_nd", N("ScatterND", ["x", "i", "u"], ["y"], name="sn",
                     reduction="mul"),
     [vi("x", T.DOUBLE, [4, 3]), vi("i", T.INT64, [2, 1]),
      vi("u", T.DOUBLE, [2, 3])], [vi("y", T.DOUBLE, [4, 3])])
save("trilu_k", N("Trilu", ["x", "k"], ["y"], name="tk"),
     [vi("x", T.INT64, [3, 5]), vi("k", T.INT64, [])],
     [vi("y", T.INT64, [3, 5])])
save("tril_const", N("Trilu", ["x", "k"], ["y"], name="tc", upper=0),
     [vi("x", T.BOOL, [2, 3, 3])], [vi("y", T.BOOL, [2, 3, 3])],
     [("k", np.array(-1, np.int64))])
save("reverse_sequence", N("ReverseSequence", ["x", "l"], ["y"], name="rs",
                           batch_axis=0, time_axis=1),
     [vi("x", T.FLOAT16, [3, 5, 2]), vi("l", T.INT64, [3])],
     [vi("y", T.FLOAT16, [3, 5, 2])])
save("onehot", N("OneHot", ["i", "d", "v"], ["y"], name="oh"),
     [vi("i", T.INT64, [2, 3]), vi("v", T.FLOAT, [2])],
     [vi("y", T.FLOAT, [2, 3, 5])], [("d", np.array([5], np.int64))])
save("eyelike", N("EyeLike", ["x"], ["y"], name="eye", k=1, dtype=T.INT32),
     [vi("x", T.FLOAT, [2, 3])], [vi("y", T.INT32, [2, 3])])
save("depth_to_space", N("DepthToSpace", ["x"], ["y"], name="d2s",
                         blocksize=2, mode="CRD"),
     [vi("x", T.FLOAT, [1, 8, 2, 3])], [vi("y", T.FLOAT, [1, 2, 4, 6])])
save("space_to_depth", N("SpaceToDepth", ["x"], ["y"], name="s2d",
                         blocksize=2),
     [vi("x", T.FLOAT, [1, 1, 4, 6])], [vi("y", T.FLOAT, [1, 4, 2, 3])])
save("tile", N("Tile", ["x", "r"], ["y"], name="tile"),
     [vi("x", T.FLOAT, [2, 3])], [vi("y", T.FLOAT, [2, 9])],
     [("r", np.array([1, 3], np.int64))])
save("tile_run_time", N("Tile", ["x", "r"], ["y"], name="tile_rt"),
     [vi("x", T.FLOAT, [2, 3]), vi("r", T.INT64, [2])],
     [vi("y", T.FLOAT, [4, 3])])
save("tile_int8", N("Tile", ["x", "r"], ["y"], name="tile8"),
     [vi("x", T.INT8, [2, 3])], [vi("y", T.INT8, [2, 6])],
     [("r", np.array([1, 2], np.int64))])
save("gather_elements_rank7", N("GatherElements", ["x", "i"], ["y"],
                                name="ge7", axis=1),
     [vi("x", T.FLOAT, [2, 5, 3, 2, 2, 3, 4]),
      vi("i", T.INT64, [2, 1, 3, 2, 2, 3, 4])],
     [vi("y", T.FLOAT, [2, 1, 3, 2, 2, 3, 4])])
save("maxunpool", N("MaxUnpool", ["x", "i", "s"], ["y"], name="mu",
                    kernel_shape=[2, 2], strides=[2, 2]),
     [vi("x", T.FLOAT, [1, 2, 2, 2]), vi("i", T.INT64, [1, 2, 2, 2]),
      vi("s", T.INT64, [4])], [vi("y", T.FLOAT, [1, 2, 5, 5])], opset=11)
# Refused.
save("eyelike_big", N("EyeLike", ["x"], ["y"], name="eye_big"),
     [vi("x", T.FLOAT, [5000, 5000])], [vi("y", T.FLOAT, [5000, 5000])])
save("onehot_f16", N("OneHot", ["i", "d", "v"], ["y"], name="oh16"),
     [vi("i", T.FLOAT16, [3]), vi("v", T.FLOAT, [2])],
     [vi("y", T.FLOAT, [3, 4])], [("d", np.array([4], np.int64))])
save("scatter_nd_f16_add", N("ScatterND", ["x", "i", "u"], ["y"],
                             name="sn16", reduction="add"),
     [vi("x", T.FLOAT16, [4]), vi("i", T.INT64, [2, 1]),
      vi("u", T.FLOAT16, [2])], [vi("y", T.FLOAT16, [4])])
save("depth_to_space_f64", N("DepthToSpace", ["x"], ["y"], name="d2s64",
                             blocksize=2),
     [vi("x", T.DOUBLE, [1, 4, 1, 1])], [vi("y", T.DOUBLE, [1, 1, 2, 2])])

# Run on the simulator (accel-run, against numpy): models with a
# test_data_set_0 beside them, each in a directory of its own.
rng = np.random.default_rng(39)


def run_case(name, node, ins, outs, inits=(), opset=16):
    """ins and outs: (name, numpy array) pairs; inits: constants."""
    d = os.path.join(out, name)
    os.makedirs(os.path.join(d, "test_data_set_0"))
    ty = lambda t: onnx.mapping.NP_TYPE_TO_TENSOR_TYPE[np.dtype(t)]  # noqa: E731
    g = helper.make_graph(
        [node], name, [vi(n, ty(a.dtype), list(a.shape)) for n, a in ins],
        [vi(n, ty(a.dtype), list(a.shape)) for n, a in outs],
        [numpy_helper.from_array(a, n) for n, a in inits])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)])
    onnx.save(m, os.path.join(d, "model.onnx"))
    for prefix, ts in (("input", ins), ("output", outs)):
        for k, (n, a) in enumerate(ts):
            onnx.save_tensor(numpy_helper.from_array(a, n), os.path.join(
                d, "test_data_set_0", "%s_%d.pb" % (prefix, k)))


x = rng.integers(-2**62, 2**62, (5, 3)).astype(np.int64)
i = np.array([[4, -1], [0, 2]], np.int64)
run_case("run-gather-int64", N("Gather", ["x", "i"], ["y"], axis=0),
         [("x", x), ("i", i)], [("y", np.take(x, i, 0))])
x = rng.standard_normal((6, 5)).astype(np.float16)
run_case("run-gather-f16", N("Gather", ["x", "i"], ["y"], axis=0),
         [("x", x)], [("y", np.take(x, [5, 0, -1], 0))],
         [("i", np.array([5, 0, -1], np.int64))])
x = rng.integers(-128, 128, (3, 5)).astype(np.int8)
i = np.array([4, -5, 2, 2], np.int32)
run_case("run-gather-int8-axis1", N("Gather", ["x", "i"], ["y"], axis=1),
         [("x", x), ("i", i)], [("y", np.take(x, i, 1))])
x = rng.integers(-50, 50, (3, 4)).astype(np.int64)
i = np.array([[0, 0], [3, -1], [1, 1]], np.int64)
u = rng.integers(-50, 50, (3, 2)).astype(np.int64)
y = x.copy()
np.add.at(y, (np.arange(3)[:, None], np.where(i < 0, i + 4, i)), u)
run_case("run-scatter-add-int64", N("ScatterElements", ["x", "i", "u"],
                                    ["y"], axis=1, reduction="add"),
         [("x", x), ("i", i), ("u", u)], [("y", y)])
x = rng.integers(0, 2, (2, 4, 4)).astype(np.bool_)
run_case("run-trilu-bool", N("Trilu", ["x", "k"], ["y"], upper=0),
         [("x", x), ("k", np.array(1, np.int64))], [("y", np.tril(x, 1))])
x = rng.integers(-128, 128, (2, 3)).astype(np.int8)
run_case("run-tile-int8", N("Tile", ["x", "r"], ["y"]),
         [("x", x), ("r", np.array([2, 2], np.int64))],
         [("y", np.tile(x, (2, 2)))])
# An index out of range at run time: the program stops naming the node.
x = rng.standard_normal((2, 3)).astype(np.float32)
i = np.array([[0, 1, 2], [3, 0, 0]], np.int64)
run_case("run-gather-elements-bad", N("GatherElements", ["x", "i"], ["y"],
                                      name="pick", axis=1),
         [("x", x), ("i", i)], [("y", np.zeros((2, 3), np.float32))])
