"""Writes the models of import-quantize.test into a directory, each in the
ONNX test-data layout with its expected output computed here with numpy
as ONNX defines the operators: QuantizeLinear to uint8 per tensor and to
int8 per axis (ties to even, saturation at both ends), DequantizeLinear
per axis of int8.
Usage: make_quantize_models.py DIR"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def write_run(d, name, node, inputs, inits, y, y_type):
    g = helper.make_graph(
        [node], "g",
        [helper.make_tensor_value_info(n, TensorProto.FLOAT, list(x.shape))
         for n, x in inputs],
        [helper.make_tensor_value_info("y", y_type, list(y.shape))],
        [numpy_helper.from_array(v, n) for n, v in inits])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 13)])
    onnx.checker.check_model(m)
    data = os.path.join(d, name, "test_data_set_0")
    os.makedirs(data, exist_ok=True)
    onnx.save(m, os.path.join(d, name, "model.onnx"))
    for k, (n, x) in enumerate(inputs):
        with open(os.path.join(data, "input_%d.pb" % k), "wb") as f:
            f.write(numpy_helper.from_array(x, n).SerializeToString())
    with open(os.path.join(data, "output_0.pb"), "wb") as f:
        f.write(numpy_helper.from_array(y, "y").SerializeToString())


def quantize(x, scale, zero, lo, hi, dtype):
    q = np.rint(x / scale) + zero.astype(np.float32)  # rint: ties to even
    return np.clip(q, lo, hi).astype(dtype)


def main():
    d = sys.argv[1]
    # Per tensor to uint8: ties 2.5 -> 2 and 3.5 -> 4, both ends saturated.
    x = np.array([[0.0, 0.5, 1.25, 1.75, -3.0, 300.0],
                  [2.5 * 0.5, 3.5 * 0.5, -0.25, 64.0, 127.5, -1e9]],
                 np.float32)
    scale, zero = np.float32(0.5), np.uint8(10)
    write_run(d, "quantize-u8-run",
              helper.make_node("QuantizeLinear", ["x", "s", "z"], ["y"],
                               name="q"),
              [("x", x)], [("s", np.array(scale)), ("z", np.array(zero))],
              quantize(x, scale, np.array(zero), 0, 255, np.uint8),
              TensorProto.UINT8)
    # Per axis 1 of [2, 3, 4] to int8.
    rng = np.random.default_rng(9)
    x = (rng.standard_normal([2, 3, 4]) * 40).astype(np.float32)
    scale = np.array([0.25, 0.5, 1.0], np.float32)
    zero = np.array([-3, 0, 100], np.int8)
    c = (1, 3, 1)
    write_run(d, "quantize-axis-run",
              helper.make_node("QuantizeLinear", ["x", "s", "z"], ["y"],
                               name="q", axis=1),
              [("x", x)], [("s", scale), ("z", zero)],
              quantize(x, scale.reshape(c), zero.reshape(c), -128, 127,
                       np.int8), TensorProto.INT8)
    # DequantizeLinear of int8 per axis 0: (x - zero) * scale.
    q = rng.integers(-128, 128, [3, 5]).astype(np.int8)
    g = helper.make_graph(
        [helper.make_node("DequantizeLinear", ["q", "s", "z"], ["y"],
                          name="dq", axis=0)], "g",
        [helper.make_tensor_value_info("q", TensorProto.INT8, [3, 5])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [3, 5])],
        [numpy_helper.from_array(scale, "s"),
         numpy_helper.from_array(zero, "z")])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 13)])
    y = ((q.astype(np.int32) - zero.reshape(3, 1)) *
         scale.reshape(3, 1).astype(np.float64)).astype(np.float32)
    data = os.path.join(d, "dequantize-axis-run", "test_data_set_0")
    os.makedirs(data, exist_ok=True)
    onnx.save(m, os.path.join(d, "dequantize-axis-run", "model.onnx"))
    with open(os.path.join(data, "input_0.pb"), "wb") as f:
        f.write(numpy_helper.from_array(q, "q").SerializeToString())
    with open(os.path.join(data, "output_0.pb"), "wb") as f:
        f.write(numpy_helper.from_array(y, "y").SerializeToString())


if __name__ == "__main__":
    main()
