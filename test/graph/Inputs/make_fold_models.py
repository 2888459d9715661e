"""Writes the models of fold-shapes.test into a directory: the shape
computations PyTorch's exporter writes for a static model, which the
loader folds into constants. expand-where.onnx is how torch.onnx.export
(opset 17) writes cls_token.expand(x.shape[0], -1, -1): Equal of the
target with -1 and Where choosing between it and ones.
range.onnx is torch.arange(n) with n a shape's size; equal-runtime.onnx
an Equal of a graph input, which stays a node. resize-scales-concat.onnx
is F.interpolate(scale_factor=2)'s Resize, its scales a Concat of two
Constant nodes. tables-run/ (with test data: float64 numpy) adds to its
input a Llama's rotary table and a causal mask, both computed from
aranges as a Llama's export computes them: Cast, Unsqueeze, Mul, Concat,
Cos; Less, Where, Unsqueeze, Transpose. slices-run/ adds to its input
three slices of initializers: two axes with a negative step, ends past
the end (INT64_MAX), and a weight of more elements than a computation
folds (slicing only moves them). lstm-state.onnx is an LSTM whose initial
state is an Expand of a float constant, as torch.onnx exports h0 = zeros:
the layer reads the state whole, so the Expand folds.
Usage: make_fold_models.py DIR"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def i64(name, v):
    return numpy_helper.from_array(np.array(v, np.int64), name)


def save(d, name, nodes, inputs, outputs, inits):
    for k, n in enumerate(nodes):
        n.name = n.name or "%s_%d" % (n.op_type.lower(), k)
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
    tables(os.path.join(d, "tables-run"))
    slices(os.path.join(d, "slices-run"))
    rng = np.random.default_rng(5)
    save(d, "lstm-state.onnx", [
        helper.make_node("Expand", ["h1", "state_shape"], ["h0"],
                         name="expand"),
        helper.make_node("LSTM", ["x", "w", "r", "", "", "h0"], ["y"],
                         name="lstm", hidden_size=4)],
        [vi("x", F, [2, 2, 3])], [vi("y", F, [2, 1, 2, 4])],
        [numpy_helper.from_array(np.zeros([1, 1, 4], np.float32), "h1"),
         i64("state_shape", [1, 2, 4]),
         numpy_helper.from_array(
             rng.standard_normal((1, 16, 3)).astype(np.float32), "w"),
         numpy_helper.from_array(
             rng.standard_normal((1, 16, 4)).astype(np.float32), "r")])


def slices(d):
    """x [3, 3, 6] + three slices of initializers, against float64 numpy."""
    F = TensorProto.FLOAT
    rng = np.random.default_rng(4)
    a = rng.standard_normal((4, 9, 6)).astype(np.float32)
    b = rng.standard_normal((3, 3, 12)).astype(np.float32)
    big = rng.standard_normal((3, 3, 8192)).astype(np.float32)  # > 2^16
    top = np.iinfo(np.int64).max
    nodes = [
        helper.make_node("Slice", ["a", "a_starts", "a_ends", "a_axes",
                                   "a_steps"], ["sa"]),
        helper.make_node("Slice", ["b", "zero", "top", "minus1", "two"],
                         ["sb"]),
        helper.make_node("Slice", ["big", "zero", "six", "minus1"], ["sbig"]),
        helper.make_node("Add", ["x", "sa"], ["x1"]),
        helper.make_node("Add", ["x1", "sb"], ["x2"]),
        helper.make_node("Add", ["x2", "sbig"], ["y"])]
    inits = [numpy_helper.from_array(a, "a"), numpy_helper.from_array(b, "b"),
             numpy_helper.from_array(big, "big"),
             i64("a_starts", [1, 8]), i64("a_ends", [4, -top]),
             i64("a_axes", [0, 1]), i64("a_steps", [1, -3]),
             i64("zero", [0]), i64("top", [top]), i64("minus1", [-1]),
             i64("two", [2]), i64("six", [6])]
    vi = helper.make_tensor_value_info
    os.makedirs(os.path.join(d, "test_data_set_0"), exist_ok=True)
    save(d, "model.onnx", nodes, [vi("x", F, [3, 3, 6])],
         [vi("y", F, [3, 3, 6])], inits)
    x = rng.standard_normal((3, 3, 6)).astype(np.float32)
    y = (x.astype(np.float64) + a[1:4, 8::-3].astype(np.float64) +
         b[:, :, ::2].astype(np.float64) + big[:, :, :6].astype(np.float64))
    for kind, n, v in (("input", "x", x), ("output", "y", y)):
        with open(os.path.join(d, "test_data_set_0", kind + "_0.pb"),
                  "wb") as f:
            f.write(numpy_helper.from_array(v.astype(np.float32),
                                            n).SerializeToString())


def tables(d):
    """x [2, 8, 8] + cos(cat(pos * inv_freq, pos * inv_freq)) + the causal
    mask's transpose-of-a-transpose: every value the graph adds to x is a
    constant computation."""
    F = TensorProto.FLOAT
    s, half = 8, 4
    inv_freq = (1.0 / 10000 ** (np.arange(0, 2 * half, 2) / (2 * half))
                ).astype(np.float32)
    nodes = [
        helper.make_node("Cast", ["positions"], ["fpos"], to=F),
        helper.make_node("Unsqueeze", ["fpos", "last"], ["col"]),
        helper.make_node("Mul", ["col", "inv_freq"], ["freqs"]),
        helper.make_node("Concat", ["freqs", "freqs"], ["emb"], axis=-1),
        helper.make_node("Cos", ["emb"], ["cos"]),
        helper.make_node("Unsqueeze", ["positions", "first"], ["row"]),
        helper.make_node("Unsqueeze", ["positions", "last"], ["column"]),
        helper.make_node("Less", ["column", "row"], ["future"]),
        helper.make_node("Where", ["future", "minus", "zero"], ["mask"]),
        helper.make_node("Transpose", ["mask"], ["masked_t"], perm=[1, 0]),
        helper.make_node("Transpose", ["masked_t"], ["mask2"], perm=[1, 0]),
        helper.make_node("Add", ["x", "cos"], ["xc"]),
        helper.make_node("Add", ["xc", "mask2"], ["y"])]
    inits = [i64("positions", np.arange(s)), i64("last", [-1]),
             i64("first", [0]),
             numpy_helper.from_array(inv_freq, "inv_freq"),
             numpy_helper.from_array(np.array(-100, np.float32), "minus"),
             numpy_helper.from_array(np.array(0, np.float32), "zero")]
    vi = helper.make_tensor_value_info
    os.makedirs(os.path.join(d, "test_data_set_0"), exist_ok=True)
    save(d, "model.onnx", nodes, [vi("x", F, [2, s, s])],
         [vi("y", F, [2, s, s])], inits)
    x = np.random.default_rng(3).standard_normal((2, s, s)).astype(np.float32)
    pos = np.arange(s, dtype=np.float64)
    freqs = pos[:, None] * inv_freq.astype(np.float64)[None, :]
    cos = np.cos(np.concatenate([freqs, freqs], -1))
    mask = np.where(pos[:, None] < pos[None, :], -100.0, 0.0)
    y = x.astype(np.float64) + cos + mask
    for kind, n, a in (("input", "x", x), ("output", "y", y)):
        with open(os.path.join(d, "test_data_set_0", kind + "_0.pb"),
                  "wb") as f:
            f.write(numpy_helper.from_array(a.astype(np.float32),
                                            n).SerializeToString())


if __name__ == "__main__":
    main()
