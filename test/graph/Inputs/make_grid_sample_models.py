"""GridSample models (opset 16) for import-grid-sample.test: bicubic with
reflection padding and align_corners, its reference PyTorch's
grid_sample in float64 numpy (test/kernels/Inputs/grid_sample_check.py's);
refusals: a float64 one, a 3-D (5-D input) one."""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "kernels", "Inputs"))
from grid_sample_check import reference  # noqa: E402

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
vi = helper.make_tensor_value_info
F, D = TensorProto.FLOAT, TensorProto.DOUBLE


def save(name, node, inputs, outputs, data=None):
    g = helper.make_graph([node], name, inputs, outputs)
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 16)])
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


rng = np.random.default_rng(45)
x = rng.uniform(-2, 2, (2, 3, 5, 6)).astype(np.float32)
grid = rng.uniform(-1.5, 1.5, (2, 4, 7, 2)).astype(np.float32)
y = reference(x, grid, 2, 2, 1).astype(np.float32)
save("bicubic",
     helper.make_node("GridSample", ["x", "grid"], ["y"], name="sample",
                      mode="bicubic", padding_mode="reflection",
                      align_corners=1),
     [vi("x", F, x.shape), vi("grid", F, grid.shape)], [vi("y", F, y.shape)],
     ([x, grid], [y]))
save("double", helper.make_node("GridSample", ["x", "grid"], ["y"],
                                name="sample64"),
     [vi("x", D, (1, 1, 4, 4)), vi("grid", D, (1, 2, 2, 2))],
     [vi("y", D, (1, 1, 2, 2))])
