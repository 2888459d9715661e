"""Writes the models of import-quantized-matmul.test into a directory, each
in the ONNX test-data layout with its expected output computed here with
numpy as ONNX's reference defines the operators: MatMulInteger and
ConvInteger as int64 sums of (x - zero point) products (exact), then int32;
QLinearMatMul and QLinearConv as that sum (plus QLinearConv's int32 bias)
times a_scale * b_scale / y_scale (float32, in that order) in float64,
rounded half to even (np.rint), plus y's zero point, saturated to y's
type. And models each refused with a one-line error.
Usage: make_quantized_matmul_models.py DIR"""
import os
import sys

import numpy as np
import onnx
from onnx import helper, mapping, numpy_helper


def write_run(d, name, node, inputs, inits, y, check=True):
    """inputs: (name, array) graph inputs; inits: (name, array) constants."""
    g = helper.make_graph(
        [node], "g",
        [helper.make_tensor_value_info(
            n, mapping.NP_TYPE_TO_TENSOR_TYPE[x.dtype], list(x.shape))
         for n, x in inputs],
        [helper.make_tensor_value_info(
            "y", mapping.NP_TYPE_TO_TENSOR_TYPE[y.dtype], list(y.shape))],
        [numpy_helper.from_array(v, n) for n, v in inits])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 13)])
    if check:
        onnx.checker.check_model(m)
    data = os.path.join(d, name, "test_data_set_0")
    os.makedirs(data, exist_ok=True)
    onnx.save(m, os.path.join(d, name, "model.onnx"))
    for k, (n, x) in enumerate(inputs):
        with open(os.path.join(data, "input_%d.pb" % k), "wb") as f:
            f.write(numpy_helper.from_array(x, n).SerializeToString())
    with open(os.path.join(data, "output_0.pb"), "wb") as f:
        f.write(numpy_helper.from_array(y, "y").SerializeToString())


def conv_int(x, w, pads, strides):
    """ONNX Conv of int64 arrays (NCHW, MCKK), one group."""
    n, c, h, wd = x.shape
    m, _, kh, kw = w.shape
    xp = np.zeros((n, c, h + pads[0] + pads[2], wd + pads[1] + pads[3]),
                  np.int64)
    xp[:, :, pads[0]:pads[0] + h, pads[1]:pads[1] + wd] = x
    oh = (xp.shape[2] - kh) // strides[0] + 1
    ow = (xp.shape[3] - kw) // strides[1] + 1
    y = np.zeros((n, m, oh, ow), np.int64)
    for i in range(oh):
        for j in range(ow):
            win = xp[:, :, i * strides[0]:i * strides[0] + kh,
                     j * strides[1]:j * strides[1] + kw]
            y[:, :, i, j] = np.einsum("nckl,mckl->nm", win, w)
    return y


def requantize(acc, a_scale, b_scale, y_scale, y_zero, dtype):
    mult = (a_scale * b_scale / y_scale).astype(np.float32)
    d = np.rint(acc.astype(np.float64) * mult.astype(np.float64))
    d = d + y_zero.astype(np.float64)
    info = np.iinfo(dtype)
    return np.clip(d, info.min, info.max).astype(dtype)


