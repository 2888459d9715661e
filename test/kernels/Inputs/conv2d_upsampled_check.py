"""Runs accel_conv2d_upsampled on accel-sim against a float64 numpy
reference.

  conv2d_upsampled_check.py --sim "accel-sim [options]"
      --driver conv2d_upsampled_driver.elf --dir DIR [--set all|shapes]
      [--only TEXT]

For each case it makes x, the convolution's own weights w [Cout, C, KH,
KW] and the bias (a fixed seed per case, uniform in [-1, 1] rounded to
f32), sums w's kernel rows by output row phase into w_rows (fold_rows: in
float64, rounded to f32 once, as accel-graphc does) and writes the case
file conv2d_upsampled_driver.c reads. The reference is the plain
convolution of up(x) = np.repeat of x along H and W by w, in float64
(conv2d_check.py's im2col, with its activations): nothing of the
phases, so a wrong row sum, phase or column index shows.

Tolerance. conv2d_check.py's bound for the K = C KH KW products of the
upsampled convolution: each w_rows element is the sum of at most KH of w's
rounded once (an error of u/2 of the sum of their magnitudes), and the
kernel accumulates the K' = C KH' KW <= K products of the summed rows,
so the error is at most (K' + 1) u sum |w x| over the original taps,
inside (K + 2) u 4 (sum |w x| + |bias|).
"""
import os
import struct
import sys
import zlib

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_runner import (SENTINEL, Output, absent_record,  # noqa: E402
                          index_of, main, record)
from conv2d_check import ConvCase, place  # noqa: E402
from kernel_check import ACT_KINDS  # noqa: E402


def first_row(r, pad_top, s):
    """accel_conv2d_upsampled_first_row: floor((r - pad_top) / s)."""
    return (r - pad_top) // s


def fold_rows(w, s, pad_top):
    """w [Cout, C, KH, KW] as w_rows [s Cout, C, KH', KW] (float64)."""
    cout, c, kh, kw = w.shape
    firsts = [first_row(r, pad_top, s) for r in range(s)]
    rows = max(first_row(r + kh - 1, pad_top, s) - firsts[r] + 1
               for r in range(s))
    out = np.zeros((s, cout, c, rows, kw))
    for r in range(s):
        for ky in range(kh):
            out[r, :, :, first_row(r + ky, pad_top, s) - firsts[r]] += \
                w[:, :, ky]
    return out.reshape(s * cout, c, rows, kw)


