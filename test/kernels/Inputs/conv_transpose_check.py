"""Runs accel_conv_transpose2d on accel-sim against a float64 numpy
reference.

  conv_transpose_check.py --sim "accel-sim [options]"
                          --driver conv_transpose_driver.elf --dir DIR
                          [--set all|shapes|options|views] [--only TEXT]

For each case it makes x, w and the bias (a fixed seed per case, values
uniform in [-1, 1] rounded to f32), writes the case file
conv_transpose_driver.c reads, runs it (check_runner.py) and compares
every element of y with the reference.

The reference is ONNX's definition written as its scatter, independently
of the kernel: every input pixel (ih, iw) of channel c adds x[c, ih, iw]
w[c, co, kh, kw] to the full output at (ih sh + kh dh, iw sw + kw dw) for
each output channel co of c's group; the full output, output_padding's
rows and columns (zeros) added at its end, is then cropped by the pads
(top/left from the start, bottom/right from the end).

Tolerance. An output element sums at most T = C/groups * KH * KW products;
the kernel adds each tap's GEMM (f32 fused multiply-adds, one rounding a
step) into y, which started as the bias: at most T + KH KW + 2 roundings,
each relative to the sum of magnitudes. With a factor 4 of margin:

  |y - ref| <= (T + KH KW + 2) * u * 4 * (sum |w x| + |bias|) + 1e-30

Elements of y's buffer outside the view hold a sentinel and must come
back bit for bit; x's and w's buffers hold NaN outside their views.
"""
import os
import struct
import sys
import zlib

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_runner import (SENTINEL, U, Output, absent_record,  # noqa: E402
                          index_of, layout, main, record)


