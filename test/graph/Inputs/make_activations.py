"""The float math and activation operators of import-activations.test, one
model each on x [2, 3, 4] (opset 13; Celu 12): the kinds that are an ONNX
operator (Floor, Sin, Softplus, PRelu with a per-channel slope [3, 1]),
those with attributes (Elu, Celu, ThresholdedRelu, Shrink; and Elu and
Celu without, for their defaults), the compositions (Selu, Softsign), Sum
and Mean of three inputs with broadcasting; Sin of float16 (computed in
f32), and the errors: Celu with alpha 0, Floor of float64."""
import os
import sys

import onnx
from onnx import TensorProto, helper

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
X = [2, 3, 4]


def save(name, node, inputs=(("x", X),), opset=13, t=TensorProto.FLOAT):
    g = helper.make_graph(
        [node], name,
        [helper.make_tensor_value_info(n, t, s) for n, s in inputs],
        [helper.make_tensor_value_info("y", t, X)])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)])
    onnx.save(m, os.path.join(out, name + ".onnx"))


mk = helper.make_node
for op in ("Floor", "Sin", "Softplus", "Softsign"):
    save(op.lower(), mk(op, ["x"], ["y"], name=op.lower()))
save("prelu", mk("PRelu", ["x", "slope"], ["y"], name="prelu"),
     (("x", X), ("slope", [3, 1])))
save("elu", mk("Elu", ["x"], ["y"], name="elu", alpha=0.5))
save("elu-default", mk("Elu", ["x"], ["y"], name="elu"))
save("celu", mk("Celu", ["x"], ["y"], name="celu", alpha=2.0), opset=12)
save("celu-zero", mk("Celu", ["x"], ["y"], name="celu", alpha=0.0), opset=12)
save("thresholdedrelu", mk("ThresholdedRelu", ["x"], ["y"], name="tr",
                           alpha=0.25))
save("shrink", mk("Shrink", ["x"], ["y"], name="shrink", bias=1.5,
                  lambd=0.75))
save("selu", mk("Selu", ["x"], ["y"], name="selu", alpha=2.0, gamma=3.0))
three = (("a", X), ("b", [4]), ("c", [3, 1]))
save("sum", mk("Sum", ["a", "b", "c"], ["y"], name="sum"), three)
save("mean", mk("Mean", ["a", "b", "c"], ["y"], name="mean"), three)
save("sin-f16", mk("Sin", ["x"], ["y"], name="sin"), t=TensorProto.FLOAT16)
save("floor-f64", mk("Floor", ["x"], ["y"], name="floor"),
     t=TensorProto.DOUBLE)
