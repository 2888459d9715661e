"""Writes typed-models.test's models: graph inputs, outputs and
initializers of every ONNX element type accel-graphc takes, each model
small, with a test data set computed here by numpy.

Run (each type through the compiler and accel-run's TensorProtos):
  copy-TYPE        x [2, 3] of TYPE -> Identity -> y, and a second output
                   z = Relu of an f32 input (the arena holds both)
  gather-ids       f32 table [5, 3], Gather by int64 ids given at run time
  cast-A-B         Cast of an A input to B (values B holds exactly, or
                   rounded and truncated as ONNX's Cast does)
  castlike-u8-i8   CastLike of a uint8 input to int8 (wrapping)
  half-weights     float16 and bfloat16 initializers cast to f32 and added
                   to an f32 input (weights stored in half precision)
  const-casts      Where of a bool initializer choosing x or a uint16
                   initializer cast to f32 at run time
  const-i64-out    a graph output that is an int64 initializer (copied
                   by accel_cast to its own type)
  reshape-i64      an int64 input reshaped to an output (a view: no
                   kernel reads it)
  max-TYPE         Max of two TYPE inputs (the types but f32 and bool)
  where-bool       Where on a bool condition given at run time
  relu-f16-init    Relu of a float16 initializer
  expand-TYPE      Expand of an int64 or bool [3, 1] input to [2, 3, 4]
  gather-i64-data  Gather of int64 data given at run time
Refused, one line naming the node, the op type and the type:
  mod-f32-fmod0    Mod of f32 inputs with fmod = 0 (ONNX's Mod takes
                   fmod = 1 on floating-point types)

Usage: make_typed_models.py DIR"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto as TP
from onnx import helper, numpy_helper

# ONNX's element types and numpy's (bfloat16: numpy has none; its bits in
# a uint16, written by make_tensor's raw bytes).
TYPES = {
    "f32": (TP.FLOAT, np.float32), "f16": (TP.FLOAT16, np.float16),
    "bf16": (TP.BFLOAT16, None), "f64": (TP.DOUBLE, np.float64),
    "bool": (TP.BOOL, np.bool_), "i8": (TP.INT8, np.int8),
    "i16": (TP.INT16, np.int16), "i32": (TP.INT32, np.int32),
    "i64": (TP.INT64, np.int64), "u8": (TP.UINT8, np.uint8),
    "u16": (TP.UINT16, np.uint16), "u32": (TP.UINT32, np.uint32),
    "u64": (TP.UINT64, np.uint64),
}


def vi(name, elem, shape):
    return helper.make_tensor_value_info(name, elem, shape)


def model(nodes, inputs, outputs, inits=(), opset=13):
    g = helper.make_graph(nodes, "g", inputs, outputs, list(inits))
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)])
    onnx.checker.check_model(m)
    return m


def values(kind, shape, rng):
    """A TensorProto-ready (elem, array or raw bytes) of kind."""
    elem, dt = TYPES[kind]
    if kind == "bf16":
        f = rng.standard_normal(shape).astype(np.float32)
        bits = (f.view(np.uint32) >> 16).astype(np.uint16)  # truncated
        return elem, bits
    if kind == "bool":
        return elem, rng.integers(0, 2, shape).astype(np.bool_)
    if np.issubdtype(dt, np.integer):
        info = np.iinfo(dt)  # the extremes too
        a = rng.integers(-50 if info.min < 0 else 0, 50, shape).astype(dt)
        a.flat[0], a.flat[-1] = info.min, info.max
        return elem, a
    return elem, rng.standard_normal(shape).astype(dt)


def tensor(name, kind, a):
    elem = TYPES[kind][0]
    if kind == "bf16":
        return helper.make_tensor(name, elem, a.shape, a.tobytes(), raw=True)
    return numpy_helper.from_array(a, name)


def save(top, name, m, xs=None, ys=None):
    d = os.path.join(top, name)
    os.makedirs(d)
    onnx.save(m, os.path.join(d, "model.onnx"))
    if xs is None:
        return
    data = os.path.join(d, "test_data_set_0")
    os.makedirs(data)
    for prefix, ts in (("input", xs), ("output", ys)):
        for k, t in enumerate(ts):
            onnx.save_tensor(t, os.path.join(data, "%s_%d.pb" % (prefix, k)))


def main():
    top = sys.argv[1]
    rng = np.random.default_rng(39)
    for kind in TYPES:
        elem, a = values(kind, (2, 3), rng)
        w = rng.standard_normal((4,)).astype(np.float32)
        m = model([helper.make_node("Identity", ["x"], ["y"], name="copy"),
                   helper.make_node("Relu", ["w"], ["z"], name="relu")],
                  [vi("x", elem, [2, 3]), vi("w", TP.FLOAT, [4])],
                  [vi("y", elem, [2, 3]), vi("z", TP.FLOAT, [4])])
        save(top, "copy-" + kind, m,
             [tensor("x", kind, a), tensor("w", "f32", w)],
             [tensor("y", kind, a), tensor("z", "f32", np.maximum(w, 0))])
        if kind not in ("f32", "bool"):
            m = model([helper.make_node("Max", ["a", "b"], ["c"], name="max")],
                      [vi("a", elem, [4]), vi("b", elem, [4])],
                      [vi("c", elem, [4])])
            _, a4 = values(kind, (4,), rng)
            _, b4 = values(kind, (4,), rng)
            if kind == "bf16":  # the larger of the values, as bits
                af = (a4.astype(np.uint32) << 16).view(np.float32)
                bf = (b4.astype(np.uint32) << 16).view(np.float32)
                c4 = np.where(af >= bf, a4, b4)
            else:
                c4 = np.maximum(a4, b4)
            save(top, "max-" + kind, m,
                 [tensor("a", kind, a4), tensor("b", kind, b4)],
                 [tensor("c", kind, c4)])

    m = model([helper.make_node("Where", ["c", "a", "b"], ["y"], name="pick")],
              [vi("c", TP.BOOL, [4]), vi("a", TP.FLOAT, [4]),
               vi("b", TP.FLOAT, [4])], [vi("y", TP.FLOAT, [4])])
    c = np.array([True, False, False, True])
    a = rng.standard_normal(4).astype(np.float32)
    b = rng.standard_normal(4).astype(np.float32)
    save(top, "where-bool", m,
         [tensor("c", "bool", c), tensor("a", "f32", a),
          tensor("b", "f32", b)], [tensor("y", "f32", np.where(c, a, b))])

    table = rng.standard_normal((5, 3)).astype(np.float32)
    ids = np.array([[4, 0], [-1, 2]], np.int64)
    m = model([helper.make_node("Gather", ["t", "ids"], ["y"], name="emb")],
              [vi("ids", TP.INT64, [2, 2])], [vi("y", TP.FLOAT, [2, 2, 3])],
              [numpy_helper.from_array(table, "t")])
    save(top, "gather-ids", m, [numpy_helper.from_array(ids, "ids")],
         [numpy_helper.from_array(table[ids], "y")])

    hv = np.array([1.5, -2.0, 0.0, 65504.0], np.float16)
    h = numpy_helper.from_array(hv, "h")
    m = model([helper.make_node("Relu", ["h"], ["y"], name="relu_h")],
              [], [vi("y", TP.FLOAT16, [4])], [h])
    save(top, "relu-f16-init", m, [],
         [tensor("y", "f16", np.maximum(hv, np.float16(0)))])

    shape = numpy_helper.from_array(np.array([2, 3, 4], np.int64), "shape")
    for kind in ("i64", "bool"):
        elem, a = values(kind, (3, 1), rng)
        m = model([helper.make_node("Expand", ["x", "shape"], ["y"],
                                    name="expand")],
                  [vi("x", elem, [3, 1])], [vi("y", elem, [2, 3, 4])],
                  [shape])
        save(top, "expand-" + kind, m, [tensor("x", kind, a)],
             [tensor("y", kind, np.broadcast_to(a, (2, 3, 4)).copy())])

    m = model([helper.make_node("Mod", ["a", "b"], ["y"], name="rem")],
              [vi("a", TP.FLOAT, [4]), vi("b", TP.FLOAT, [4])],
              [vi("y", TP.FLOAT, [4])])
    save(top, "mod-f32-fmod0", m)

    m = model([helper.make_node("Gather", ["d", "i"], ["y"], name="pick")],
              [vi("d", TP.INT64, [4]), vi("i", TP.INT64, [2])],
              [vi("y", TP.INT64, [2])])
    d = np.array([7, -3, 2**40, 5], np.int64)
    i = np.array([2, -1], np.int64)
    save(top, "gather-i64-data", m,
         [numpy_helper.from_array(d, "d"), numpy_helper.from_array(i, "i")],
         [numpy_helper.from_array(d[i], "y")])

    x32 = np.array([1.5, -2.75, 3e4, -0.4, 7.0, 0.0], np.float32)
    for src, dst, x, y in (
            ("f32", "f16", x32, x32.astype(np.float16)),
            ("f32", "f64", x32, x32.astype(np.float64)),
            ("f32", "i32", x32, np.trunc(x32).astype(np.int32)),
            ("f32", "bool", x32, x32 != 0),
            ("i64", "f32", np.array([-3, 0, 1 << 40, 7, -1, 2], np.int64),
             np.array([-3, 0, 1 << 40, 7, -1, 2], np.float32)),
            ("bool", "f32", np.array([1, 0, 1, 1, 0, 0], np.bool_),
             np.array([1, 0, 1, 1, 0, 0], np.float32)),
            ("u8", "i8", np.array([0, 1, 127, 128, 200, 255], np.uint8),
             np.array([0, 1, 127, 128, 200, 255], np.uint8).view(np.int8))):
        x, y = x.reshape(2, 3), y.reshape(2, 3)
        m = model([helper.make_node("Cast", ["x"], ["y"], name="cast",
                                    to=TYPES[dst][0])],
                  [vi("x", TYPES[src][0], [2, 3])],
                  [vi("y", TYPES[dst][0], [2, 3])])
        save(top, "cast-%s-%s" % (src, dst), m, [tensor("x", src, x)],
             [tensor("y", dst, y)])
    x, y = x.reshape(-1), y.reshape(-1)
    like = numpy_helper.from_array(np.zeros((1,), np.int8), "like")
    m = model([helper.make_node("CastLike", ["x", "like"], ["y"],
                                name="castlike")],
              [vi("x", TP.UINT8, [6])], [vi("y", TP.INT8, [6])], [like],
              opset=15)
    save(top, "castlike-u8-i8", m, [tensor("x", "u8", x)],
         [tensor("y", "i8", y)])

    w16 = rng.standard_normal((4,)).astype(np.float16)
    b16 = (rng.standard_normal((4,)).astype(np.float32).view(np.uint32)
           >> 16).astype(np.uint16)
    x = rng.standard_normal((2, 4)).astype(np.float32)
    b32 = (b16.astype(np.uint32) << 16).view(np.float32)
    m = model([helper.make_node("Cast", ["w"], ["wf"], name="w_f32",
                                to=TP.FLOAT),
               helper.make_node("Cast", ["b"], ["bf"], name="b_f32",
                                to=TP.FLOAT),
               helper.make_node("Add", ["x", "wf"], ["s"], name="add_w"),
               helper.make_node("Add", ["s", "bf"], ["y"], name="add_b")],
              [vi("x", TP.FLOAT, [2, 4])], [vi("y", TP.FLOAT, [2, 4])],
              [tensor("w", "f16", w16), tensor("b", "bf16", b16)])
    save(top, "half-weights", m, [tensor("x", "f32", x)],
         [tensor("y", "f32", x + w16.astype(np.float32) + b32)])

    mask = np.array([1, 0, 0, 1, 1, 0, 1, 0], np.bool_).reshape(2, 4)
    u16 = np.array([0, 1, 65535, 300], np.uint16)
    m = model([helper.make_node("Cast", ["u"], ["uf"], name="u_f32",
                                to=TP.FLOAT),
               helper.make_node("Where", ["m", "x", "uf"], ["y"],
                                name="where_m")],
              [vi("x", TP.FLOAT, [2, 4])], [vi("y", TP.FLOAT, [2, 4])],
              [tensor("m", "bool", mask), tensor("u", "u16", u16)])
    save(top, "const-casts", m, [tensor("x", "f32", x)],
         [tensor("y", "f32", np.where(mask, x, u16.astype(np.float32)))])

    k = np.array([5, -1, 1 << 40], np.int64)
    m = model([helper.make_node("Relu", ["x"], ["y"], name="relu")],
              [vi("x", TP.FLOAT, [4])],
              [vi("y", TP.FLOAT, [4]), vi("k", TP.INT64, [3])],
              [numpy_helper.from_array(k, "k")])
    x = rng.standard_normal((4,)).astype(np.float32)
    save(top, "const-i64-out", m, [tensor("x", "f32", x)],
         [tensor("y", "f32", np.maximum(x, 0)), tensor("k", "i64", k)])

    shape = numpy_helper.from_array(np.array([3, 2], np.int64), "shape")
    m = model([helper.make_node("Reshape", ["x", "shape"], ["y"],
                                name="reshape")],
              [vi("x", TP.INT64, [2, 3])], [vi("y", TP.INT64, [3, 2])],
              [shape])
    x = np.arange(-3, 3, dtype=np.int64).reshape(2, 3)
    save(top, "reshape-i64", m, [tensor("x", "i64", x)],
         [tensor("y", "i64", x.reshape(3, 2))])


if __name__ == "__main__":
    main()
