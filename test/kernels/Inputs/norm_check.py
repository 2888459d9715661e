"""Runs the normalization kernels (accel_softmax, accel_layernorm,
accel_rmsnorm, accel_batchnorm) on accel-sim against float64 numpy
references.

  norm_check.py --sim "accel-sim [options]" --driver norm_driver.elf
                --dir DIR [--set all|shapes|special|big]

For each case it makes the tensors (a fixed seed per case, values uniform
in [-3, 3] rounded to f32 unless the case says otherwise) and writes the
case file norm_driver.c reads; check_runner.py runs the driver on the
simulator, reads y's buffer back and compares every element of the view
with the reference; elements of y's buffer outside the view hold a
sentinel and must come back bit for bit. One line per case, then "N cases,
F failures".

Tolerances (u = 2^-24; every bound has a factor 2 or more of margin):

softmax: y = e^(x - m) / S with m the line's maximum. x - m rounds once
(relative u, so e^(x-m) moves by u |x - m| relative), vexp errs by 2^-20
relative (docs/isa.md 7.8), S sums n positive terms with one rounding each
(relative n u, any order) plus their exp errors (2^-20), 1/S and the
product round once each:
  |y - ref| <= 2 (2 * 2^-20 + (n + 4) u + u |x - m|) ref + 2^-140.
log-softmax: y = x - (m + log S): log S errs by the relative error of S
(2^-20 + n u) plus logf's half ulp of log S; the two subtractions round:
  |y - ref| <= 2 (2^-20 + (n + 2) u + 2 u (|x - m| + |log S|) + u |y|).
layer norm: the mean of n values in f32 errs by at most (n + 4) u mean|x|;
the variance, a sum of n squares of (x - mean), by (n + 4) u var plus the
mean's error times 2 mean|x - mean|, so r = 1/sqrt(var + eps) by half
that relative error plus 2 u; y = (x - mean) r scale + shift adds three
roundings. Bounded together, with d = |x - mean| + mean|x|:
  |y - ref| <= 8 (n + 16) u (d r |scale| + |shift|) + 2^-140.
RMS norm: the mean square errs by (n + 4) u relative, r by half of that
plus 2 u, and the product rounds twice:
  |y - ref| <= 8 (n + 16) u |y| + 2^-140.
With a residual, both norms normalize s = x + residual, the sum rounded
once to f32 (u |s|): the bounds above with s for x, plus that rounding
carried through, 2 u |s| r |scale| (r = 1 / sqrt(var + eps), or
1 / sqrt(mean(s^2) + eps)).
batch norm: y = x a + b, a = scale / sqrt(var + eps), b = shift - mean a,
each rounding at most twice:
  |y - ref| <= 8 u (|x a| + |mean a| + |shift|) + 2^-140.
"""
import os
import struct
import sys
import zlib

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_runner import (SENTINEL, U, Output, Tensor,  # noqa: E402
                          absent_record, main)

EXP_ERROR = 2.0 ** -20
OPS = {"softmax": 0, "log_softmax": 1, "layernorm": 2, "rmsnorm": 3,
       "batchnorm": 4}


def tensor(values, kind="contig"):
    """A Tensor with the sentinel around it, inputs too."""
    return Tensor(values, kind, SENTINEL)


