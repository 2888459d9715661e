"""Writes the models of import-reduce.test into a directory, each in the
ONNX test-data layout with its expected outputs computed here with numpy
(float64, or Python's integers): reductions of int64, float16 and f32
(LogSumExp of values near 1000, where exp overflows unless the maximum
is subtracted), ArgMax of int32 with ties and select_last_index, CumSum
of int64 (exclusive, reverse) with a constant axis, TopK with a constant
K (both outputs, ties), TopK whose K is a graph input (run with the
declared K and with another), opset 11's Hardmax (the input taken as a
matrix), and the refusals of axes, axis and K computed at run time.
Usage: make_reduce_models.py DIR"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def write(d, name, nodes, inputs, outputs, initializers=(), opset=13,
          run=True):
    """inputs: (name, array); outputs: (name, array, onnx type);
    initializers: arrays as (name, array)."""
    g = helper.make_graph(
        nodes, "g",
        [helper.make_tensor_value_info(
            n, onnx.mapping.NP_TYPE_TO_TENSOR_TYPE[x.dtype], list(x.shape))
         for n, x in inputs],
        [helper.make_tensor_value_info(n, t, list(y.shape))
         for n, y, t in outputs],
        [numpy_helper.from_array(x, n) for n, x in initializers])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)])
    onnx.checker.check_model(m)
    os.makedirs(os.path.join(d, name), exist_ok=True)
    onnx.save(m, os.path.join(d, name, "model.onnx"))
    if not run:
        return
    data = os.path.join(d, name, "test_data_set_0")
    os.makedirs(data, exist_ok=True)
    for k, (n, x) in enumerate(inputs):
        with open(os.path.join(data, "input_%d.pb" % k), "wb") as f:
            f.write(numpy_helper.from_array(x, n).SerializeToString())
    for k, (n, y, _) in enumerate(outputs):
        with open(os.path.join(data, "output_%d.pb" % k), "wb") as f:
            f.write(numpy_helper.from_array(y, n).SerializeToString())


def topk(x, k, axis, largest):
    """Values and indices, ties to the lower index (ONNX's rule)."""
    key = -x if largest else x
    idx = np.argsort(key, axis=axis, kind="stable")
    idx = np.take(idx, range(k), axis=axis)
    return np.take_along_axis(x, idx, axis), idx.astype(np.int64)


def main():
    d = sys.argv[1]
    rng = np.random.default_rng(39)
    I64, I32, F16, F = (TensorProto.INT64, TensorProto.INT32,
                        TensorProto.FLOAT16, TensorProto.FLOAT)

    x = rng.integers(-1000, 1000, [3, 4]).astype(np.int64)
    write(d, "sum-i64",
          [helper.make_node("ReduceSum", ["x", "axes"], ["y"], name="sum",
                            keepdims=0)],
          [("x", x)], [("y", x.sum(axis=1), I64)],
          [("axes", np.array([-1], np.int64))])

    x = rng.uniform(-2, 2, [3, 5]).astype(np.float16)
    y = np.sqrt((x.astype(np.float64) ** 2).sum(axis=1, keepdims=True))
    write(d, "l2-f16",
          [helper.make_node("ReduceL2", ["x"], ["y"], name="l2", axes=[1])],
          [("x", x)], [("y", y.astype(np.float16), F16)])

    x = (rng.uniform(-3, 3, [4, 6]) + 1000).astype(np.float32)
    v = x.astype(np.float64)
    m = v.max(axis=0)
    y = m + np.log(np.exp(v - m).sum(axis=0))
    write(d, "lse-f32",
          [helper.make_node("ReduceLogSumExp", ["x"], ["y"], name="lse",
                            axes=[0], keepdims=0)],
          [("x", x)], [("y", y.astype(np.float32), F)])

    x = rng.integers(0, 3, [3, 7]).astype(np.int32)
    y = 6 - np.argmax(x[:, ::-1], axis=1)
    write(d, "argmax-i32",
          [helper.make_node("ArgMax", ["x"], ["y"], name="argmax", axis=-1,
                            select_last_index=1)],
          [("x", x)], [("y", y.reshape(3, 1).astype(np.int64), I64)])

    x = rng.integers(-50, 50, [2, 5]).astype(np.int64)
    r = np.cumsum(x[:, ::-1], axis=1)[:, ::-1]
    y = np.concatenate([r[:, 1:], np.zeros([2, 1], np.int64)], axis=1)
    write(d, "cumsum-i64",
          [helper.make_node("CumSum", ["x", "axis"], ["y"], name="cumsum",
                            exclusive=1, reverse=1)],
          [("x", x)], [("y", y, I64)], [("axis", np.array(1, np.int32))],
          opset=14)

    x = rng.integers(0, 4, [3, 6]).astype(np.float32)
    values, indices = topk(x, 3, 1, True)
    write(d, "topk-f32",
          [helper.make_node("TopK", ["x", "k"], ["values", "indices"],
                            name="topk", axis=1)],
          [("x", x)], [("values", values, F), ("indices", indices, I64)],
          [("k", np.array([3], np.int64))], opset=11)

    values, indices = topk(x, 2, 0, False)
    write(d, "topk-k-input",
          [helper.make_node("TopK", ["x", "k"], ["values", "indices"],
                            name="topk", axis=0, largest=0)],
          [("x", x), ("k", np.array([2], np.int64))],
          [("values", values, F), ("indices", indices, I64)], opset=11)
    # The same model run with k = 3: the program's k is 2.
    os.makedirs(os.path.join(d, "topk-k-wrong", "test_data_set_0"),
                exist_ok=True)
    write(d, "topk-k-wrong",
          [helper.make_node("TopK", ["x", "k"], ["values", "indices"],
                            name="topk", axis=0, largest=0)],
          [("x", x), ("k", np.array([3], np.int64))],
          [("values", values, F), ("indices", indices, I64)], opset=11)

    x = rng.uniform(-1, 1, [2, 3, 4]).astype(np.float32)
    flat = x.reshape(2, 12)
    y = np.zeros_like(flat)
    y[np.arange(2), np.argmax(flat, axis=1)] = 1
    write(d, "hardmax-v11",
          [helper.make_node("Hardmax", ["x"], ["y"], name="hardmax",
                            axis=1)],
          [("x", x)], [("y", y.reshape(2, 3, 4), F)], opset=11)

    xf = np.zeros([2, 3], np.float32)
    write(d, "cumsum-axis-computed",
          [helper.make_node("Add", ["a", "o"], ["axis"], name="add"),
           helper.make_node("CumSum", ["x", "axis"], ["y"], name="cumsum")],
          [("x", xf), ("a", np.array(0, np.int64))], [("y", xf, F)],
          [("o", np.array(1, np.int64))], opset=14, run=False)
    write(d, "topk-k-computed",
          [helper.make_node("Add", ["a", "o"], ["k"], name="add"),
           helper.make_node("TopK", ["x", "k"], ["v", "i"], name="topk")],
          [("x", xf), ("a", np.array([0], np.int64))],
          [("v", xf[:, :1], F), ("i", np.zeros([2, 1], np.int64), I64)],
          [("o", np.array([1], np.int64))], opset=11, run=False)
    write(d, "sum-axes-computed",
          [helper.make_node("Add", ["a", "o"], ["axes"], name="add"),
           helper.make_node("ReduceSum", ["x", "axes"], ["y"], name="sum",
                            keepdims=1)],
          [("x", xf), ("a", np.array([0], np.int64))],
          [("y", xf[:, :1], F)], [("o", np.array([1], np.int64))],
          run=False)

if __name__ == "__main__":
    main()
