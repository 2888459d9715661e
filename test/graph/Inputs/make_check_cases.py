"""Writes the test-data directories of check-kinds.test: one small model
(x [2, 3] -> Relu -> Reshape to [3, 2] -> y) with references of the
right values but another shape or element type, and make_models.py's MLP
with a float64 reference. Every reference is computed here with numpy.

  reshape-run         the reference as it should be: [3, 2] float32
  reshape-transposed  the same 6 floats in the input's shape, [2, 3]
  reshape-flat        the same 6 floats, [6]
  reshape-f16         [3, 2] float16
  reshape-i64         [3, 2] int64 (the values rounded)
  reshape-f64         [3, 2] float64: a more precise reference, accepted
  mlp-f64             make_models.py's MLP, its reference in float64

Usage: make_check_cases.py DIR"""
import os
import sys

import numpy as np
import onnx
from onnx import helper, numpy_helper

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_models import mlp, mlp_reference, model, vi  # noqa: E402


def reshape_model():
    shape = numpy_helper.from_array(np.array([3, 2], np.int64), "shape")
    nodes = [helper.make_node("Relu", ["x"], ["r"], name="relu"),
             helper.make_node("Reshape", ["r", "shape"], ["y"],
                              name="reshape")]
    return model(nodes, [vi("x", [2, 3])], [vi("y", [3, 2])], [shape])


def write(top, name, m, xs, ys):
    data = os.path.join(top, name, "test_data_set_0")
    os.makedirs(data)
    onnx.checker.check_model(m)
    onnx.save(m, os.path.join(top, name, "model.onnx"))
    for kind, values, infos in (("input", xs, m.graph.input),
                                ("output", ys, m.graph.output)):
        for k, (v, info) in enumerate(zip(values, infos)):
            onnx.save_tensor(numpy_helper.from_array(v, info.name),
                             os.path.join(data, "%s_%d.pb" % (kind, k)))


def main():
    top = sys.argv[1]
    rng = np.random.default_rng(53)
    x = rng.standard_normal((2, 3)).astype(np.float32)
    relu = np.maximum(x.astype(np.float64), 0.0)  # [2, 3]
    y = relu.reshape(3, 2)
    m = reshape_model()
    write(top, "reshape-run", m, [x], [y.astype(np.float32)])
    write(top, "reshape-transposed", m, [x], [relu.astype(np.float32)])
    write(top, "reshape-flat", m, [x], [y.reshape(6).astype(np.float32)])
    write(top, "reshape-f16", m, [x], [y.astype(np.float16)])
    write(top, "reshape-i64", m, [x], [np.rint(y).astype(np.int64)])
    write(top, "reshape-f64", m, [x], [y])

    m = mlp()
    x = np.random.default_rng(11).standard_normal((4, 8)).astype(np.float32)
    write(top, "mlp-f64", m, [x], mlp_reference(m, x.astype(np.float64)))


if __name__ == "__main__":
    main()
