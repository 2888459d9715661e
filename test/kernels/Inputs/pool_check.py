"""Runs the pooling kernels (accel_maxpool2d, accel_avgpool2d,
accel_global_avgpool, accel_global_maxpool) and accel_reduce on accel-sim
against float64 numpy references.

  pool_check.py --sim "accel-sim [options]" --driver pool_driver.elf
                --dir DIR --set NAME

For each case it makes x (a fixed seed per case, values uniform in
[-3, 3] rounded to f32 unless the case says otherwise: "inf" puts -inf and
+inf at fixed places, "nan" NaN, "allneg" large negative values) and
writes the case file pool_driver.c reads; check_runner.py runs the driver
on the simulator, reads y's buffer back and compares every element of the
view with the reference; elements of y's buffer outside the view hold a
sentinel and must come back bit for bit, and x's buffer holds NaN outside
its view, so a kernel reading padding or gaps shows it. One line per case,
then "N cases, F failures".

References. Pooling follows ONNX MaxPool/AveragePool: the output size
floor((H + pads - ((k - 1) d + 1)) / s) + 1 (ceil with ceil_mode, a last
window starting in the end padding dropped); max over the window's taps
inside x; average = sum of those taps / count, the count being the taps
inside x, or with count_include_pad the taps inside the padded input
[-pad_begin, H + pad_end) (the ceil-mode overhang past the padding never
counts). Max and min are maxNum/minNum (np.fmax, np.fmin: a NaN is
ignored unless all are NaN), as the kernels document; an empty max is
-inf, an empty min +inf, an empty sum 0 and an empty mean NaN.

Tolerances (u = 2^-24):
- max, min: exact (a selection), compared bit for bit up to the sign of
  zero and NaN's payload.
- sum of n terms in f32, in any order (the kernels use four or more
  partial sums and a tree across the lanes): each addition rounds once,
  relative u of a partial sum bounded by the sum of magnitudes, so
  |y - ref| <= n u sum|x|; the bound taken is 2 (n + 2) u sum|x|
  (factor 2 of margin) + 2^-140.
- mean and average pooling: the sum's bound, plus the scaling by the
  f32 reciprocal of the count (two roundings: 1/n and the product), 4 u
  |ref|, all times the 1/n of the mean: 2 (n + 2) u sum|x| / n +
  4 u |ref| + 2^-140.
Infinite inputs make sums and means infinite or NaN; those compare
exactly (the same infinity, or NaN where the reference is NaN).
"""
import os
import struct
import sys
import zlib

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_runner import SENTINEL, U, Output, Tensor, main  # noqa: E402
OPS = {"maxpool": 0, "avgpool": 1, "global_avg": 2, "global_max": 3,
       "sum": 4, "mean": 5, "max": 6, "min": 7}


