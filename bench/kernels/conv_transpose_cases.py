"""Transposed convolution cases of the kernel benchmark (kernels.py): the
upsampling layers of a DCGAN generator (4x4 / 2, pads 1), a U-Net decoder
(2x2 / 2) and PyTorch's x2 ConvTranspose2d (3x3 / 2, padding 1,
output_padding 1), batch 1, NCHW, every tensor in DRAM. MACs are the
useful ones: every input pixel times the kernel, the products the pads
crop not counted. x and w uniform in [-1, 1], y checked within
conv_transpose_check.py's bound (its float64 scatter of ONNX's
definition)."""
import os
import sys

from verify import attach, f64, uniform

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(
    os.path.dirname(os.path.abspath(__file__)))), "test", "kernels",
    "Inputs"))
import conv_transpose_check  # noqa: E402

DRIVER = "conv_transpose_bench.c"
# (name, C, H, W, Cout, K, stride, padding, output_padding)
SHAPES = [
    ("dcgan 4x4/2 8x8 256->128", 256, 8, 8, 128, 4, 2, 1, 0),
    ("dcgan 4x4/2 16x16 128->64", 128, 16, 16, 64, 4, 2, 1, 0),
    ("unet 2x2/2 32x32 128->64", 128, 32, 32, 64, 2, 2, 0, 0),
    ("torch 3x3/2 op1 16x16 64->32", 64, 16, 16, 32, 3, 2, 1, 1),
]


def transposed(c, h, w, cout, k, stride, pad, op):
    x_dims, w_dims = (1, c, h, w), (c, cout, k, k)

    def inputs(rng):
        return [uniform(rng, x_dims), uniform(rng, w_dims)]

    def reference(ins):
        x, wt = f64(*ins)
        case = conv_transpose_check.TransposeCase(
            1, c, h, w, cout, k, k, stride=(stride, stride), pad=(pad,) * 4,
            out_pad=(op, op))
        return case.reference({"x": x.reshape(x_dims),
                               "w": wt.reshape(w_dims)})
    return inputs, reference


def cases(p):
    for name, c, h, w, cout, k, stride, pad, op in SHAPES:
        oh = stride * (h - 1) + k + op - 2 * pad
        ow = stride * (w - 1) + k + op - 2 * pad
        case = {"name": "conv_transpose " + name,
                "args": [c, h, w, cout, k, stride, pad, op],
                "macs": c * h * w * cout * k * k,
                "dram_bytes": 4 * (c * h * w + c * cout * k * k +
                                   cout * oh * ow)}
        yield attach(case, transposed(c, h, w, cout, k, stride, pad, op))