class UpCase:
    def __init__(self, n, c, h, w, cout, kh, kw, s=2, pad=(1, 1, 1, 1),
                 bias=False, act="none", lo=-0.25, hi=0.5, lx="contig",
                 ly="contig"):
        self.conv = ConvCase(n, c, s * h, s * w, cout, kh, kw, pad=pad,
                             bias=bias, act=act, lo=lo, hi=hi)
        self.n, self.c, self.h, self.w = n, c, h, w
        self.cout, self.kh, self.kw, self.s = cout, kh, kw, s
        self.pad, self.bias, self.act = pad, bias, act
        self.lo, self.hi = np.float32(lo), np.float32(hi)
        self.lx, self.ly = lx, ly

    def name(self):
        s = "up%d %dx%dx%dx%d -> %d k%dx%d p%d,%d,%d,%d" % (
            (self.s, self.n, self.c, self.h, self.w, self.cout, self.kh,
             self.kw) + tuple(self.pad))
        if self.bias:
            s += " bias"
        if self.act == "clip":
            s += " clip(%g,%g)" % (self.lo, self.hi)
        elif self.act != "none":
            s += " " + self.act
        views = ["%s:%s" % (t, l) for t, l in (("x", self.lx), ("y", self.ly))
                 if l != "contig"]
        return s + (" " + ",".join(views) if views else "")

    def make(self, path):
        rng = np.random.default_rng(zlib.crc32(self.name().encode()))
        oh, ow = self.conv.out_dims()
        x = rng.uniform(-1, 1, (self.n, self.c, self.h, self.w)).astype(
            np.float32)
        w = rng.uniform(-1, 1, (self.cout, self.c, self.kh, self.kw)).astype(
            np.float32)
        b = rng.uniform(-1, 1, self.cout).astype(np.float32)
        w_rows = fold_rows(w.astype(np.float64), self.s,
                           self.pad[0]).astype(np.float32)
        specs = [("x", x, self.lx), ("w_rows", w_rows, "contig"),
                 ("y", None, self.ly)]
        if self.bias:
            specs.append(("bias", b, "contig"))
        records, buffers = [], []
        for name, vals, kind in specs:
            dims = [self.n, self.cout, oh, ow] if vals is None else \
                list(vals.shape)
            strides, off, length = place(kind, dims)
            idx = index_of(dims, strides, off)
            if vals is None:
                buf = np.full(length, SENTINEL, dtype=np.float32)
                y_index = idx
            else:
                buf = np.full(length, np.nan, dtype=np.float32)
                buf[idx] = vals
            records.append(record(dims, strides, off, length, rank=4))
            buffers.append(buf)
        if not self.bias:
            records.append(absent_record(4))
        with open(path, "wb") as f:
            f.write(b"CONVUPS1")
            f.write(struct.pack("<7q", self.s, self.kh, *self.pad,
                                ACT_KINDS[self.act]))
            f.write(struct.pack("<2f", self.lo, self.hi))
            f.write(b"".join(records))
            for buf in buffers:
                f.write(buf.astype("<f4").tobytes())
        up = np.repeat(np.repeat(x.astype(np.float64), self.s, 2), self.s, 3)
        views = {"x": up, "w": w.astype(np.float64)}
        if self.bias:
            views["bias"] = b.astype(np.float64)
        return Output(buffers[2], y_index, *self.conv.reference(views))


def U(*args, **kw):
    return UpCase(*args, **kw)


def shapes():
    """The UNet slice's (64 -> 32 channels, 8 x 8 to 16 x 16), widths that
    are not whole vectors (the repeated columns' spill), scales 3 and 1,
    5 x 5 and 1 x 1 kernels, output channels that are not whole blocks
    (a block holding two phases' channels), asymmetric padding (phases
    of different first rows, an odd output height: a phase with a row
    fewer), bands of rows, activations, a bias, views."""
    return [
        U(1, 64, 8, 8, 32, 3, 3),
        U(1, 64, 8, 8, 32, 3, 3, bias=True),
        U(2, 16, 5, 7, 20, 3, 3, bias=True, act="relu"),
        U(1, 12, 9, 17, 16, 3, 3, act="silu"),
        U(1, 20, 6, 33, 24, 3, 3, bias=True, act="clip"),
        U(1, 8, 4, 5, 40, 3, 3, s=3, bias=True),
        U(1, 8, 4, 5, 12, 3, 3, s=1),
        U(1, 16, 6, 6, 16, 5, 5, pad=(2, 2, 2, 2), act="gelu"),
        U(1, 16, 6, 6, 16, 5, 5, s=3, pad=(2, 2, 2, 2), bias=True),
        U(1, 24, 7, 7, 16, 1, 1, pad=(0, 0, 0, 0), bias=True),
        U(1, 16, 7, 9, 16, 3, 3, pad=(0, 1, 2, 0)),
        U(1, 16, 7, 9, 16, 3, 2, pad=(2, 0, 0, 1), bias=True),
        U(1, 3, 10, 10, 8, 3, 3),                      # few channels
        U(1, 16, 5, 6, 24, 3, 3, pad=(1, 1, 0, 1), bias=True),  # odd OH
        U(1, 64, 48, 48, 32, 3, 3, bias=True),
        U(1, 64, 80, 80, 48, 3, 3, bias=True, act="relu"),  # bands of rows
        U(1, 16, 6, 10, 16, 3, 3, lx="nhwc", ly="pad", bias=True),
        U(1, 16, 6, 10, 20, 3, 3, lx="inner", ly="inner"),
    ]


SETS = {"shapes": shapes}


if __name__ == "__main__":
    sys.exit(main(__doc__, SETS, "up"))
