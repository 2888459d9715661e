"""HardSigmoid (alpha 0.25, beta 0.4) and HardSwish on x [2, 3, 8] (opset
14), for import-hard-ops.test."""
import os
import sys

import onnx
from onnx import TensorProto, helper

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
for name, node in [
        ("hardsigmoid", helper.make_node("HardSigmoid", ["x"], ["y"],
                                         name="hs", alpha=0.25, beta=0.4)),
        ("hardswish", helper.make_node("HardSwish", ["x"], ["y"], name="hw"))]:
    g = helper.make_graph(
        [node], name,
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3, 8])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [2, 3, 8])])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 14)])
    onnx.save(m, os.path.join(out, name + ".onnx"))
