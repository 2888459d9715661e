"""Resize models for import-resize.test: constant scales, sizes and roi
(folded into accel.resize's attributes), the same computed at run time
(graph inputs: operands), Upsample of opset 9 (nearest, and linear run
against numpy: asymmetric, as ONNX Runtime computes it), a run whose
run-time scales give another shape than the one the model declares (a
run-time error), and two refusals: opset 19's half_pixel_symmetric and
linear of int64."""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
F, I64 = TensorProto.FLOAT, TensorProto.INT64


def save(name, nodes, inputs, outputs, inits=(), opset=13, data=None):
    g = helper.make_graph(nodes, name, inputs, outputs, list(inits))
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)])
    if data is None:
        onnx.save(m, os.path.join(out, name + ".onnx"))
        return
    d = os.path.join(out, name)
    os.makedirs(os.path.join(d, "test_data_set_0"), exist_ok=True)
    onnx.save(m, os.path.join(d, "model.onnx"))
    for kind, tensors in zip(("input", "output"), data):
        for i, t in enumerate(tensors):
            with open(os.path.join(d, "test_data_set_0", "%s_%d.pb" % (kind, i)),
                      "wb") as f:
                f.write(t.SerializeToString())


x = helper.make_tensor_value_info("x", F, [1, 2, 4, 4])
scales = np.array([1, 1, 2, 1.5], np.float32)
save("constant-scales",
     [helper.make_node("Resize", ["x", "", "scales"], ["y"], name="up",
                       mode="linear")],
     [x], [helper.make_tensor_value_info("y", F, [1, 2, 8, 6])],
     [numpy_helper.from_array(scales, "scales")])
save("run-time-scales",
     [helper.make_node("Resize", ["x", "", "scales"], ["y"], name="up",
                       mode="linear")],
     [x, helper.make_tensor_value_info("scales", F, [4])],
     [helper.make_tensor_value_info("y", F, [1, 2, 8, 6])])
save("constant-crop",
     [helper.make_node("Resize", ["x", "roi", "", "sizes"], ["y"],
                       name="crop", mode="cubic",
                       coordinate_transformation_mode="tf_crop_and_resize",
                       extrapolation_value=10.0, exclude_outside=1)],
     [x], [helper.make_tensor_value_info("y", F, [1, 2, 3, 3])],
     [numpy_helper.from_array(
         np.array([0, 0, 0.4, 0.6, 1, 1, 1.2, 1.7], np.float32), "roi"),
      numpy_helper.from_array(np.array([1, 2, 3, 3], np.int64), "sizes")])
save("run-time-crop",
     [helper.make_node("Resize", ["x", "roi", "", "sizes"], ["y"],
                       name="crop", mode="nearest", nearest_mode="ceil",
                       coordinate_transformation_mode="tf_crop_and_resize")],
     [x, helper.make_tensor_value_info("roi", F, [8]),
      helper.make_tensor_value_info("sizes", I64, [4])],
     [helper.make_tensor_value_info("y", F, [1, 2, 3, 3])])
# Upsample of opset 9: the loader converts it to Resize.
save("upsample-9",
     [helper.make_node("Upsample", ["x", "scales"], ["y"], name="up9",
                       mode="nearest")],
     [x], [helper.make_tensor_value_info("y", F, [1, 2, 8, 8])],
     [numpy_helper.from_array(np.array([1, 1, 2, 2], np.float32), "scales")],
     opset=9)
# Upsample linear of opset 9 by [1, 1, 2, 3]: y's o from x's o / scale
# (asymmetric), interpolated, the last row and column repeating x's edge.
def asymmetric_linear(x, scales):
    y = x.astype(np.float64)
    for d, s in enumerate(scales):
        n = y.shape[d]
        c = np.arange(int(n * s)) / s
        lo = np.floor(c).astype(int)
        r = c - lo
        a = np.take(y, np.clip(lo, 0, n - 1), axis=d)
        b = np.take(y, np.clip(lo + 1, 0, n - 1), axis=d)
        shape = [1] * y.ndim
        shape[d] = -1
        y = a * (1 - r.reshape(shape)) + b * r.reshape(shape)
    return y.astype(np.float32)


xl = np.random.default_rng(9).uniform(-1, 1, (1, 2, 3, 4)).astype(np.float32)
save("upsample-9-linear",
     [helper.make_node("Upsample", ["x", "scales"], ["y"], name="up9l",
                       mode="linear")],
     [helper.make_tensor_value_info("x", F, [1, 2, 3, 4])],
     [helper.make_tensor_value_info("y", F, [1, 2, 6, 12])],
     [numpy_helper.from_array(np.array([1, 1, 2, 3], np.float32), "scales")],
     opset=9,
     data=([numpy_helper.from_array(xl, "x")],
           [numpy_helper.from_array(asymmetric_linear(xl, [1, 1, 2, 3]),
                                    "y")]))
# Run-time scales of [1, 1, 2, 2] where the model declares [1, 2, 8, 6].
xv = np.arange(32, dtype=np.float32).reshape(1, 2, 4, 4)
save("scales-not-declared",
     [helper.make_node("Resize", ["x", "", "scales"], ["y"], name="up",
                       mode="nearest")],
     [x, helper.make_tensor_value_info("scales", F, [4])],
     [helper.make_tensor_value_info("y", F, [1, 2, 8, 6])],
     data=([numpy_helper.from_array(xv, "x"),
            numpy_helper.from_array(np.array([1, 1, 2, 2], np.float32),
                                    "scales")],
           [numpy_helper.from_array(np.zeros((1, 2, 8, 6), np.float32),
                                    "y")]))
# Opset 19's half_pixel_symmetric (in a model of opset 17: the checker
# does not look at the string).
save("half-pixel-symmetric",
     [helper.make_node("Resize", ["x", "", "scales"], ["y"], name="hps",
                       mode="linear",
                       coordinate_transformation_mode="half_pixel_symmetric")],
     [x], [helper.make_tensor_value_info("y", F, [1, 2, 8, 6])],
     [numpy_helper.from_array(scales, "scales")], opset=17)
save("linear-int64",
     [helper.make_node("Resize", ["xi", "", "scales"], ["y"], name="li",
                       mode="linear")],
     [helper.make_tensor_value_info("xi", I64, [1, 2, 4, 4])],
     [helper.make_tensor_value_info("y", I64, [1, 2, 8, 6])],
     [numpy_helper.from_array(scales, "scales")])
