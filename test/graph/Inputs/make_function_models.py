"""Writes the models of function-expansion.test into a directory: ONNX
operators that are functions (MeanVarianceNormalization, Bernoulli), an
operator that is one but that accel-graphc lowers itself (Softmax), and
shape arithmetic through Size and Neg. mvn-run is in the ONNX test-data
layout with its expected output computed here in float64 with numpy.
Usage: make_function_models.py DIR"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

F = TensorProto.FLOAT


def model(nodes, inputs, outputs, inits=(), opset=13):
    g = helper.make_graph(nodes, "g", inputs, outputs, list(inits))
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)])
    onnx.checker.check_model(m)
    return m


def vi(name, shape, t=F):
    return helper.make_tensor_value_info(name, t, shape)


def mvn_reference(x, axes=(0, 2, 3)):
    """ONNX's MeanVarianceNormalization: (x - E[x]) / (sqrt(E[x^2] -
    E[x]^2) + 1e-9), over axes."""
    mean = x.mean(axis=axes, keepdims=True)
    var = (x * x).mean(axis=axes, keepdims=True) - mean * mean
    return (x - mean) / (np.sqrt(var) + 1e-9)


def write_run(d, name, m, x, y):
    data = os.path.join(d, name, "test_data_set_0")
    os.makedirs(data, exist_ok=True)
    onnx.save(m, os.path.join(d, name, "model.onnx"))
    for k, (v, info) in enumerate([(x, m.graph.input[0]),
                                   (y, m.graph.output[0])]):
        kind = "input" if k == 0 else "output"
        with open(os.path.join(data, kind + "_0.pb"), "wb") as f:
            f.write(numpy_helper.from_array(v.astype(np.float32),
                                            info.name).SerializeToString())


def main():
    d = sys.argv[1]
    os.makedirs(d, exist_ok=True)
    mvn = model([helper.make_node("MeanVarianceNormalization", ["x"], ["y"],
                                  name="mvn")],
                [vi("x", [2, 3, 4, 5])], [vi("y", [2, 3, 4, 5])])
    x = np.random.default_rng(5).standard_normal([2, 3, 4, 5]) * 3 + 1
    x = x.astype(np.float32)
    write_run(d, "mvn-run", mvn, x, mvn_reference(x.astype(np.float64)))

    softmax = model([helper.make_node("Softmax", ["x"], ["y"], name="sm")],
                    [vi("x", [2, 5])], [vi("y", [2, 5])])
    onnx.save(softmax, os.path.join(d, "softmax.onnx"))

    coin = model([helper.make_node("Bernoulli", ["x"], ["y"], name="coin")],
                 [vi("x", [4])], [vi("y", [4])], opset=15)
    onnx.save(coin, os.path.join(d, "bernoulli.onnx"))

    # x.reshape(-(-1), x.numel()): Size and Neg fold into the target.
    minus_one = numpy_helper.from_array(np.array([-1], np.int64), "m1")
    zero = numpy_helper.from_array(np.array([0], np.int64), "zero")
    flat = model([helper.make_node("Size", ["x"], ["n"], name="numel"),
                  helper.make_node("Unsqueeze", ["n", "zero"], ["n1"],
                                   name="n1"),
                  helper.make_node("Neg", ["m1"], ["one"], name="neg"),
                  helper.make_node("Concat", ["one", "n1"], ["shape"],
                                   name="target", axis=0),
                  helper.make_node("Reshape", ["x", "shape"], ["y"],
                                   name="flat")],
                 [vi("x", [2, 3, 4])], [vi("y", [1, 24])], [minus_one, zero])
    onnx.save(flat, os.path.join(d, "size-neg.onnx"))


if __name__ == "__main__":
    main()
