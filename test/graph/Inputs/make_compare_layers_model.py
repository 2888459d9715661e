"""The model of compare-layers.test, written with onnx's helper: a small
residual CNN and a layer-normalized head,

  x [1, 3, 8, 8] -> conv1 (3x3) -> relu1 -> conv2 (3x3) -> add (+ relu1's)
    -> relu2 -> gap (GlobalAveragePool) -> flat -> fc (Gemm) -> ln
    (LayerNormalization) -> soft (Softmax) -> y [1, 10]

with random weights (fixed seed), and its test data set (the output's reference numpy's, in float64). Also a
reference directory as PyTorch's forward hooks would give it, made here by
numpy in float64: TensorProto files of relu1's and ln's outputs, named by
their ONNX tensors.

usage: make_compare_layers_model.py DIR  (writes DIR/cnn/, DIR/hooks/)"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

rng = np.random.default_rng(40)


def weight(*shape, fan_in):
    return (rng.standard_normal(shape) / np.sqrt(fan_in)).astype(np.float32)


w1, b1 = weight(8, 3, 3, 3, fan_in=27), weight(8, fan_in=1) * 0.1
w2, b2 = weight(8, 8, 3, 3, fan_in=72), weight(8, fan_in=1) * 0.1
wf, bf = weight(8, 10, fan_in=8), weight(10, fan_in=1) * 0.1
gamma = (1 + 0.1 * rng.standard_normal(10)).astype(np.float32)
beta = (0.1 * rng.standard_normal(10)).astype(np.float32)
x = rng.standard_normal((1, 3, 8, 8)).astype(np.float32)

nodes = [
    helper.make_node("Conv", ["x", "w1", "b1"], ["c1"], "conv1",
                     pads=[1, 1, 1, 1]),
    helper.make_node("Relu", ["c1"], ["r1"], "relu1"),
    helper.make_node("Conv", ["r1", "w2", "b2"], ["c2"], "conv2",
                     pads=[1, 1, 1, 1]),
    helper.make_node("Add", ["c2", "r1"], ["s"], "add"),
    helper.make_node("Relu", ["s"], ["r2"], "relu2"),
    helper.make_node("GlobalAveragePool", ["r2"], ["g"], "gap"),
    helper.make_node("Flatten", ["g"], ["f"], "flat"),
    helper.make_node("Gemm", ["f", "wf", "bf"], ["h"], "fc"),
    helper.make_node("LayerNormalization", ["h", "gamma", "beta"], ["n"],
                     "ln", axis=-1, epsilon=1e-5),
    helper.make_node("Softmax", ["n"], ["y"], "soft", axis=-1),
]
inits = [numpy_helper.from_array(a, n) for n, a in [
    ("w1", w1), ("b1", b1), ("w2", w2), ("b2", b2), ("wf", wf), ("bf", bf),
    ("gamma", gamma), ("beta", beta)]]
graph = helper.make_graph(
    nodes, "compare_layers",
    [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 3, 8, 8])],
    [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 10])], inits)
model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
onnx.checker.check_model(model)


def conv3x3(a, w, b):
    a = a.astype(np.float64)
    p = np.pad(a, ((0, 0), (0, 0), (1, 1), (1, 1)))
    out = np.zeros((1, w.shape[0], 8, 8))
    for i in range(3):
        for j in range(3):
            out += np.einsum("nchw,oc->nohw", p[:, :, i:i + 8, j:j + 8],
                             w[:, :, i, j].astype(np.float64))
    return out + b.astype(np.float64)[None, :, None, None]


r1 = np.maximum(conv3x3(x, w1, b1), 0)
r2 = np.maximum(conv3x3(r1, w2, b2) + r1, 0)
h = r2.mean(axis=(2, 3)) @ wf.astype(np.float64) + bf
n = (h - h.mean(-1, keepdims=True)) / np.sqrt(h.var(-1, keepdims=True) + 1e-5)
n = n * gamma + beta
y = np.exp(n - n.max(-1, keepdims=True))
y /= y.sum(-1, keepdims=True)

out = sys.argv[1]
os.makedirs(os.path.join(out, "cnn", "test_data_set_0"), exist_ok=True)
onnx.save(model, os.path.join(out, "cnn", "model.onnx"))
with open(os.path.join(out, "cnn", "test_data_set_0", "input_0.pb"), "wb") as f:
    f.write(numpy_helper.from_array(x, "x").SerializeToString())
with open(os.path.join(out, "cnn", "test_data_set_0", "output_0.pb"),
          "wb") as f:
    f.write(numpy_helper.from_array(y, "y").SerializeToString())
os.makedirs(os.path.join(out, "hooks"), exist_ok=True)
for name, a in [("r1", r1), ("n", n)]:
    with open(os.path.join(out, "hooks", name + ".pb"), "wb") as f:
        f.write(numpy_helper.from_array(a, name).SerializeToString())