def main():
    d = sys.argv[1]
    rng = np.random.default_rng(39)
    u8 = lambda shape: rng.integers(0, 256, shape).astype(np.uint8)
    i8 = lambda shape: rng.integers(-128, 128, shape).astype(np.int8)
    i64 = lambda x: x.astype(np.int64)

    # MatMulInteger of uint8, a's zero point per row, b's per column.
    a, b = u8([4, 6]), u8([6, 5])
    az, bz = u8([4]), u8([5])
    y = ((i64(a) - i64(az)[:, None]) @ (i64(b) - i64(bz))).astype(np.int32)
    write_run(d, "matmulinteger-run",
              helper.make_node("MatMulInteger", ["a", "b", "az", "bz"], ["y"],
                               name="mmi"),
              [("a", a), ("b", b)], [("az", az), ("bz", bz)], y)
    # int8, batched [2, 3, 7] . [7, 4], scalar zero points as inputs.
    a, b = i8([2, 3, 7]), i8([7, 4])
    az, bz = np.array(-5, np.int8), np.array(17, np.int8)
    y = ((i64(a) - i64(az)) @ (i64(b) - i64(bz))).astype(np.int32)
    write_run(d, "matmulinteger-i8-run",
              helper.make_node("MatMulInteger", ["a", "b", "az", "bz"], ["y"],
                               name="mmi8"),
              [("a", a), ("b", b), ("az", az), ("bz", bz)], [], y)

    # QLinearMatMul of uint8, b's scale and zero point per column; the
    # scales put some results past 255 and below 0 (saturated) and some on
    # ties.
    a, b = u8([3, 8]), u8([8, 4])
    sa, za = np.array(0.05, np.float32), np.array(120, np.uint8)
    sb = np.array([0.02, 0.04, 0.01, 0.03], np.float32)
    zb = np.array([128, 100, 140, 127], np.uint8)
    sy, zy = np.array(0.25, np.float32), np.array(90, np.uint8)
    acc = (i64(a) - i64(za)) @ (i64(b) - i64(zb))
    y = requantize(acc, sa, sb, sy, zy, np.uint8)
    write_run(d, "qlinearmatmul-run",
              helper.make_node("QLinearMatMul",
                               ["a", "sa", "za", "b", "sb", "zb", "sy", "zy"],
                               ["y"], name="qmm"),
              [("a", a), ("b", b)],
              [("sa", sa), ("za", za), ("sb", sb), ("zb", zb), ("sy", sy),
               ("zy", zy)], y)
    # int8, 3-D, every parameter a graph input.
    a, b = i8([2, 4, 5]), i8([2, 5, 3])
    sa, za = np.array(0.1, np.float32), np.array(3, np.int8)
    sb, zb = np.array(0.07, np.float32), np.array(-2, np.int8)
    sy, zy = np.array(0.3, np.float32), np.array(-10, np.int8)
    acc = (i64(a) - i64(za)) @ (i64(b) - i64(zb))
    y = requantize(acc, sa, sb, sy, zy, np.int8)
    write_run(d, "qlinearmatmul-i8-run",
              helper.make_node("QLinearMatMul",
                               ["a", "sa", "za", "b", "sb", "zb", "sy", "zy"],
                               ["y"], name="qmm8"),
              [("a", a), ("sa", sa), ("za", za), ("b", b), ("sb", sb),
               ("zb", zb), ("sy", sy), ("zy", zy)], [], y)

    # ConvInteger of uint8, padded and strided, w's zero point per channel.
    x, w = u8([1, 3, 6, 6]), u8([4, 3, 3, 3])
    zx, zw = np.array(77, np.uint8), u8([4])
    pads, strides = [1, 0, 2, 1], [2, 1]
    y = conv_int(i64(x) - i64(zx), i64(w) - i64(zw)[:, None, None, None],
                 pads, strides).astype(np.int32)
    write_run(d, "convinteger-run",
              helper.make_node("ConvInteger", ["x", "w", "zx", "zw"], ["y"],
                               name="ci", pads=pads, strides=strides),
              [("x", x), ("w", w)], [("zx", zx), ("zw", zw)], y)
    # int8, 64 channels of 3x3: 576 products a sum, past f32's exact
    # range (|x - zx| and |w - zw| near 255), so in three groups of
    # channels.
    x = rng.choice(np.array([127, 127, 127, 126], np.int8), [1, 64, 4, 4])
    w = rng.choice(np.array([-128, -128, -128, -127], np.int8),
                   [2, 64, 3, 3])
    zx, zw = np.array(-128, np.int8), np.array(127, np.int8)
    y = conv_int(i64(x) - i64(zx), i64(w) - i64(zw), [0] * 4,
                 [1, 1]).astype(np.int32)
    assert np.abs(y).max() > 1 << 24 and (y % 2).any()
    write_run(d, "convinteger-wide-run",
              helper.make_node("ConvInteger", ["x", "w", "zx", "zw"], ["y"],
                               name="ciw"),
              [("x", x), ("w", w)], [("zx", zx), ("zw", zw)], y)

    # QLinearConv of uint8 with w's scale and zero point per channel and
    # an int32 bias.
    x, w = u8([1, 2, 5, 5]), u8([3, 2, 2, 2])
    sx, zx = np.array(0.02, np.float32), np.array(128, np.uint8)
    sw = np.array([0.01, 0.03, 0.005], np.float32)
    zw = np.array([120, 130, 128], np.uint8)
    sy, zy = np.array(0.05, np.float32), np.array(100, np.uint8)
    bias = np.array([1000, -5000, 123], np.int32)
    acc = conv_int(i64(x) - i64(zx), i64(w) - i64(zw)[:, None, None, None],
                   [1, 1, 1, 1], [1, 1]) + i64(bias)[None, :, None, None]
    y = requantize(acc, sx, sw[None, :, None, None], sy, zy, np.uint8)
    write_run(d, "qlinearconv-run",
              helper.make_node("QLinearConv",
                               ["x", "sx", "zx", "w", "sw", "zw", "sy", "zy",
                                "bias"], ["y"], name="qc",
                               pads=[1, 1, 1, 1]),
              [("x", x)],
              [("sx", sx), ("zx", zx), ("w", w), ("sw", sw), ("zw", zw),
               ("sy", sy), ("zy", zy), ("bias", bias)], y)

    # Refused: a 17 x 17 kernel (289 products a channel, not exact in f32
    # sums), and MatMulInteger of a 1-D a.
    x, w = u8([1, 1, 17, 17]), u8([1, 1, 17, 17])
    write_run(d, "convinteger-big-kernel",
              helper.make_node("ConvInteger", ["x", "w"], ["y"], name="big"),
              [("x", x), ("w", w)], [], np.zeros([1, 1, 1, 1], np.int32))
    write_run(d, "matmulinteger-1d",
              helper.make_node("MatMulInteger", ["a", "b"], ["y"],
                               name="vec"),
              [("a", u8([6])), ("b", u8([6, 2]))], [],
              np.zeros([2], np.int32))


if __name__ == "__main__":
    main()
