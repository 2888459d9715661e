"""Writes the models of fold-shapes.test into a directory: the shape
computations PyTorch's exporter writes for a static model, which the
loader folds into constants. expand-where.onnx is how torch.onnx.export
(opset 17) writes cls_token.expand(x.shape[0], -1, -1): Equal of the
target with -1 and Where choosing between it and ones.
range.onnx is torch.arange(n) with n a shape's size; equal-runtime.onnx
an Equal of a graph input, which stays a node.
Usage: make_fold_models.py DIR"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def i64(name, v):
    return numpy_helper.from_array(np.array(v, np.int64), name)


def save(d, name, nodes, inputs, outputs, inits):
    g = helper.make_graph(nodes, "g", inputs, outputs, inits)
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 17)])
    onnx.checker.check_model(m)
    onnx.save(m, os.path.join(d, name))


def main():
    d = sys.argv[1]
    os.makedirs(d, exist_ok=True)
    vi = helper.make_tensor_value_info
    F = TensorProto.FLOAT
    save(d, "expand-where.onnx", [
        helper.make_node("ConstantOfShape", ["three"], ["ones"], name="ones",
                         value=helper.make_tensor("v", TensorProto.INT64, [1],
                                                  [1])),
        helper.make_node("Mul", ["ones", "minus1"], ["minus1s"], name="mul"),
        helper.make_node("Equal", ["target", "minus1s"], ["keep"],
                         name="equal"),
        helper.make_node("Where", ["keep", "ones", "target"], ["shape"],
                         name="where"),
        helper.make_node("Expand", ["cls", "shape"], ["c"], name="expand"),
        helper.make_node("Concat", ["c", "x"], ["y"], name="cat", axis=1)],
        [vi("x", F, [2, 4, 8])], [vi("y", F, [2, 5, 8])],
        [i64("three", [3]), i64("minus1", [-1]), i64("target", [2, -1, -1]),
         numpy_helper.from_array(np.ones([1, 1, 8], np.float32), "cls")])
    save(d, "range.onnx", [
        helper.make_node("Shape", ["x"], ["s"], name="shape"),
        helper.make_node("Gather", ["s", "one"], ["n"], name="n", axis=0),
        helper.make_node("Range", ["zero", "n", "step"], ["ids"],
                         name="arange"),
        helper.make_node("Cast", ["ids"], ["fids"], name="cast", to=F),
        helper.make_node("Add", ["x", "fids"], ["y"], name="add")],
        [vi("x", F, [3, 5])], [vi("y", F, [3, 5])],
        [i64("one", 1), i64("zero", 0), i64("step", 1)])
    save(d, "equal-runtime.onnx", [
        helper.make_node("Equal", ["a", "b"], ["y"], name="eq")],
        [vi("a", TensorProto.INT64, [3]), vi("b", TensorProto.INT64, [3])],
        [vi("y", TensorProto.BOOL, [3])], [])
    # F.interpolate(scale_factor=2)'s export: Resize's scales a Concat of
    # two Constant nodes, [1, 1] and the factors.
    save(d, "resize-scales-concat.onnx", [
        helper.make_node("Constant", [], ["keep"], name="keep",
                         value=helper.make_tensor("k", F, [2], [1, 1])),
        helper.make_node("Constant", [], ["factors"], name="factors",
                         value=helper.make_tensor("f", F, [2], [2, 2])),
        helper.make_node("Concat", ["keep", "factors"], ["scales"],
                         name="scales", axis=0),
        helper.make_node("Resize", ["x", "", "scales"], ["y"], name="up",
                         mode="nearest")],
        [vi("x", F, [1, 2, 3, 4])], [vi("y", F, ["n", 2, 6, 8])], [])


if __name__ == "__main__":
    main()
