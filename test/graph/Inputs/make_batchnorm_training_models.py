"""BatchNormalization with training_mode 1 (opset 15) for
import-batchnorm-training.test: x [2, 3, 4, 5] with momentum 0.8 and
epsilon 1e-3, its three outputs (y, running mean, running variance)
from ONNX's reference written in float64 numpy (the batch's mean and
population variance over every axis but 1; running = input * momentum +
batch * (1 - momentum)); one of rank 2; a float64 one
(refused)."""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

out = sys.argv[1]
vi = helper.make_tensor_value_info


def reference(x, s, b, mean, var, momentum, eps):
    axes = tuple(d for d in range(x.ndim) if d != 1)
    x64 = x.astype(np.float64)
    bm, bv = x64.mean(axis=axes), x64.var(axis=axes)
    shape = [1, -1] + [1] * (x.ndim - 2)
    y = (x64 - bm.reshape(shape)) / np.sqrt(bv.reshape(shape) + eps) * \
        s.reshape(shape) + b.reshape(shape)
    return [y.astype(np.float32),
            (mean * momentum + bm * (1 - momentum)).astype(np.float32),
            (var * momentum + bv * (1 - momentum)).astype(np.float32)]


def save(name, x, outputs, code=TensorProto.FLOAT, momentum=0.8, eps=1e-3):
    rng = np.random.default_rng(len(name))
    C = x.shape[1]
    s, b = rng.uniform(0.5, 2, C), rng.uniform(-1, 1, C)
    mean, var = rng.uniform(-1, 1, C), rng.uniform(0.5, 2, C)
    dt = x.dtype
    ins = [x] + [a.astype(dt) for a in (s, b, mean, var)]
    names = ["x", "scale", "bias", "mean", "var"]
    ys = reference(x, s, b, mean, var, momentum, eps)[:len(outputs)]
    node = helper.make_node("BatchNormalization", names, outputs, name="bn",
                            training_mode=1, momentum=momentum, epsilon=eps)
    g = helper.make_graph(
        [node], name, [vi(n, code, a.shape) for n, a in zip(names, ins)],
        [vi(n, code, a.shape) for n, a in zip(outputs, ys)])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 15)])
    d = os.path.join(out, name)
    os.makedirs(os.path.join(d, "test_data_set_0"), exist_ok=True)
    onnx.save(m, os.path.join(d, "model.onnx"))
    for kind, ts in (("input", ins), ("output", ys)):
        for i, t in enumerate(ts):
            with open(os.path.join(d, "test_data_set_0",
                                   "%s_%d.pb" % (kind, i)), "wb") as f:
                f.write(numpy_helper.from_array(
                    t.astype(dt)).SerializeToString())


rng = np.random.default_rng(14)
save("nchw", rng.uniform(-3, 3, (2, 3, 4, 5)).astype(np.float32),
     ["y", "running_mean", "running_var"])
save("rank2", rng.uniform(-3, 3, (6, 4)).astype(np.float32),
     ["y", "running_mean", "running_var"])
save("double", rng.uniform(-3, 3, (2, 3, 4)), ["y", "running_mean",
                                                "running_var"],
     code=TensorProto.DOUBLE)
