"""Runs accel_conv2d on accel-sim against a float64 numpy reference.

  conv2d_check.py --sim "accel-sim [options]" --driver conv2d_driver.elf
                  --dir DIR [--set all|shapes|options|views|big]
                  [--only TEXT]

For each case it makes x, w and the bias (a fixed seed per case, values
uniform in [-1, 1] rounded to f32) and writes the case file
conv2d_driver.c reads; check_runner.py runs the driver on the simulator,
reads y's buffer back and compares every element with the reference,
computed here by explicit im2col in float64 (numpy only; nothing of the
library), one line per case and "N cases, F failures".

Tolerance. y = act(z), z = sum_k w_ok x_k + bias_o over the K = C/groups
* KH * KW products of output element o's receptive field (padding
contributes exact zeros). Every lowering accumulates in f32 with fused
multiply-adds, one rounding per step (the matrix unit's mmac; the vector
unit's vfma, split in two chains and added), in any order and in chunks:
that errs by at most K u sum_k |w_ok x_k| (u = 2^-24, to first order); the
bias and the final additions of partial sums add at most two more
roundings, relative to the sum of magnitudes. With a factor 4 of margin:

  |y - ref| <= (K + 2) * u * 4 * (sum_k |w_ok x_k| + |bias_o|) + 1e-30

ReLU and clip are 1-Lipschitz and exact in f32, so they add nothing. GELU
is kernel_check.py's bound (its docstring has the derivation: the tanh
form with vtanh.f32's 2^-20 error):

  |y - ref| <= 1.2 * bound + 0.5 |z| 2^-20 + 4 u |z|.

Elements of y's buffer outside the view (padding, the gaps of strided
views, guards before and after) hold a sentinel and must come back bit
for bit; x's and w's buffers hold NaN outside their views, so a kernel
that reads anything but its view shows it.

K-chunk seams (canaries). K = C/groups * KH * KW past 4096 (one mmac's
largest K) goes in the fewest equal chunks of whole channels
(conv2d_igemm_plan.c: chunks = ceil(Cg / floor(4096 / taps)), cc = ceil(Cg /
chunks) channels each; channel_seams()), the K index running over
(channel, kh, kw) as w lies. A product lost or counted twice at a seam is
one term of uniform values (at most 1) against a bound of about 1.3 at
K = 4608, so such a case puts canaries at every seam between channel
c - 1 and c: x's planes of channels c - 1, c and h = c - cc / 2 (the
middle of the chunk before) hold C (CANARY = 32) everywhere, w[o] of
channel c - 1 holds C s_o at its last tap (KH - 1, KW - 1), the chunk's
last K index, of channel c 2 C s_o at its first tap (0, 0), the next
chunk's first, and of channel h -C s_o and -2 C s_o at those two taps (s_o
a random sign per output channel), their other taps 0. At every output
pixel the products at a tap offset are there or in the padding together,
so they cancel exactly (C^2 s_o (1 - 1) and 2 C^2 s_o (1 - 1)) and z is
the uniform values' sum, while dropping or doubling the seam's last or
first term moves z by C^2 = 1024 or 2 C^2 wherever that tap is inside x.
The bound above is unchanged in form and takes the canaries' 6 C^2 into
sum |w x|: at K = 4608, 1.1e-3 (1152 + 6144) = 8 against a change of 1024.
The clip case with two chunks has a band wider than that bound, so that
z moved out of it shows.
"""
import os
import struct
import sys
import zlib

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_runner import (SENTINEL, U, Output, absent_record,  # noqa: E402
                          index_of, main, record)
from kernel_check import (ACT_KINDS, CANARY, GELU_SLOPE,  # noqa: E402
                          K_CHUNK, TANH_REL_ERROR)


def gelu(z):
    return 0.5 * z * (1.0 + np.tanh(np.sqrt(2.0 / np.pi) *
                                    (z + 0.044715 * z ** 3)))


# ---------------------------------------------------------------- seams