class Case:
    def __init__(self, op, dims, axis=-1, eps=1e-5, scale=False, shift=False,
                 lx="contig", ly="contig", in_place=False, special=None,
                 null_options=False, residual=None):
        self.op, self.dims, self.axis, self.eps = op, dims, axis, eps
        self.scale, self.shift = scale, shift
        self.residual = residual  # None, or the residual's layout
        self.lx, self.ly, self.in_place = lx, ly, in_place
        self.special, self.null_options = special, null_options

    def name(self):
        s = "%s %s axis=%d" % (self.op, "x".join(map(str, self.dims)),
                               self.axis)
        for flag in ("scale", "shift", "in_place", "null_options"):
            if getattr(self, flag):
                s += " " + flag
        if self.lx != "contig" or self.ly != "contig":
            s += " x:%s y:%s" % (self.lx, self.ly)
        if self.residual:
            s += " residual:%s" % self.residual
        if self.special:
            s += " " + self.special
        return s

    def make(self, path):
        rng = np.random.default_rng(zlib.crc32(self.name().encode()))
        x = rng.uniform(-3, 3, self.dims).astype(np.float32)
        if self.special == "large":
            x *= np.float32(1e4)
        elif self.special == "inf":
            x.flat[::7] = -np.inf
        elif self.special == "offset":
            x += np.float32(1000)
        self.x = tensor(x, self.lx)
        self.y = None if self.in_place else tensor(
            np.full(self.dims, SENTINEL, np.float32), self.ly)
        if self.y is not None:
            self.y.buffer[:] = SENTINEL
        params = []
        if self.op == "batchnorm":
            c = self.dims[1]
            self.mean = rng.uniform(-1, 1, c).astype(np.float32)
            self.var = rng.uniform(0.1, 2, c).astype(np.float32)
            params = [tensor(self.mean), tensor(self.var)]
        pshape = self.norm_shape()
        self.g = rng.uniform(0.5, 2, pshape).astype(np.float32) \
            if self.scale else None
        self.h = rng.uniform(-1, 1, pshape).astype(np.float32) \
            if self.shift else None
        params += [tensor(p) if p is not None else None
                   for p in (self.g, self.h)]
        self.r = None
        if self.residual:
            self.r = tensor(rng.uniform(-3, 3, self.dims).astype(np.float32),
                            self.residual)
            params.append(self.r)
        records = [t.record() if t is not None else absent_record()
                   for t in [self.x, self.y] + params]
        records += [absent_record()] * (6 - len(records))
        with open(path, "wb") as f:
            f.write(b"NORMCAS1")
            f.write(struct.pack("<4q", OPS[self.op], self.axis,
                                int(self.in_place), int(self.null_options)))
            f.write(struct.pack("<f", self.eps))
            f.write(b"".join(records))
            for t in [self.x, self.y] + params:
                if t is not None:
                    f.write(t.buffer.tobytes())
        view = self.x if self.in_place else self.y
        return Output(view.buffer, view.index, *self.reference())

    def axes(self):
        rank = len(self.dims)
        axis = self.axis % rank
        if self.op in ("softmax", "log_softmax"):
            return (axis,)
        if self.op == "batchnorm":
            return None
        return tuple(range(axis, rank))

    def norm_shape(self):
        if self.op == "batchnorm":
            return (self.dims[1],)
        axes = self.axes()
        return tuple(self.dims[a] for a in axes) if axes else ()

    def reference(self):
        """(float64 result, per-element bound)."""
        x = self.x.values.astype(np.float64)
        eps = float(np.float32(self.eps))
        with np.errstate(all="ignore"):
            if self.op == "batchnorm":
                shape = [1, -1] + [1] * (x.ndim - 2)
                m = self.mean.astype(np.float64).reshape(shape)
                v = self.var.astype(np.float64).reshape(shape)
                g = self.g.astype(np.float64).reshape(shape) \
                    if self.g is not None else 1.0
                h = self.h.astype(np.float64).reshape(shape) \
                    if self.h is not None else 0.0
                a = g / np.sqrt(v + eps)
                ref = (x - m) * a + h
                return ref, 8 * U * (np.abs(x * a) + np.abs(m * a) +
                                     np.abs(h)) + 2.0 ** -140
            axes = self.axes()
            n = int(np.prod([self.dims[a] for a in axes]))
            rounding = 0.0  # the sum's rounding, relative to |s|
            if self.r is not None:
                x = (self.x.values.astype(np.float32) +
                     self.r.values.astype(np.float32)).astype(np.float64)
                rounding = 2 * U * np.abs(x)
            g = self.g.astype(np.float64) if self.g is not None else 1.0
            h = self.h.astype(np.float64) if self.h is not None else 0.0
            if self.op in ("softmax", "log_softmax"):
                m = x.max(axis=axes, keepdims=True)
                e = np.exp(x - m)
                s = e.sum(axis=axes, keepdims=True)
                if self.op == "softmax":
                    ref = e / s
                    bound = 2 * (2 * EXP_ERROR + (n + 4) * U +
                                 U * np.abs(x - m)) * ref + 2.0 ** -140
                else:
                    ref = x - m - np.log(s)
                    bound = 2 * (EXP_ERROR + (n + 2) * U + 2 * U *
                                 (np.abs(x - m) + np.abs(np.log(s))) +
                                 U * np.abs(ref))
                return ref, bound
            if self.op == "layernorm":
                mean = x.mean(axis=axes, keepdims=True)
                var = ((x - mean) ** 2).mean(axis=axes, keepdims=True)
                r = 1 / np.sqrt(var + eps)
                ref = (x - mean) * r * g + h
                d = np.abs(x - mean) + np.abs(x).mean(axis=axes, keepdims=True)
                return ref, 8 * (n + 16) * U * (d * r * np.abs(g) +
                                               np.abs(h)) + \
                    rounding * r * np.abs(g) + 2.0 ** -140
            ms = (x ** 2).mean(axis=axes, keepdims=True)
            r = 1 / np.sqrt(ms + eps)
            ref = x * r * g
            return ref, 8 * (n + 16) * U * np.abs(ref) + \
                rounding * r * np.abs(g) + 2.0 ** -140


