"""MaxPool models for import-pooling.test: 2-D f32 with both outputs
(the maxima on pool2d, the Indices on max_pool2d_typed), 1-D f32 with
column-major Indices (storage_order 1), 2-D int8 maxima and Indices with
asymmetric pads and ceil mode, each with a numpy reference written from
ONNX's definition (the first maximum of each window's taps inside the
input, its index (n C + c) H W + h W + w, or h + w H); refusals: a 3-D
one with Indices, a 3-D one of int8."""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

out = sys.argv[1]
os.makedirs(out, exist_ok=True)


def save(name, nodes, inputs, outputs, data=None):
    g = helper.make_graph(nodes, name, inputs, outputs)
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 13)])
    if data is None:
        onnx.save(m, os.path.join(out, name + ".onnx"))
        return
    d = os.path.join(out, name)
    os.makedirs(os.path.join(d, "test_data_set_0"), exist_ok=True)
    onnx.save(m, os.path.join(d, "model.onnx"))
    for kind, tensors in zip(("input", "output"), data):
        for i, t in enumerate(tensors):
            with open(os.path.join(d, "test_data_set_0",
                                   "%s_%d.pb" % (kind, i)), "wb") as f:
                f.write(numpy_helper.from_array(t).SerializeToString())


def out_size(n, k, s, b, e, ceil):
    span = n + b + e - k
    o = (-(-span // s) if ceil else span // s) + 1
    if ceil and (o - 1) * s >= n + b:
        o -= 1
    return o


def maxpool(x, k, s, pads, ceil=0, order=0):
    """ONNX MaxPool over [N, C, H, W] (dilation 1): maxima and indices."""
    N, C, H, W = x.shape
    oh = out_size(H, k[0], s[0], pads[0], pads[2], ceil)
    ow = out_size(W, k[1], s[1], pads[1], pads[3], ceil)
    y = np.zeros((N, C, oh, ow), x.dtype)
    idx = np.zeros((N, C, oh, ow), np.int64)
    for n, c, i, j in np.ndindex(N, C, oh, ow):
        best = None
        for h in range(i * s[0] - pads[0], i * s[0] - pads[0] + k[0]):
            for w in range(j * s[1] - pads[1], j * s[1] - pads[1] + k[1]):
                if 0 <= h < H and 0 <= w < W and (
                        best is None or x[n, c, h, w] > x[n, c][best]):
                    best = (h, w)
        y[n, c, i, j] = x[n, c][best]
        h, w = best
        idx[n, c, i, j] = (n * C + c) * H * W + (h * W + w if order == 0
                                                 else h + w * H)
    return y, idx


rng = np.random.default_rng(39)
vi = helper.make_tensor_value_info
F, I8, I64 = TensorProto.FLOAT, TensorProto.INT8, TensorProto.INT64

# 2-D f32, both outputs.
x = rng.standard_normal((2, 3, 6, 7)).astype(np.float32)
y, idx = maxpool(x, (3, 3), (2, 2), (1, 1, 1, 1))
save("f32-both",
     [helper.make_node("MaxPool", ["x"], ["y", "i"], name="pool",
                       kernel_shape=[3, 3], strides=[2, 2],
                       pads=[1, 1, 1, 1])],
     [vi("x", F, x.shape)], [vi("y", F, y.shape), vi("i", I64, idx.shape)],
     ([x], [y, idx]))

# 1-D f32, column-major indices only (the maxima unused).
x = rng.standard_normal((2, 2, 9)).astype(np.float32)
y4, idx4 = maxpool(x[:, :, None, :], (1, 3), (1, 2), (0, 1, 0, 0), order=1)
idx = idx4[:, :, 0, :]
save("one-d",
     [helper.make_node("MaxPool", ["x"], ["unused", "i"], name="pool1",
                       kernel_shape=[3], strides=[2], pads=[1, 0],
                       storage_order=1)],
     [vi("x", F, x.shape)], [vi("i", I64, idx.shape)], ([x], [idx]))

# 2-D int8 with ties, asymmetric pads and ceil mode, storage_order 1.
x = rng.integers(-128, 128, (1, 2, 7, 6)).astype(np.int8)
x[0, 0, :3, :3] = 5
y, idx = maxpool(x, (3, 2), (2, 2), (0, 1, 1, 0), ceil=1, order=1)
save("int8",
     [helper.make_node("MaxPool", ["x"], ["y", "i"], name="pool8",
                       kernel_shape=[3, 2], strides=[2, 2],
                       pads=[0, 1, 1, 0], ceil_mode=1, storage_order=1)],
     [vi("x", I8, x.shape)], [vi("y", I8, y.shape), vi("i", I64, idx.shape)],
     ([x], [y, idx]))

# Refusals.
save("three-d", [helper.make_node("MaxPool", ["x"], ["y", "i"], name="pool3",
                                  kernel_shape=[2, 2, 2])],
     [vi("x", F, (1, 1, 4, 4, 4))],
     [vi("y", F, (1, 1, 3, 3, 3)), vi("i", I64, (1, 1, 3, 3, 3))])
save("three-d-int8", [helper.make_node("MaxPool", ["x"], ["y"], name="pool3",
                                       kernel_shape=[2, 2, 2])],
     [vi("x", I8, (1, 1, 4, 4, 4))], [vi("y", I8, (1, 1, 3, 3, 3))])
