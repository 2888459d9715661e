"""Det models for import-det.test: a batch [2, 3, 4, 4] of f32 matrices
(one singular, one needing a row swap) with numpy.linalg.det's float64
result rounded to f32 as the reference, and a single f64 matrix."""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

out = sys.argv[1]
vi = helper.make_tensor_value_info


def save(name, x, code):
    y = np.linalg.det(x.astype(np.float64)).astype(x.dtype)
    g = helper.make_graph([helper.make_node("Det", ["x"], ["y"], name="det")],
                          name, [vi("x", code, x.shape)],
                          [vi("y", code, y.shape)])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 13)])
    d = os.path.join(out, name)
    os.makedirs(os.path.join(d, "test_data_set_0"), exist_ok=True)
    onnx.save(m, os.path.join(d, "model.onnx"))
    for kind, t in (("input", x), ("output", y)):
        with open(os.path.join(d, "test_data_set_0", kind + "_0.pb"),
                  "wb") as f:
            f.write(numpy_helper.from_array(t).SerializeToString())


rng = np.random.default_rng(46)
x = rng.uniform(-2, 2, (2, 3, 4, 4)).astype(np.float32)
x[0, 1, 3] = x[0, 1, 0] + x[0, 1, 2]
x[1, 2, 0, 0] = 0
save("batch", x, TensorProto.FLOAT)
save("double", rng.uniform(-2, 2, (5, 5)), TensorProto.DOUBLE)