def cases_shapes():
    cs = []
    for op in ("softmax", "log_softmax"):
        for dims, axis in (([1], 0), ([15], 0), ([16], -1), ([17], 0),
                           ([3, 31], -1), ([37, 16], 1), ([5, 17], 0),
                           ([2, 3, 5, 7], 1), ([2, 3, 5, 7], 3),
                           ([4, 1000], -1), ([2, 1, 3, 1, 2, 5], 5)):
            cs.append(Case(op, dims, axis))
        cs.append(Case(op, [6, 33], -1, lx="pad", ly="rev"))
        cs.append(Case(op, [6, 33], 0, lx="rev", ly="pad"))
        cs.append(Case(op, [9, 40], -1, in_place=True))
    for op in ("layernorm", "rmsnorm"):
        for dims, axis in (([1], 0), ([17], 0), ([3, 31], -1),
                           ([2, 3, 5, 7], 2), ([2, 3, 5, 7], 1),
                           ([8, 768], -1)):
            cs.append(Case(op, dims, axis))
        cs.append(Case(op, [5, 48], -1, scale=True))
        cs.append(Case(op, [6, 33], -1, lx="pad", ly="pad", scale=True))
        cs.append(Case(op, [4, 20], -1, null_options=True))
        cs.append(Case(op, [9, 40], -1, in_place=True, scale=True))
    cs.append(Case("layernorm", [7, 3, 19], 1, scale=True, shift=True))
    cs.append(Case("layernorm", [4, 50], -1, eps=0.5, shift=True))
    # 32 lines or more of at most 256 elements: 16 at a time across the
    # lanes, the rest line by line.
    cs.append(Case("softmax", [8, 16, 16], -1))
    cs.append(Case("log_softmax", [33, 256], -1))
    cs.append(Case("layernorm", [2, 16, 64], 2, scale=True, shift=True))
    cs.append(Case("layernorm", [40, 5], -1, lx="pad", ly="rev"))
    cs.append(Case("rmsnorm", [48, 17], -1, scale=True))
    # One row, a scale and no shift (the engine's product, not its affine
    # map): a decoding step's RMS norm, and an odd tiny layer norm.
    cs.append(Case("rmsnorm", [1, 1, 384], -1, scale=True))
    cs.append(Case("layernorm", [1, 5], -1, scale=True))
    # One block by norm_small.c: whole vectors of lines, a shift alone,
    # in place, and past its 8192 floats.
    cs.append(Case("layernorm", [3, 32], -1, shift=True))
    cs.append(Case("rmsnorm", [4, 64], -1, in_place=True, scale=True))
    cs.append(Case("layernorm", [65, 128], -1, scale=True, shift=True))
    # A residual added before the norm: dense, strided, with y in its
    # place, and lines not evenly spaced (a transposed view).
    cs.append(Case("layernorm", [2, 16, 64], 2, scale=True, shift=True,
                   residual="contig"))
    cs.append(Case("layernorm", [7, 3, 19], 2, scale=True, residual="pad"))
    cs.append(Case("layernorm", [6, 33], -1, lx="pad", residual="rev"))
    cs.append(Case("rmsnorm", [9, 40], -1, scale=True, residual="contig"))
    # a second batch of one line (the first is 192 lines of 64), which
    # moves on one channel of the four
    cs.append(Case("layernorm", [193, 64], -1, scale=True,
                   residual="contig"))
    for dims in ([5, 7], [2, 3, 17], [2, 16, 5, 5], [1, 3, 2, 2, 3]):
        cs.append(Case("batchnorm", dims, scale=True, shift=True))
    cs.append(Case("batchnorm", [3, 4, 9], lx="pad", ly="rev"))
    cs.append(Case("batchnorm", [2, 5, 6, 6], scale=True, in_place=True))
    return cs


def cases_special():
    return [Case("softmax", [4, 100], -1, special="large"),
            Case("softmax", [4, 100], -1, special="inf"),
            Case("log_softmax", [4, 100], -1, special="large"),
            Case("layernorm", [4, 100], -1, special="offset", scale=True),
            Case("rmsnorm", [4, 100], -1, special="large"),
            Case("softmax", [40, 100], -1, special="inf"),
            Case("log_softmax", [40, 100], -1, special="large"),
            Case("layernorm", [40, 100], -1, special="offset", scale=True)]


def cases_big():
    # x of 4 MB: several batches of lines through the scratchpad
    return [Case("softmax", [512, 2048], -1),
            Case("layernorm", [1024, 1000], -1, scale=True, shift=True),
            Case("layernorm", [512, 1000], -1, scale=True, shift=True,
                 residual="pad"),
            Case("batchnorm", [2, 64, 90, 90], scale=True, shift=True)]


SETS = {"shapes": cases_shapes, "special": cases_special, "big": cases_big}


if __name__ == "__main__":
    sys.exit(main(__doc__, SETS, "norm"))