def pool_size(n, k, s, d, b, e, ceil_mode):
    ext = (k - 1) * d + 1
    span = n + b + e - ext
    o = (-(-span // s) if ceil_mode else span // s) + 1
    if ceil_mode and (o - 1) * s >= n + b:
        o -= 1
    return o


class Case:
    """op: a key of OPS. Pooling: dims [N, C, H, W], k=(kh, kw), s, pads
    (top, left, bottom, right), d, ceil, incl. Reduce: axes (None: every
    axis), keep."""

    def __init__(self, op, dims, k=(1, 1), s=(1, 1), pads=(0, 0, 0, 0),
                 d=(1, 1), ceil=0, incl=0, axes=None, keep=1, lx="contig",
                 ly="contig", special=None, null_options=False, y2d=False):
        self.op, self.dims, self.k, self.s, self.pads = op, dims, k, s, pads
        self.d, self.ceil, self.incl = d, ceil, incl
        self.axes, self.keep = axes, keep
        self.lx, self.ly, self.special = lx, ly, special
        self.null_options, self.y2d = null_options, y2d

    def name(self):
        s = "%s %s" % (self.op, "x".join(map(str, self.dims)))
        if self.op in ("maxpool", "avgpool"):
            s += " k%dx%d s%dx%d" % (self.k + self.s)
            if any(self.pads):
                s += " p%d,%d,%d,%d" % self.pads
            if self.d != (1, 1):
                s += " d%dx%d" % self.d
            if self.ceil:
                s += " ceil"
            if self.incl:
                s += " incl"
            if self.null_options:
                s += " options=NULL"
        elif self.op in OPS and OPS[self.op] >= 4:
            s += " axes=%s" % ("all" if self.axes is None else
                               ",".join(map(str, self.axes)))
            if not self.keep:
                s += " nokeep"
        if self.y2d:
            s += " y:NxC"
        if self.lx != "contig" or self.ly != "contig":
            s += " x:%s y:%s" % (self.lx, self.ly)
        if self.special:
            s += " " + self.special
        return s

    def reduced(self):
        rank = len(self.dims)
        if self.op in ("global_avg", "global_max"):
            return [2, 3]
        if self.axes is None:
            return list(range(rank))
        return sorted(a % rank for a in self.axes)

    def out_dims(self):
        if self.op in ("maxpool", "avgpool"):
            n, c, h, w = self.dims
            t, l, b, r = self.pads
            return [n, c,
                    pool_size(h, self.k[0], self.s[0], self.d[0], t, b,
                              self.ceil),
                    pool_size(w, self.k[1], self.s[1], self.d[1], l, r,
                              self.ceil)]
        red = self.reduced()
        if self.op in ("global_avg", "global_max"):
            return self.dims[:2] if self.y2d else self.dims[:2] + [1, 1]
        if self.keep:
            return [1 if i in red else n for i, n in enumerate(self.dims)]
        return [n for i, n in enumerate(self.dims) if i not in red]

    def make(self, path):
        rng = np.random.default_rng(zlib.crc32(self.name().encode()))
        x = rng.uniform(-3, 3, self.dims).astype(np.float32)
        if self.special == "inf" and x.size:
            x.flat[::11] = -np.inf
            x.flat[5::37] = np.inf
        elif self.special == "nan" and x.size:
            x.flat[::13] = np.nan
        elif self.special == "allneg":
            x = (x - np.float32(1e30)).astype(np.float32)
        elif self.special == "ones":
            x[...] = 1
        self.x = Tensor(x, self.lx)
        self.y = Tensor(np.full(self.out_dims(), SENTINEL, np.float32),
                        self.ly, fill=SENTINEL)
        o = [self.k[0], self.k[1], self.s[0], self.s[1], self.pads[0],
             self.pads[1], self.pads[2], self.pads[3], self.d[0], self.d[1],
             self.ceil, self.incl]
        axes = [] if self.axes is None else list(self.axes)
        with open(path, "wb") as f:
            f.write(b"POOLCAS1")
            f.write(struct.pack("<2q", OPS[self.op], int(self.null_options)))
            f.write(struct.pack("<12q", *o))
            f.write(struct.pack("<7q", len(axes), *(axes + [0] * (6 - len(axes)))))
            f.write(self.x.record(flagged=False) +
                    self.y.record(flagged=False))
            f.write(self.x.buffer.tobytes())
            f.write(self.y.buffer.tobytes())
        return Output(self.y.buffer, self.y.index, *self.reference())

    def reference(self):
        """(float64 result, per-element bound; bound 0 asks for exactness)."""
        x = self.x.values.astype(np.float64)
        if self.op in ("maxpool", "avgpool"):
            return self.pool_reference(x)
        red = tuple(self.reduced())
        kind = {"global_avg": "mean", "global_max": "max"}.get(self.op,
                                                               self.op)
        n = int(np.prod([self.dims[a] for a in red])) if red else 1
        with np.errstate(all="ignore"):
            if kind in ("max", "min"):
                f = np.fmax if kind == "max" else np.fmin
                init = -np.inf if kind == "max" else np.inf
                ref = f.reduce(x, axis=red, keepdims=True, initial=init) \
                    if red else x.copy()
                bound = np.zeros_like(ref)
            else:
                ref = x.sum(axis=red, keepdims=True)
                mag = np.abs(x).sum(axis=red, keepdims=True)
                bound = 2 * (n + 2) * U * mag + 2.0 ** -140
                if kind == "mean":
                    ref = ref / n if n else np.full_like(ref, np.nan)
                    bound = bound / max(n, 1) + 4 * U * np.abs(ref)
        return ref.reshape(self.out_dims()), bound.reshape(self.out_dims())

    def pool_reference(self, x):
        n, c, h, w = self.dims
        kh, kw = self.k
        sh, sw = self.s
        dh, dw = self.d
        t, l, b, r = self.pads
        oh, ow = self.out_dims()[2:]
        avg = self.op == "avgpool"
        ref = np.zeros((n, c, oh, ow))
        bound = np.zeros((n, c, oh, ow))
        for i in range(oh):
            rows = [i * sh - t + a * dh for a in range(kh)]
            rin = [q for q in rows if 0 <= q < h]
            rpad = [q for q in rows if -t <= q < h + b]
            for j in range(ow):
                cols = [j * sw - l + a * dw for a in range(kw)]
                cin = [q for q in cols if 0 <= q < w]
                cpad = [q for q in cols if -l <= q < w + r]
                win = x[:, :, rin][:, :, :, cin].reshape(n, c, len(rin) * len(cin))
                with np.errstate(all="ignore"):
                    if not avg:
                        ref[:, :, i, j] = np.fmax.reduce(
                            win, axis=2, initial=-np.inf)
                        continue
                    cnt = (len(rpad) * len(cpad) if self.incl
                           else len(rin) * len(cin))
                    m = win.shape[2]
                    ref[:, :, i, j] = win.sum(axis=2) / cnt
                    bound[:, :, i, j] = (2 * (m + 2) * U *
                                         np.abs(win).sum(axis=2) / cnt +
                                         4 * U * np.abs(ref[:, :, i, j]) +
                                         2.0 ** -140)
        return ref, bound


def pool_shapes():
    P, M, A = "pad", "maxpool", "avgpool"
    cs = []
    for op in (M, A):
        # the benchmark's window on sizes 1, 15, 16, 17 and primes
        for h, w in ((1, 1), (15, 15), (16, 16), (17, 17), (13, 29),
                     (2, 31)):
            cs.append(Case(op, [1, 16, h, w], k=(3, 3), s=(2, 2),
                           pads=(1, 1, 1, 1)))
        cs += [
            Case(op, [2, 3, 17, 19], k=(3, 3), s=(1, 1), pads=(1, 1, 1, 1)),
            Case(op, [1, 17, 16, 33], k=(2, 2), s=(2, 2)),
            Case(op, [1, 1, 15, 15], k=(2, 2), s=(2, 2), ceil=1),
            Case(op, [3, 5, 11, 13], k=(3, 2), s=(2, 3), pads=(2, 0, 1, 1)),
            Case(op, [1, 7, 9, 10], k=(1, 4), s=(3, 1), pads=(0, 3, 0, 2)),
            Case(op, [2, 9, 23, 21], k=(3, 3), s=(2, 2), d=(2, 3),
                 pads=(2, 1, 0, 3)),
            Case(op, [1, 16, 12, 12], k=(5, 5), s=(3, 3), pads=(2, 2, 2, 2),
                 ceil=1),
            Case(op, [2, 32, 10, 11], k=(3, 3), s=(2, 2), ceil=1,
                 pads=(0, 0, 1, 1)),
            # a window of the whole plane: the global path
            Case(op, [2, 40, 7, 7], k=(7, 7), s=(2, 3), lx="nhwc"),
            Case(op, [1, 512, 7, 7], k=(7, 7)),
            Case(op, [1, 4, 5, 5], k=(5, 5), s=(1, 1)),
            Case(op, [1, 4, 6, 7], k=(2, 3), s=(4, 4), ceil=1),
            Case(op, [1, 20, 14, 14], k=(7, 7), s=(1, 1), pads=(3, 3, 3, 3)),
            Case(op, [2, 24, 9, 9], k=(3, 3), s=(2, 2), pads=(1, 1, 1, 1),
                 lx=P, ly=P),
            Case(op, [2, 24, 9, 9], k=(3, 3), s=(2, 2), pads=(1, 1, 1, 1),
                 lx="nhwc", ly="rev"),
            Case(op, [1, 18, 8, 8], k=(2, 2), s=(2, 2), lx="inner",
                 ly="nhwc"),
            Case(op, [0, 3, 4, 4], k=(2, 2), s=(1, 1)),
            Case(op, [1, 0, 4, 4], k=(2, 2), s=(1, 1)),
            # a window with no tap inside x (dilation), and more output
            # columns than x has (the column pass then per column)
            Case(op, [1, 3, 1, 1], k=(2, 2), d=(3, 3), pads=(2, 2, 1, 1)),
            Case(op, [1, 5, 6, 8], k=(3, 3), pads=(2, 2, 2, 2)),
        ]
    # 2 x 2 at stride 2 of small tensors: max on pooling_small.c (LeNet's
    # two, fewer planes than the four quarters, an odd width), average
    # on the tiles
    for op in (M, A):
        cs += [Case(op, [4, 6, 28, 28], k=(2, 2), s=(2, 2)),
               Case(op, [4, 16, 10, 10], k=(2, 2), s=(2, 2)),
               Case(op, [1, 3, 4, 4], k=(2, 2), s=(2, 2)),
               Case(op, [2, 5, 6, 9], k=(2, 2), s=(2, 2))]
    # the divisor: with and without the padding, and the ceil overhang
    for incl in (0, 1):
        cs += [Case(A, [1, 16, 7, 7], k=(3, 3), s=(2, 2), pads=(1, 1, 1, 1),
                    incl=incl),
               Case(A, [1, 5, 8, 9], k=(3, 3), s=(2, 2), pads=(1, 0, 1, 1),
                    ceil=1, incl=incl),
               Case(A, [2, 3, 10, 10], k=(4, 3), s=(3, 2), pads=(2, 1, 1, 2),
                    d=(1, 2), ceil=1, incl=incl)]
    for op in ("global_avg", "global_max"):
        for dims in ([1, 1, 1, 1], [1, 15, 7, 7], [2, 16, 1, 1],
                     [1, 17, 13, 11], [3, 33, 5, 3], [1, 2048, 7, 7]):
            cs.append(Case(op, dims))
        cs.append(Case(op, [2, 19, 6, 5], lx="nhwc", ly="pad", y2d=True))
        cs.append(Case(op, [2, 19, 6, 5], lx="pad", ly="rev"))
        # planes that follow each other in x, y's not (a run per image,
        # results a float each), and tiles of a few large planes
        cs.append(Case(op, [2, 19, 6, 5], ly="rev"))
        cs.append(Case(op, [1, 33, 50, 60]))
        cs.append(Case(op, [0, 3, 4, 4]))
        cs.append(Case(op, [2, 3, 0, 4]))
    return cs


def pool_special():
    cs = []
    for sp in ("inf", "nan", "allneg"):
        cs.append(Case("maxpool", [1, 16, 15, 17], k=(3, 3), s=(2, 2),
                       pads=(1, 1, 1, 1), special=sp))
        cs.append(Case("avgpool", [1, 16, 15, 17], k=(3, 3), s=(2, 2),
                       pads=(1, 1, 1, 1), special=sp))
        # an even width: the column pass over the whole tile
        cs.append(Case("maxpool", [1, 16, 15, 16], k=(3, 3), s=(2, 2),
                       pads=(1, 1, 1, 1), special=sp))
        cs.append(Case("avgpool", [1, 16, 15, 16], k=(3, 3), s=(2, 2),
                       pads=(1, 1, 1, 1), special=sp))
        # 2 x 2 at stride 2, small: pooling_small.c
        cs.append(Case("maxpool", [2, 6, 8, 10], k=(2, 2), s=(2, 2),
                       special=sp))
        cs.append(Case("global_max", [1, 16, 9, 9], special=sp))
        cs.append(Case("global_avg", [1, 16, 9, 9], special=sp))
    return cs


def pool_big():
    # larger than the scratchpad: bands of rows, several tiles
    return [Case("maxpool", [1, 64, 112, 112], k=(3, 3), s=(2, 2),
                 pads=(1, 1, 1, 1)),
            Case("avgpool", [1, 48, 96, 96], k=(3, 3), s=(2, 2),
                 pads=(1, 1, 1, 1), incl=1),
            Case("avgpool", [2, 19, 100, 130], k=(3, 3), s=(1, 1),
                 pads=(1, 1, 1, 1), incl=1),
            Case("maxpool", [1, 3, 600, 500], k=(2, 2), s=(2, 2),
                 lx="pad"),
            # averages over bands of rows: each band's divisors
            Case("avgpool", [1, 3, 300, 250], k=(3, 3), s=(2, 2),
                 pads=(1, 1, 1, 1)),
            Case("avgpool", [1, 2, 257, 301], k=(3, 3), s=(2, 2),
                 pads=(1, 1, 1, 1), ceil=1),
            Case("avgpool", [1, 2, 1000, 60], k=(3, 3), s=(2, 2),
                 pads=(1, 1, 1, 1)),
            Case("global_avg", [1, 48, 100, 130])]


def reduce_shapes():
    cs = []
    for op in ("sum", "mean", "max", "min"):
        for dims, axes in (([1], [0]), ([15], [0]), ([16], None),
                           ([17], [-1]), ([31, 7], [1]), ([31, 7], [0]),
                           ([16, 16], [0, 1]), ([5, 17, 3], [1]),
                           ([5, 17, 3], [0, 2]), ([2, 3, 5, 7], [1, 3]),
                           ([2, 3, 5, 7], [0, 2, 3]),
                           ([2, 1, 3, 1, 2, 5], [1, 2, 5]),
                           ([40, 300], [1]), ([300, 40], [0]), ([], None)):
            cs.append(Case(op, dims, axes=axes))
        cs.append(Case(op, [3, 4, 5], axes=[2, 0], keep=0))
        cs.append(Case(op, [3, 4, 5], axes=None, keep=0))
        cs.append(Case(op, [6, 33, 5], axes=[1], lx="pad", ly="rev"))
        cs.append(Case(op, [6, 33, 5], axes=[0, 2], lx="rev", ly="pad",
                       keep=0))
        cs.append(Case(op, [7, 20, 3], axes=[1], lx="inner", ly="inner"))
        cs.append(Case(op, [4, 0, 3], axes=[1]))
        cs.append(Case(op, [4, 0, 3], axes=[0]))
        cs.append(Case(op, [2, 3, 5, 4], axes=[1, 2], lx="nhwc"))
    return cs


def reduce_special():
    cs = []
    for op in ("sum", "mean", "max", "min"):
        for sp in ("inf", "nan"):
            cs.append(Case(op, [9, 100], axes=[1], special=sp))
            cs.append(Case(op, [100, 40], axes=[0], special=sp))
    cs.append(Case("max", [5, 70], axes=[1], special="allneg"))
    cs.append(Case("sum", [1000, 33], axes=[0], special="ones"))
    return cs


def reduce_big():
    # x of 4 MB and more: many tiles, chunks of outputs and of lines
    return [Case("sum", [1024, 1024], axes=[0]),
            Case("mean", [1024, 1024], axes=[1]),
            Case("max", [64, 3, 100, 100], axes=[0, 2, 3]),
            Case("min", [3, 1300000], axes=None),
            Case("sum", [2, 600000], axes=[0], ly="pad")]


SETS = {"pool-shapes": pool_shapes, "pool-special": pool_special,
        "pool-big": pool_big, "reduce-shapes": reduce_shapes,
        "reduce-special": reduce_special, "reduce-big": reduce_big}


if __name__ == "__main__":
    sys.exit(main(__doc__, SETS, "pool"))