def channel_seams(cg, taps):
    """The first channel of each K chunk after the first, and the chunks'
    channels (cc), as accel_conv2d's implicit GEMM takes K = cg * taps
    (the docstring); no seams when K fits one chunk."""
    if cg * taps <= K_CHUNK or taps > K_CHUNK:
        return [], cg
    chunks = -(-cg // (K_CHUNK // taps))
    cc = -(-cg // chunks)
    return list(range(cc, cg, cc)), cc


def put_canaries(x, w, groups, rng, c=CANARY):
    """Writes the seams' canaries (the docstring) into x [N, C, H, W] and
    w [Cout, C / groups, KH, KW], in place."""
    cout, cg, kh, kw = w.shape
    seams, cc = channel_seams(cg, kh * kw)
    s = rng.choice([-1.0, 1.0], cout)
    for ch in seams:
        last, first, half = ch - 1, ch, ch - cc // 2
        for g in range(groups):
            x[:, [g * cg + last, g * cg + first, g * cg + half]] = c
        w[:, [last, first, half]] = 0.0
        w[:, last, kh - 1, kw - 1] = c * s
        w[:, first, 0, 0] = 2 * c * s
        w[:, half, kh - 1, kw - 1] = -c * s
        w[:, half, 0, 0] = -2 * c * s


# ---------------------------------------------------------------- layouts

def place(kind, dims):
    """Strides (in elements), offset and buffer length of a 4-D (or 1-D)
    view of `dims` laid out as `kind`:
    contig; pad (every dimension's extent padded by 1-3, guards around);
    nhwc (channels last: dims 1 and 3 swapped in memory); inner (every
    other element of the last dimension, padded rows)."""
    dims = list(dims)
    guard = 0 if kind == "contig" else 5
    if kind in ("contig", "pad", "inner"):
        ext = list(dims)
        if kind == "pad":
            ext = [d + 1 + i % 3 for i, d in enumerate(dims)]
        elif kind == "inner":
            ext[-1] = 2 * dims[-1] + 3
        strides, s = [0] * len(dims), 1
        for d in range(len(dims) - 1, -1, -1):
            strides[d] = s * (2 if kind == "inner" and d == len(dims) - 1
                              else 1)
            s *= ext[d]
    elif kind == "nhwc":
        n, c, h, w = dims
        strides = [h * w * c, 1, w * c, c]
    else:
        raise ValueError(kind)
    if 0 in dims:
        return strides, guard, 2 * guard
    last = sum((d - 1) * s for d, s in zip(dims, strides))
    return strides, guard, guard + last + 1 + guard


# ---------------------------------------------------------------- cases

class ConvCase:
    def __init__(self, n, c, h, w, cout, kh, kw, stride=(1, 1),
                 pad=(0, 0, 0, 0), dil=(1, 1), groups=1, bias=False,
                 act="none", lo=-0.25, hi=0.5, lx="contig", lw="contig",
                 ly="contig", lbias="contig", null_options=False):
        self.n, self.c, self.h, self.w = n, c, h, w
        self.cout, self.kh, self.kw = cout, kh, kw
        self.stride, self.pad, self.dil = stride, pad, dil
        self.groups, self.bias, self.act = groups, bias, act
        self.lo, self.hi = np.float32(lo), np.float32(hi)
        self.lx, self.lw, self.ly, self.lbias = lx, lw, ly, lbias
        self.null_options = null_options

    def out_dims(self):
        (pt, pl, pb, pr), (sh, sw), (dh, dw) = self.pad, self.stride, self.dil
        oh = (self.h + pt + pb - dh * (self.kh - 1) - 1) // sh + 1
        ow = (self.w + pl + pr - dw * (self.kw - 1) - 1) // sw + 1
        return oh, ow

    def name(self):
        s = "conv %dx%dx%dx%d -> %d k%dx%d" % (self.n, self.c, self.h,
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
        if self.groups != 1:
            s += " g%d" % self.groups
        if self.bias:
            s += " bias" + ("" if self.lbias == "contig" else "(strided)")
        if self.act == "clip":
            s += " clip(%g,%g)" % (self.lo, self.hi)
        elif self.act != "none":
            s += " " + self.act
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
                 ("w", [self.cout, self.c // self.groups, self.kh, self.kw],
                  self.lw),
                 ("y", [self.n, self.cout, oh, ow], self.ly)]
        if self.bias:
            specs.append(("bias", [self.cout],
                          "contig" if self.lbias == "contig" else "inner"))
        records, buffers, views = [], [], {}
        values = {name: rng.uniform(-1, 1, dims).astype(np.float32)
                  for name, dims, _ in specs[:2]}
        # K-chunk seams: canaries (the docstring), from a generator of
        # their own
        put_canaries(values["x"], values["w"], self.groups,
                     np.random.default_rng(zlib.crc32(
                         b"canaries " + self.name().encode())))
        for name, dims, kind in specs:
            strides, off, length = place(kind, dims)
            idx = index_of(dims, strides, off)
            if name == "y":
                buf = np.full(length, SENTINEL, dtype=np.float32)
                y_index = idx
            else:
                buf = np.full(length, np.nan, dtype=np.float32)
                vals = values[name] if name in values else \
                    rng.uniform(-1, 1, dims).astype(np.float32)
                buf[idx] = vals
                views[name] = vals.astype(np.float64)
            records.append(record(dims, strides, off, length, rank=4))
            buffers.append(buf)
        if not self.bias:
            records.append(absent_record(4))
        with open(path, "wb") as f:
            f.write(b"CONVCAS1")
            f.write(struct.pack("<11q", *(list(self.stride) +
                                          list(self.pad) + list(self.dil) +
                                          [self.groups, ACT_KINDS[self.act],
                                           int(self.null_options)])))
            f.write(struct.pack("<2f", self.lo, self.hi))
            f.write(b"".join(records))
            for b in buffers:
                f.write(b.astype("<f4").tobytes())
        return Output(buffers[2], y_index, *self.reference(views))

    def reference(self, views):
        """z and sum |w x| per output element, by im2col in float64."""
        x, w = views["x"], views["w"]
        n, c, h, wd = x.shape
        cout, cg, kh, kw = w.shape
        (pt, pl, pb, pr), (sh, sw), (dh, dw) = self.pad, self.stride, self.dil
        oh, ow = self.out_dims()
        xp = np.zeros((n, c, h + pt + pb, wd + pl + pr))
        xp[:, :, pt:pt + h, pl:pl + wd] = x
        # cols[n, ci, i, j, oh, ow] = xp[n, ci, oh sh + i dh, ow sw + j dw]
        cols = np.empty((n, c, kh, kw, oh, ow))
        for i in range(kh):
            for j in range(kw):
                cols[:, :, i, j] = xp[:, :, i * dh:i * dh + (oh - 1) * sh + 1:sh,
                                      j * dw:j * dw + (ow - 1) * sw + 1:sw]
        g, coutg = self.groups, cout // self.groups
        z = np.zeros((n, cout, oh, ow))
        mag = np.zeros((n, cout, oh, ow))
        for gi in range(g):
            a = cols[:, gi * cg:(gi + 1) * cg].reshape(n, cg * kh * kw,
                                                       oh * ow)
            wg = w[gi * coutg:(gi + 1) * coutg].reshape(coutg, cg * kh * kw)
            z[:, gi * coutg:(gi + 1) * coutg] = (wg @ a).reshape(
                n, coutg, oh, ow)
            mag[:, gi * coutg:(gi + 1) * coutg] = (np.abs(wg) @ np.abs(a)
                                                   ).reshape(n, coutg, oh, ow)
        if self.bias:
            b = views["bias"].reshape(1, cout, 1, 1)
            z = z + b
            mag = mag + np.abs(b)
        k = cg * kh * kw
        bound = (k + 2) * U * 4 * mag + 1e-30
        if self.act == "relu":
            ref = np.maximum(z, 0)
        elif self.act == "clip":
            ref = np.minimum(np.maximum(z, float(self.lo)), float(self.hi))
        elif self.act == "gelu":
            ref = gelu(z)
            bound = (GELU_SLOPE * bound + 0.5 * np.abs(z) * TANH_REL_ERROR +
                     4 * U * np.abs(z))
        elif self.act == "silu":  # kernel_check.py's docstring
            ref = z / (1.0 + np.exp(-z))
            bound = (GELU_SLOPE * bound +
                     (2 * TANH_REL_ERROR + 4 * U) * np.abs(ref))
        else:
            ref = z
        return ref, bound


def C(*args, **kw):
    return ConvCase(*args, **kw)


def conv_shapes():
    """Sizes 1, 15, 16, 17, odd and prime, through every lowering."""
    cases = []
    for s in (1, 15, 16, 17):
        cases.append(C(1, s, 7, 9, s, 3, 3, pad=(1, 1, 1, 1)))  # channels
        cases.append(C(1, 3, s, s, 5, 3, 3, pad=(1, 1, 1, 1)))  # spatial
        cases.append(C(1, s, s, 5, 17, 1, 1))                   # 1 x 1
        cases.append(C(1, s, 9, s, s, 3, 3, pad=(1, 1, 1, 1),
                       groups=s))                               # depthwise
    cases += [
        C(2, 13, 11, 7, 29, 3, 3, pad=(1, 1, 1, 1)),
        C(1, 31, 23, 19, 37, 5, 5, pad=(2, 2, 2, 2)),
        C(3, 7, 13, 29, 11, 7, 7, pad=(3, 3, 3, 3)),
        C(1, 64, 20, 20, 64, 3, 3, pad=(1, 1, 1, 1)),
        C(1, 19, 12, 12, 300, 3, 3, pad=(1, 1, 1, 1)),   # > 16 blocks
        C(1, 512, 5, 5, 17, 3, 3, pad=(1, 1, 1, 1)),     # K = 4608: 2 chunks
        C(1, 512, 5, 5, 70, 3, 3, pad=(1, 1, 1, 1),
          bias=True),                                    # prefetched weights
        C(1, 1, 1, 1, 1, 1, 1),
        C(1, 1, 1, 1, 1, 3, 3, pad=(1, 1, 1, 1)),
        C(2, 3, 5, 5, 4, 5, 5),                          # output 1 x 1
        C(1, 2, 5, 5, 4, 3, 3, null_options=True),
        C(1, 40, 9, 11, 70, 1, 1, bias=True),            # 1 x 1 bias
        C(2, 8, 6, 6, 4, 1, 1, groups=2),                # 1 x 1 groups
        C(0, 3, 5, 5, 4, 3, 3),                          # empty batch
        C(1, 3, 5, 5, 0, 3, 3),                          # no output channels
        C(1, 0, 5, 5, 4, 3, 3, bias=True, act="relu"),   # K = 0: the bias
        # 16 n + 1 pixels: the last on the vector unit (n >= 2)
        C(1, 32, 7, 7, 40, 3, 3, pad=(1, 1, 1, 1)),     # 49
        C(2, 16, 3, 11, 20, 3, 3, pad=(1, 1, 1, 1), bias=True,
          act="relu"),                                   # 33
        C(1, 16, 1, 17, 20, 3, 3, pad=(1, 1, 1, 1)),     # 17: matrix only
        C(1, 64, 7, 7, 48, 1, 1, bias=True, act="gelu"),  # 1 x 1 (GEMM), 49
        C(1, 64, 7, 7, 48, 1, 1, bias=True, act="silu"),  # 1 x 1 (GEMM), 49
        C(1, 32, 7, 7, 40, 3, 3, pad=(1, 1, 1, 1), act="silu"),
        C(1, 40, 9, 9, 40, 3, 3, pad=(1, 1, 1, 1), groups=40, bias=True,
          act="silu"),
        C(1, 16, 1, 33, 20, 1, 1),                       # 1 x 1 (GEMM), 33
        C(1, 16, 13, 13, 20, 3, 3, stride=(2, 2),
          pad=(1, 1, 1, 1)),                             # strided, 49
        # 2 chunks, prefetched weights; the clip band wider than the
        # bound (8 with the seam's canaries)
        C(1, 512, 7, 7, 300, 3, 3, pad=(1, 1, 1, 1), bias=True,
          act="clip", lo=-8.0, hi=16.0),
        # depthwise with 16 channels across the lanes (C >= 16, small
        # planes): many items, a last one of fewer channels, rows not a
        # multiple of 7, planes of one pixel
        C(1, 48, 14, 14, 48, 3, 3, pad=(1, 1, 1, 1), groups=48),
        C(2, 40, 7, 7, 40, 3, 3, pad=(1, 1, 1, 1), groups=40, bias=True,
          act="relu"),
        C(1, 16, 9, 10, 16, 3, 3, pad=(0, 1, 2, 0), groups=16),
        C(1, 17, 1, 1, 17, 3, 3, pad=(1, 1, 1, 1), groups=17, bias=True),
        C(1, 200, 3, 5, 200, 3, 3, pad=(1, 1, 1, 1), groups=200),
        # depthwise at stride 1 on the stream engine with a share of each
        # item's channels on the vector unit (planes of 24 x 24 and more):
        # a last item with no engine share, two images with a bias and
        # ReLU, 5 x 5 (the vector unit's taps loop), dilation, asymmetric
        # padding with a bias
        C(1, 16, 32, 32, 16, 3, 3, pad=(1, 1, 1, 1), groups=16),
        C(2, 12, 40, 36, 12, 3, 3, pad=(1, 1, 1, 1), groups=12, bias=True,
          act="relu"),
        C(1, 10, 30, 33, 10, 5, 5, pad=(2, 2, 2, 2), groups=10),
        C(1, 9, 36, 36, 9, 3, 3, dil=(2, 2), pad=(2, 2, 2, 2), groups=9),
        C(1, 5, 50, 47, 5, 3, 3, pad=(0, 1, 2, 0), groups=5, bias=True),
    ]
    return cases


def conv_options():
    """Every option, alone and together."""
    return [
        C(1, 6, 17, 17, 10, 3, 3, stride=(2, 2), pad=(1, 1, 1, 1)),
        C(1, 6, 19, 23, 10, 3, 3, stride=(3, 2)),
        # Strides along rows with B by DMA (12 channels or more): the band
        # split by phase, a tap's phase from kw dw (dilation 3: phases 0,
        # 1, 0), padded rows not a multiple of the stride.
        C(1, 20, 15, 17, 24, 3, 3, stride=(2, 2), pad=(1, 1, 1, 1),
          dil=(2, 3), bias=True),
        C(1, 24, 11, 19, 16, 5, 5, stride=(1, 3), pad=(2, 1, 2, 0),
          dil=(1, 2)),
        C(1, 64, 16, 16, 32, 1, 1, stride=(2, 2)),       # a downsample
        C(1, 3, 32, 32, 64, 7, 7, stride=(2, 2), pad=(3, 3, 3, 3),
          bias=True, act="relu"),                        # a ResNet stem
        # few channels and 5 kernel rows or more: B by kernel column (a
        # transfer's rows the kernel rows), runs across output rows
        C(1, 6, 14, 14, 16, 5, 5, pad=(4, 2, 4, 2), dil=(2, 1),
          bias=True),
        C(1, 4, 20, 23, 8, 5, 3, stride=(2, 3), pad=(2, 1, 2, 1)),
        C(1, 5, 16, 16, 7, 3, 3, stride=(1, 3), pad=(0, 2, 1, 0)),
        C(1, 5, 13, 11, 9, 3, 3, pad=(0, 1, 2, 1)),      # asymmetric
        C(1, 5, 13, 11, 9, 4, 2, pad=(3, 0, 0, 2)),
        C(1, 4, 15, 15, 6, 3, 3, dil=(2, 2), pad=(2, 2, 2, 2)),
        C(1, 4, 17, 21, 6, 3, 5, dil=(3, 1), pad=(1, 0, 1, 3)),
        C(1, 8, 11, 11, 12, 3, 3, groups=2, pad=(1, 1, 1, 1)),
        C(2, 12, 9, 10, 8, 3, 3, groups=4, pad=(1, 1, 1, 1)),
        C(1, 6, 12, 12, 6, 1, 1, groups=3, stride=(2, 2)),
        C(1, 8, 14, 14, 8, 3, 3, groups=8, pad=(1, 1, 1, 1)),  # depthwise
        C(1, 8, 14, 14, 24, 3, 3, groups=8, pad=(1, 1, 1, 1)),  # multiplier 3
        C(1, 6, 15, 19, 12, 3, 3, groups=6, stride=(2, 2),
          pad=(1, 1, 1, 1)),                                   # strided
        C(1, 5, 16, 16, 5, 5, 5, groups=5, pad=(2, 2, 2, 2)),  # 5 x 5
        C(1, 4, 18, 18, 4, 3, 3, groups=4, dil=(2, 2), pad=(2, 2, 2, 2)),
        C(4, 1, 28, 28, 6, 5, 5, pad=(2, 2, 2, 2), bias=True,
          act="relu"),                                  # LeNet's first
        C(1, 3, 13, 17, 6, 5, 5, groups=3, dil=(2, 1), pad=(3, 0, 1, 2),
          act="gelu"),                                  # 5 x 5 multiplier 2
        C(1, 1, 11, 9, 5, 7, 3, pad=(3, 1, 3, 1), bias=True,
          act="clip"),                                  # 7 x 3, one channel
        C(1, 4, 9, 40, 8, 3, 3, groups=4, pad=(0, 1, 2, 0), bias=True,
          act="gelu"),
        C(1, 9, 10, 10, 12, 3, 3, pad=(1, 1, 1, 1), bias=True),
        C(1, 9, 10, 10, 12, 3, 3, pad=(1, 1, 1, 1), act="relu"),
        C(1, 9, 10, 10, 12, 3, 3, pad=(1, 1, 1, 1), act="gelu"),
        C(1, 9, 10, 10, 12, 3, 3, pad=(1, 1, 1, 1), act="clip"),
        C(1, 9, 10, 10, 12, 3, 3, pad=(1, 1, 1, 1), bias=True, act="relu"),
        C(1, 9, 10, 10, 12, 1, 1, bias=True, act="gelu"),
        C(1, 9, 10, 10, 12, 1, 1, act="relu"),
        C(1, 9, 10, 10, 9, 3, 3, groups=9, bias=True, act="clip",
          pad=(1, 1, 1, 1)),
        C(2, 10, 11, 13, 20, 3, 3, stride=(2, 1), pad=(2, 0, 1, 1),
          dil=(1, 2), groups=2, bias=True, act="clip", lbias="strided"),
        # few channels (B by vector loads): three images through the two
        # image buffers, three output blocks with B made in three parts,
        # eight (the second set of accumulators: tiles 8 to 15), a strided
        # 5 x 5 (the general taps loop), a 16-channel 3 x 3 / 2
        C(3, 5, 9, 21, 40, 3, 3, pad=(1, 2, 0, 1), dil=(2, 1), bias=True,
          act="clip"),
        C(1, 2, 12, 19, 128, 3, 3, pad=(1, 1, 1, 1), bias=True,
          act="relu"),
        C(2, 3, 17, 18, 20, 5, 5, stride=(2, 2), pad=(2, 2, 2, 2),
          act="gelu"),
        C(1, 16, 15, 15, 24, 3, 3, stride=(2, 2), pad=(1, 1, 1, 1),
          bias=True),
    ]


def conv_views():
    """Strided views of every tensor, sentinels and NaN around them."""
    return [
        C(1, 7, 12, 13, 9, 3, 3, pad=(1, 1, 1, 1), lx="pad", lw="pad",
          ly="pad"),
        C(2, 7, 12, 13, 9, 3, 3, pad=(1, 1, 1, 1), lx="nhwc", ly="nhwc",
          bias=True),
        C(1, 7, 12, 13, 9, 3, 3, pad=(1, 1, 1, 1), lx="inner", lw="inner",
          ly="inner", act="relu"),
        C(1, 6, 10, 10, 6, 3, 3, groups=6, pad=(1, 1, 1, 1), lx="pad",
          lw="inner", ly="nhwc", bias=True, lbias="strided"),
        C(1, 16, 10, 10, 24, 1, 1, lx="nhwc", ly="pad", bias=True),
        C(1, 16, 10, 10, 24, 1, 1, lx="inner", ly="inner"),
        C(1, 5, 9, 9, 7, 3, 3, stride=(2, 2), lx="nhwc", lw="pad", ly="inner"),
        C(1, 16, 7, 7, 20, 3, 3, pad=(1, 1, 1, 1), lx="nhwc", lw="pad",
          ly="nhwc", bias=True, lbias="strided"),        # 49: last pixel
        C(2, 20, 6, 6, 20, 3, 3, groups=20, pad=(1, 1, 1, 1), lx="nhwc",
          lw="inner", ly="nhwc", bias=True, lbias="strided"),  # engine
        C(1, 16, 32, 32, 16, 3, 3, groups=16, pad=(1, 1, 1, 1), lx="nhwc",
          ly="nhwc", bias=True, lbias="strided"),  # engine and vector
    ]


def conv_big():
    """Inputs larger than the scratchpad: bands of input rows; weights
    larger than it for one block of pixels, whose B is built once for
    every group of output blocks (one K chunk, strided; and two)."""
    return [
        C(1, 64, 160, 160, 16, 3, 3, pad=(1, 1, 1, 1), bias=True, act="relu"),
        C(1, 2, 700, 700, 2, 3, 3, groups=2, pad=(1, 1, 1, 1)),
        C(1, 3, 300, 301, 5, 3, 3, stride=(2, 2), pad=(1, 0, 1, 2)),
        C(1, 64, 120, 121, 32, 3, 3, stride=(2, 2), pad=(1, 1, 1, 1)),
        C(1, 256, 7, 7, 300, 3, 3, stride=(2, 2), pad=(1, 1, 1, 1),
          bias=True, act="relu"),
        C(1, 512, 4, 4, 300, 3, 3, pad=(1, 1, 1, 1)),
    ]


def conv_depthwise_acts():
    """Depthwise convolutions with each activation a model fuses (clip
    with a lower bound of 0, as relu6, and another; SiLU; GELU), with and
    without a bias: at stride 1 on the stream engine (its passes after
    the taps; planes of 24 x 24 and more give the vector unit a share),
    many small planes (EfficientNet's and MobileNetV2's last stages),
    bands of a plane larger than the scratchpad, at stride 2, and on
    the vector unit (multipliers, other strides)."""
    dw = dict(pad=(1, 1, 1, 1))
    dw5 = dict(pad=(2, 2, 2, 2))
    return [
        C(1, 16, 32, 32, 16, 3, 3, groups=16, bias=True, act="clip",
          lo=0.0, hi=0.5, **dw),
        C(1, 12, 30, 27, 12, 3, 3, groups=12, act="clip", lo=-0.25,
          hi=0.5, **dw),
        C(2, 10, 26, 26, 10, 3, 3, groups=10, bias=True, act="clip",
          lo=-0.25, hi=0.5, **dw),
        C(1, 16, 32, 32, 16, 3, 3, groups=16, bias=True, act="silu", **dw),
        C(1, 10, 30, 33, 10, 5, 5, groups=10, act="silu", **dw5),
        C(1, 16, 28, 28, 16, 3, 3, groups=16, bias=True, act="gelu", **dw),
        C(1, 960, 2, 2, 960, 3, 3, groups=960, bias=True, act="clip",
          lo=0.0, hi=0.5, **dw),
        C(1, 1152, 2, 2, 1152, 5, 5, groups=1152, bias=True, act="silu",
          **dw5),
        C(1, 240, 8, 8, 240, 5, 5, groups=240, bias=True, act="silu",
          **dw5),
        C(1, 40, 9, 9, 40, 3, 3, groups=40, act="gelu", **dw),
        C(1, 2, 700, 700, 2, 3, 3, groups=2, bias=True, act="clip",
          lo=0.0, hi=0.5, **dw),
        C(1, 3, 400, 700, 3, 3, 3, groups=3, bias=True, act="silu", **dw),
        C(1, 96, 32, 32, 96, 3, 3, groups=96, stride=(2, 2), bias=True,
          act="clip", lo=0.0, hi=0.5, **dw),
        C(1, 144, 16, 16, 144, 5, 5, groups=144, stride=(2, 2), bias=True,
          act="silu", **dw5),
        C(1, 672, 4, 4, 672, 5, 5, groups=672, stride=(2, 2), bias=True,
          act="silu", **dw5),
        C(1, 24, 15, 17, 24, 3, 3, groups=24, stride=(2, 2), act="gelu",
          **dw),
        C(1, 20, 13, 13, 20, 3, 3, groups=20, stride=(2, 2), act="clip",
          lo=-0.25, hi=0.5, **dw),
        # stride 2 through the stride-1 results, decimated: bands of an
        # even number of rows with a padded row made even, two images
        # with asymmetric padding, dilation, no padding, views of x, y
        # and the bias
        C(1, 2, 700, 701, 2, 3, 3, groups=2, stride=(2, 2), bias=True,
          act="relu", **dw),
        C(2, 8, 21, 20, 8, 5, 5, groups=8, stride=(2, 2), pad=(2, 1, 2, 2)),
        C(1, 8, 17, 17, 8, 3, 3, groups=8, stride=(2, 2), dil=(2, 2),
          pad=(2, 2, 2, 2), bias=True),
        C(1, 32, 24, 24, 32, 3, 3, groups=32, stride=(2, 2), act="silu"),
        C(1, 16, 30, 30, 16, 3, 3, groups=16, stride=(2, 2), lx="nhwc",
          ly="nhwc", bias=True, lbias="strided", act="clip", lo=0.0,
          hi=0.5, **dw),
        C(1, 12, 19, 22, 12, 3, 3, groups=12, stride=(2, 2), lx="pad",
          ly="pad", act="gelu", **dw),
        # small planes with 16 channels across the lanes
        # (conv2d_depthwise_lanes.c): a last quad of 3 groups, of 1 and
        # of 4 (300, 200, 250 channels), strides 1 and 2, kernels 3, 5
        # and 7, odd sizes, two images, chunks of 1792 of 2000 channels,
        # dilation, views of x, y and the bias
        C(1, 300, 6, 6, 300, 3, 3, groups=300, stride=(2, 2), bias=True,
          act="clip", lo=-0.25, hi=0.5, **dw),
        C(1, 200, 4, 4, 200, 7, 7, groups=200, bias=True,
          pad=(3, 3, 3, 3)),
        C(2, 130, 7, 6, 130, 5, 5, groups=130, stride=(2, 2), bias=True,
          act="silu", **dw5),
        C(1, 2000, 3, 3, 2000, 3, 3, groups=2000, act="relu", **dw),
        C(1, 256, 5, 3, 256, 3, 3, groups=256, dil=(2, 2), bias=True,
          act="clip", lo=0.0, hi=0.5, **dw),
        C(1, 960, 3, 2, 960, 3, 3, groups=960, lx="nhwc", ly="nhwc",
          bias=True, lbias="strided", act="gelu", **dw),
        C(1, 250, 4, 4, 250, 7, 7, groups=250, lx="nhwc", bias=True,
          act="clip", lo=0.0, hi=0.5, pad=(3, 3, 3, 3)),  # a last quad of 4
        # the stream engine's small planes arriving as one run an item
        # (dw_engine_plan's stage), at stride 1 over two images and at
        # stride 2
        C(2, 100, 6, 7, 100, 3, 3, groups=100, bias=True, act="silu", **dw),
        C(1, 32, 8, 9, 32, 3, 3, groups=32, stride=(2, 2), act="clip",
          lo=0.0, hi=0.5, **dw),
        # tiny planes a pass a pair of pixels over all channels on the
        # engine (conv2d_depthwise_pairs.c; 960 2x2 and 672 4x4/2 above
        # go there too): each activation (SiLU's sigmoid block, GELU, a
        # clip from -0.25), 7x7 over 2x2 planes (4 of 49 taps valid),
        # output pixels with no valid tap (padding 3 on a 2-row plane),
        # two images, dilation, no bias
        C(1, 600, 3, 3, 600, 3, 3, groups=600, bias=True, act="silu", **dw),
        C(1, 500, 2, 2, 500, 7, 7, groups=500, bias=True, act="gelu",
          pad=(3, 3, 3, 3)),
        C(2, 400, 2, 3, 400, 3, 3, groups=400, bias=True, act="clip",
          lo=-0.25, hi=0.5, pad=(3, 2, 3, 2)),
        C(1, 448, 5, 5, 448, 3, 3, groups=448, stride=(2, 2), dil=(2, 2),
          pad=(2, 2, 2, 2), act="relu"),
        # the vector unit's general loop (four vectors at a time, the
        # last repeated): channel multiplier 2 at stride 2, stride 3,
        # stride (2, 1) and (1, 2), rows of 1, 2 and 3 vectors
        C(1, 6, 15, 19, 12, 3, 3, groups=6, stride=(2, 2), bias=True,
          act="clip", lo=0.0, hi=0.5, **dw),
        C(1, 10, 40, 40, 10, 5, 5, groups=10, stride=(3, 3), bias=True,
          act="silu", **dw5),
        C(2, 7, 23, 37, 7, 3, 3, groups=7, stride=(2, 1), act="gelu", **dw),
        C(1, 9, 11, 70, 9, 3, 3, groups=9, stride=(1, 2), bias=True,
          act="clip", lo=-0.25, hi=0.5, **dw),
    ]


def conv_pointwise():
    """1 x 1 convolutions of few input channels over many pixels, by bands
    of 16 output channels (conv2d_pointwise_bands.c): a mobile CNN's
    expansions at 32 x 32, 16 x 16, 8 x 8 and 4 x 4 with each activation,
    with and without a bias, two images, a number of blocks that is not a
    multiple of four, one block, odd channel counts, and more than 96
    input channels at one block."""
    return [
        C(1, 16, 32, 32, 96, 1, 1, bias=True, act="clip", lo=0.0, hi=6.0),
        C(1, 24, 16, 16, 144, 1, 1, bias=True, act="clip", lo=0.0, hi=6.0),
        C(1, 32, 8, 8, 192, 1, 1, bias=True, act="silu"),
        C(1, 64, 4, 4, 384, 1, 1, bias=True, act="clip", lo=0.0, hi=6.0),
        C(1, 96, 4, 4, 576, 1, 1, bias=True, act="relu"),
        C(2, 7, 4, 12, 32, 1, 1, act="gelu"),
        C(1, 5, 5, 16, 16, 1, 1, bias=True),
        C(1, 3, 8, 2, 48, 1, 1),
        C(3, 40, 6, 8, 80, 1, 1, bias=True, act="clip", lo=-0.25, hi=0.5),
        # more channels at one block of pixels (EfficientNet's 112 -> 672)
        C(1, 112, 4, 4, 672, 1, 1, bias=True),
        C(2, 150, 2, 8, 48, 1, 1, act="silu"),
        # projections at one block (w streamed by parts of bands): 6
        # bands, 3 (fewer than the channels), 3 images
        C(1, 576, 4, 4, 96, 1, 1, bias=True),
        C(1, 384, 4, 4, 48, 1, 1, act="relu"),
        C(3, 200, 4, 4, 80, 1, 1, bias=True, act="clip", lo=0.0, hi=6.0),
        # small kernels the same way, B from the padded image split by
        # phase (a mobile CNN's stem; stride 1; asymmetric padding)
        C(1, 3, 64, 64, 32, 3, 3, stride=(2, 2), pad=(1, 1, 1, 1), bias=True,
          act="clip", lo=0.0, hi=6.0),
        C(1, 3, 64, 64, 32, 3, 3, stride=(2, 2), pad=(1, 1, 1, 1), bias=True,
          act="silu"),
        C(1, 2, 18, 16, 48, 3, 3, pad=(1, 1, 1, 1), act="relu"),
        C(1, 4, 33, 32, 16, 2, 2, stride=(2, 2), pad=(0, 0, 1, 0), bias=True),
        C(2, 3, 32, 32, 32, 3, 3, stride=(2, 2), pad=(1, 1, 1, 1), bias=True,
          act="relu"),
    ]


SETS = {"shapes": conv_shapes, "options": conv_options, "views": conv_views,
        "big": conv_big, "depthwise": conv_depthwise_acts,
        "pointwise": conv_pointwise}


if __name__ == "__main__":
    sys.exit(main(__doc__, SETS, "conv"))