class TransposeCase:
    def __init__(self, n, c, h, w, cout, kh, kw, stride=(1, 1),
                 pad=(0, 0, 0, 0), dil=(1, 1), out_pad=(0, 0), groups=1,
                 bias=False, lx="contig", lw="contig", ly="contig",
                 null_options=False):
        self.n, self.c, self.h, self.w = n, c, h, w
        self.cout, self.kh, self.kw = cout, kh, kw
        self.stride, self.pad, self.dil = stride, pad, dil
        self.out_pad, self.groups, self.bias = out_pad, groups, bias
        self.lx, self.lw, self.ly = lx, lw, ly
        self.null_options = null_options

    def out_dims(self):
        (pt, pl, pb, pr), (sh, sw), (dh, dw) = self.pad, self.stride, self.dil
        oph, opw = self.out_pad
        oh = sh * (self.h - 1) + oph + dh * (self.kh - 1) + 1 - pt - pb
        ow = sw * (self.w - 1) + opw + dw * (self.kw - 1) + 1 - pl - pr
        return oh, ow

    def name(self):
        s = "convT %dx%dx%dx%d -> %d k%dx%d" % (self.n, self.c, self.h,
                                                self.w, self.cout, self.kh,
                                                self.kw)
        if self.null_options:
            return s + " options=NULL"
        if self.stride != (1, 1):
            s += " s%d,%d" % self.stride
        if any(self.pad):
            s += " p%d,%d,%d,%d" % self.pad
        if self.dil != (1, 1):
            s += " d%d,%d" % self.dil
        if any(self.out_pad):
            s += " op%d,%d" % self.out_pad
        if self.groups != 1:
            s += " g%d" % self.groups
        if self.bias:
            s += " bias"
        views = ["%s:%s" % (t, l) for t, l in (("x", self.lx), ("w", self.lw),
                                               ("y", self.ly))
                 if l != "contig"]
        if views:
            s += " " + ",".join(views)
        return s

    def make(self, path):
        rng = np.random.default_rng(zlib.crc32(self.name().encode()))
        oh, ow = self.out_dims()
        specs = [("x", [self.n, self.c, self.h, self.w], self.lx),
                 ("w", [self.c, self.cout // self.groups, self.kh, self.kw],
                  self.lw),
                 ("y", [self.n, self.cout, oh, ow], self.ly)]
        if self.bias:
            specs.append(("bias", [self.cout], "contig"))
        records, buffers, views = [], [], {}
        for name, dims, kind in specs:
            strides, off, length = layout(dims, kind)
            idx = index_of(dims, strides, off)
            if name == "y":
                buf = np.full(length, SENTINEL, dtype=np.float32)
                y_index = idx
            else:
                buf = np.full(length, np.nan, dtype=np.float32)
                vals = rng.uniform(-1, 1, dims).astype(np.float32)
                if vals.size:
                    buf[idx] = vals
                views[name] = vals.astype(np.float64)
            records.append(record(dims, strides, off, length, rank=4))
            buffers.append(buf)
        if not self.bias:
            records.append(absent_record(4))
        with open(path, "wb") as f:
            f.write(b"CTRCAS01")
            f.write(struct.pack("<12q", *(list(self.stride) +
                                          list(self.pad) + list(self.dil) +
                                          list(self.out_pad) +
                                          [self.groups,
                                           int(self.null_options)])))
            f.write(b"".join(records))
            for b in buffers:
                f.write(b.astype("<f4").tobytes())
        return Output(buffers[2], y_index, *self.reference(views))

    def reference(self, views):
        """z and sum |w x| per output element: ONNX's scatter (the
        docstring) in float64."""
        x, w = views["x"], views["w"]
        n, c, h, wd = x.shape
        _, coutg, kh, kw = w.shape
        (pt, pl, pb, pr), (sh, sw), (dh, dw) = self.pad, self.stride, self.dil
        oph, opw = self.out_pad
        fh = sh * (h - 1) + dh * (kh - 1) + 1 + oph
        fw = sw * (wd - 1) + dw * (kw - 1) + 1 + opw
        cout, g = self.cout, self.groups
        cg = c // g
        full = np.zeros((n, cout, fh, fw))
        mag = np.zeros((n, cout, fh, fw))
        for gi in range(g):
            xs = x[:, gi * cg:(gi + 1) * cg]          # n, cg, h, wd
            ws = w[gi * cg:(gi + 1) * cg]             # cg, coutg, kh, kw
            for i in range(kh):
                for j in range(kw):
                    t = np.einsum("nchw,co->nohw", xs, ws[:, :, i, j])
                    a = np.einsum("nchw,co->nohw", np.abs(xs),
                                  np.abs(ws[:, :, i, j]))
                    rows = slice(i * dh, i * dh + (h - 1) * sh + 1, sh)
                    cols = slice(j * dw, j * dw + (wd - 1) * sw + 1, sw)
                    full[:, gi * coutg:(gi + 1) * coutg, rows, cols] += t
                    mag[:, gi * coutg:(gi + 1) * coutg, rows, cols] += a
        z = full[:, :, pt:fh - pb, pl:fw - pr]
        mag = mag[:, :, pt:fh - pb, pl:fw - pr]
        if self.bias:
            b = views["bias"].reshape(1, cout, 1, 1)
            z = z + b
            mag = mag + np.abs(b)
        terms = cg * kh * kw + kh * kw + 2
        return z, terms * U * 4 * mag + 1e-30


def C(*args, **kw):
    return TransposeCase(*args, **kw)


def shapes():
    """Sizes around the matrix unit's 16, kernels square and not, strides
    1 to 3, empty tensors."""
    return [
        C(1, 1, 1, 1, 1, 1, 1),
        C(1, 2, 3, 3, 2, 3, 3),
        C(1, 2, 3, 3, 2, 3, 3, null_options=True),
        C(2, 3, 5, 4, 4, 2, 3, stride=(2, 2)),
        C(1, 16, 8, 8, 16, 4, 4, stride=(2, 2), pad=(1, 1, 1, 1)),
        C(1, 17, 7, 9, 15, 3, 3, stride=(2, 2), pad=(1, 1, 1, 1)),
        C(1, 33, 6, 5, 40, 5, 3, stride=(3, 2), bias=True),
        C(2, 5, 9, 11, 7, 3, 2, stride=(3, 3)),
        C(1, 64, 8, 8, 32, 4, 4, stride=(2, 2), pad=(1, 1, 1, 1),
          bias=True),
        C(1, 8, 4, 4, 8, 1, 1, stride=(2, 2)),         # taps reach 1 in 4
        C(1, 4, 5, 5, 6, 2, 2, stride=(3, 3)),         # taps miss some
        C(0, 3, 4, 4, 2, 3, 3),                        # empty batch
        C(1, 3, 4, 4, 0, 3, 3),                        # no output channels
        C(1, 0, 4, 4, 3, 3, 3, bias=True),             # no input: the bias
        C(1, 600, 3, 3, 20, 3, 3, stride=(2, 2)),      # K in two chunks
    ]


def options():
    """Every attribute alone and together."""
    return [
        C(1, 3, 5, 5, 2, 3, 3, dil=(2, 2)),
        C(1, 3, 5, 6, 2, 3, 2, dil=(2, 3), stride=(2, 1)),
        C(1, 4, 6, 6, 4, 3, 3, stride=(2, 2), pad=(1, 1, 1, 1),
          out_pad=(1, 1)),                             # PyTorch's x2
        C(1, 4, 6, 7, 4, 3, 3, stride=(3, 2), out_pad=(2, 1)),
        C(1, 4, 5, 5, 4, 3, 3, stride=(1, 1), dil=(3, 2), out_pad=(2, 1)),
        C(1, 5, 7, 6, 3, 3, 4, pad=(2, 0, 0, 1)),      # asymmetric
        C(1, 5, 7, 6, 3, 3, 4, stride=(2, 3), pad=(0, 3, 2, 1),
          bias=True),
        C(1, 6, 5, 5, 9, 3, 3, groups=3, stride=(2, 2)),
        C(2, 8, 4, 5, 8, 3, 3, groups=8, stride=(2, 2), pad=(1, 1, 1, 1),
          bias=True),                                  # depthwise
        C(1, 12, 5, 4, 6, 2, 3, groups=2, stride=(2, 3), pad=(1, 0, 0, 2),
          dil=(2, 1), out_pad=(1, 2), bias=True),
        C(1, 3, 4, 4, 2, 5, 5, stride=(2, 2), pad=(4, 4, 4, 4)),
    ]


def views():
    """Strided views, sentinels around y, NaN around x and w."""
    return [
        C(1, 5, 6, 7, 6, 3, 3, stride=(2, 2), pad=(1, 1, 1, 1),
          lx="pad", lw="pad", ly="pad", bias=True),
        C(2, 4, 5, 5, 6, 3, 3, stride=(2, 2), lx="nhwc", ly="nhwc"),
        C(1, 4, 5, 6, 4, 2, 3, stride=(2, 1), lx="inner", lw="inner",
          ly="inner", bias=True),
        C(1, 6, 4, 4, 6, 3, 3, groups=2, stride=(2, 2), lw="rev",
          ly="inner", out_pad=(1, 1)),
    ]


SETS = {"shapes": shapes, "options": options, "views": views}


if __name__ == "__main__":
    sys.exit(main(__doc__, SETS, "convT"))
