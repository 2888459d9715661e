"""Writes import-elementwise-typed.test's models: ONNX's integer, bool and
comparison operators, and the existing ones on other types than f32.

  mod-i32          Mod, fmod = 0, of int32 inputs
  fmod-f16         Mod, fmod = 1, of float16 inputs
  shift-u8         BitShift RIGHT of uint8 inputs
  isneginf         IsInf with detect_positive = 0
  equal-bool       Equal of bool inputs, then Not, And, Or and Xor
  clip-i8          Clip of an int8 input by constant int8 bounds
  pow-i64-f32      Pow of an int64 base by a float32 exponent
  where-i64        Where on Less of two f32 inputs, picking int64 values
Refused, one line naming the node, the op type and why:
  isinf-neither    IsInf with both detect_positive and detect_negative 0
  clip-i64-big     Clip of int64 by a bound float32 does not hold exactly

Usage: make_elementwise_typed_models.py DIR"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto as TP
from onnx import helper, numpy_helper


def vi(name, elem, shape):
    return helper.make_tensor_value_info(name, elem, shape)


def save(top, name, nodes, inputs, outputs, inits=()):
    g = helper.make_graph(nodes, name, inputs, outputs, list(inits))
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 13)])
    onnx.checker.check_model(m)
    onnx.save(m, os.path.join(top, name + ".onnx"))


def binary(top, name, op, elem, out_elem, **attrs):
    save(top, name, [helper.make_node(op, ["a", "b"], ["y"], name=name,
                                      **attrs)],
         [vi("a", elem, [2, 3]), vi("b", elem, [3])],
         [vi("y", out_elem, [2, 3])])


def main():
    top = sys.argv[1]
    os.makedirs(top, exist_ok=True)
    binary(top, "mod-i32", "Mod", TP.INT32, TP.INT32)
    binary(top, "fmod-f16", "Mod", TP.FLOAT16, TP.FLOAT16, fmod=1)
    binary(top, "shift-u8", "BitShift", TP.UINT8, TP.UINT8,
           direction="RIGHT")
    save(top, "isneginf",
         [helper.make_node("IsInf", ["x"], ["y"], name="isneginf",
                           detect_positive=0)],
         [vi("x", TP.FLOAT, [4])], [vi("y", TP.BOOL, [4])])
    save(top, "equal-bool",
         [helper.make_node("Equal", ["a", "b"], ["e"], name="eq"),
          helper.make_node("Not", ["e"], ["n"], name="not"),
          helper.make_node("And", ["n", "a"], ["c"], name="and"),
          helper.make_node("Or", ["c", "b"], ["d"], name="or"),
          helper.make_node("Xor", ["d", "a"], ["y"], name="xor")],
         [vi("a", TP.BOOL, [4]), vi("b", TP.BOOL, [4])],
         [vi("y", TP.BOOL, [4])])
    lo = numpy_helper.from_array(np.array(-5, np.int8), "lo")
    hi = numpy_helper.from_array(np.array(100, np.int8), "hi")
    save(top, "clip-i8",
         [helper.make_node("Clip", ["x", "lo", "hi"], ["y"], name="clip")],
         [vi("x", TP.INT8, [4])], [vi("y", TP.INT8, [4])], [lo, hi])
    save(top, "pow-i64-f32",
         [helper.make_node("Pow", ["x", "e"], ["y"], name="pow")],
         [vi("x", TP.INT64, [4]), vi("e", TP.FLOAT, [4])],
         [vi("y", TP.INT64, [4])])
    save(top, "where-i64",
         [helper.make_node("Less", ["f", "g"], ["c"], name="less"),
          helper.make_node("Where", ["c", "a", "b"], ["y"], name="where")],
         [vi("f", TP.FLOAT, [4]), vi("g", TP.FLOAT, [4]),
          vi("a", TP.INT64, [4]), vi("b", TP.INT64, [1])],
         [vi("y", TP.INT64, [4])])
    save(top, "isinf-neither",
         [helper.make_node("IsInf", ["x"], ["y"], name="inf",
                           detect_positive=0, detect_negative=0)],
         [vi("x", TP.FLOAT, [4])], [vi("y", TP.BOOL, [4])])
    big = numpy_helper.from_array(np.array(2**40 + 1, np.int64), "hi")
    save(top, "clip-i64-big",
         [helper.make_node("Clip", ["x", "", "hi"], ["y"], name="clip")],
         [vi("x", TP.INT64, [4])], [vi("y", TP.INT64, [4])], [big])


if __name__ == "__main__":
    main()
