"""Writes the models of import-einsum.test into a directory, each in the
ONNX test-data layout with its expected output from numpy's einsum in
float64 (the float32 models' rounded once to float32; int32's exact, in
int64 and wrapped): products of two and three operands, implicit output,
ellipsis, an index summed out of one operand, a transpose alone, a sum
alone, diagonals (a batch of them, a trace, one within a product), and
an index of two sizes (refused).
Usage: make_einsum_models.py DIR"""
import os
import sys

import numpy as np
import onnx
from onnx import helper, mapping, numpy_helper


def write_run(d, name, equation, inputs, y):
    node = helper.make_node("Einsum", [n for n, _ in inputs], ["y"],
                            name="einsum", equation=equation)
    g = helper.make_graph(
        [node], "g",
        [helper.make_tensor_value_info(
            n, mapping.NP_TYPE_TO_TENSOR_TYPE[x.dtype], list(x.shape))
         for n, x in inputs],
        [helper.make_tensor_value_info(
            "y", mapping.NP_TYPE_TO_TENSOR_TYPE[y.dtype], list(y.shape))])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 13)])
    onnx.checker.check_model(m)
    data = os.path.join(d, name, "test_data_set_0")
    os.makedirs(data, exist_ok=True)
    onnx.save(m, os.path.join(d, name, "model.onnx"))
    for k, (n, x) in enumerate(inputs):
        with open(os.path.join(data, "input_%d.pb" % k), "wb") as f:
            f.write(numpy_helper.from_array(x, n).SerializeToString())
    with open(os.path.join(data, "output_0.pb"), "wb") as f:
        f.write(numpy_helper.from_array(y, "y").SerializeToString())


def main():
    d = sys.argv[1]
    rng = np.random.default_rng(39)
    f64 = lambda *s: rng.standard_normal(s)
    f32 = lambda *s: rng.standard_normal(s).astype(np.float32)

    def run(name, equation, *xs):
        ref = np.einsum(equation, *[x.astype(np.float64) if x.dtype.kind ==
                                    "f" else x.astype(np.int64) for x in xs])
        y = np.asarray(ref).astype(xs[0].dtype)
        write_run(d, name, equation,
                  [("x%d" % i, x) for i, x in enumerate(xs)], y)

    run("batch-matmul-run", "bij, bjk -> bik", f64(3, 2, 5), f64(3, 5, 4))
    run("transpose-run", "ij->ji", f64(3, 4))
    run("inner-run", "i,i", f64(7), f64(7))
    run("sum-run", "ij->i", f64(3, 5))
    run("implicit-run", "kj,ji", f32(4, 6), f32(6, 3))
    run("attention-run", "bhqd,bhkd->bhqk", f32(2, 3, 4, 8),
        f32(2, 3, 5, 8))
    run("ellipsis-run", "...ij,...jk->...ik", f32(2, 3, 4, 5), f32(2, 3, 5, 2))
    run("summed-out-run", "ijk,jl->il", f32(3, 4, 5), f32(4, 6))
    run("three-run", "ij,jk,kl->li", f32(3, 4), f32(4, 5), f32(5, 2))
    run("int32-run", "ij,kj->ik",
        rng.integers(-1000, 1000, (4, 6)).astype(np.int32),
        rng.integers(-1000, 1000, (5, 6)).astype(np.int32))
    run("diagonal-run", "...ii ->...i", f64(2, 3, 3))
    run("trace-run", "ii", f32(4, 4))
    run("diagonal-product-run", "jii,ik->jk", f32(2, 3, 3), f32(3, 4))
    write_run(d, "sizes", "ij,jk->ik", [("x0", f32(2, 3)), ("x1", f32(4, 2))],
              np.zeros((2, 2), np.float32))


if __name__ == "__main__":
    main()
