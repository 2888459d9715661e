"""Writes the models of import-norms.test into a directory, each in the
ONNX test-data layout with its expected output computed here in float64
with numpy: InstanceNormalization on [2, 3, 4, 5] and LRN (size 3 and
an even size 4, whose window reaches one channel further up than down).
Usage: make_norm_models.py DIR"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

F = TensorProto.FLOAT


def vi(name, shape):
    return helper.make_tensor_value_info(name, F, shape)


def write_run(d, name, node, inputs, y):
    g = helper.make_graph([node], "g",
                          [vi(n, list(x.shape)) for n, x in inputs],
                          [vi("y", list(y.shape))])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 13)])
    onnx.checker.check_model(m)
    data = os.path.join(d, name, "test_data_set_0")
    os.makedirs(data, exist_ok=True)
    onnx.save(m, os.path.join(d, name, "model.onnx"))
    for k, (n, x) in enumerate(inputs):
        with open(os.path.join(data, "input_%d.pb" % k), "wb") as f:
            f.write(numpy_helper.from_array(x, n).SerializeToString())
    with open(os.path.join(data, "output_0.pb"), "wb") as f:
        f.write(numpy_helper.from_array(y.astype(np.float32),
                                        "y").SerializeToString())


def instance_norm(x, scale, bias, eps):
    mean = x.mean(axis=(2, 3), keepdims=True)
    var = ((x - mean) ** 2).mean(axis=(2, 3), keepdims=True)
    c = (1, -1, 1, 1)
    return ((x - mean) / np.sqrt(var + eps) * scale.reshape(c) +
            bias.reshape(c))


def lrn(x, size, alpha, beta, bias):
    """ONNX's LRN: the channels c - floor((size-1)/2) .. c + ceil((size-1)/2)
    summed, written out channel by channel."""
    y = np.empty_like(x)
    C = x.shape[1]
    for c in range(C):
        lo = max(0, c - (size - 1) // 2)
        hi = min(C - 1, c + (size - 1) - (size - 1) // 2)
        s = (x[:, lo:hi + 1] ** 2).sum(axis=1)
        y[:, c] = x[:, c] / (bias + alpha / size * s) ** beta
    return y


def main():
    d = sys.argv[1]
    rng = np.random.default_rng(3)
    x = (rng.standard_normal([2, 3, 4, 5]) * 2 + 0.5).astype(np.float32)
    scale = rng.standard_normal([3]).astype(np.float32)
    bias = rng.standard_normal([3]).astype(np.float32)
    write_run(d, "instancenorm-run",
              helper.make_node("InstanceNormalization", ["x", "s", "b"],
                               ["y"], name="inorm", epsilon=1e-3),
              [("x", x), ("s", scale), ("b", bias)],
              instance_norm(*(v.astype(np.float64) for v in (x, scale, bias)),
                            1e-3))
    x = rng.standard_normal([2, 6, 3, 3]).astype(np.float32)
    for size in (3, 4):
        write_run(d, "lrn%d-run" % size,
                  helper.make_node("LRN", ["x"], ["y"], name="lrn", size=size,
                                   alpha=0.5, beta=0.75, bias=2.0),
                  [("x", x)], lrn(x.astype(np.float64), size, 0.5, 0.75, 2.0))


if __name__ == "__main__":
    main()
