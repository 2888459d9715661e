#!/usr/bin/python3
"""accel_rope (libaccelkernels.a) on accel-sim against numpy in float64.

  rope_check.py --sim "accel-sim [options]" --driver rope_driver.elf
                --dir DIR [--set all|shapes|big|errors] [--only TEXT]

Cases: Llama's q and k as the projection's transposed views ([B, S, H, D]
read as [B, H, S, D]), cos and sin [1, 1, S, D], [B, 1, S, D], [S, D] and
half tables [.., S, D/2]; head dims 2 to 256, halves not a multiple of
the 16 lanes (D = 6, 80); one position for every head (S = 1, decoding);
x laid out [B, S, H, D] with tables [B, S, 1, D]; a strided last
dimension; padded and in-place y; 4 MB tensors of many batches; tables
past the scratchpad's 65 536 floats, taken in parts along S, B or both;
and the refusals (odd D, a table's last dimension, a dimension that does
not broadcast, tables of different dims): each prints its line and leaves
y untouched.

cos and sin are independent uniform values in [-1, 1] (not a real
rotation's), so that swapping them, or the halves, shows. The reference:
x1 = x[..., :h], x2 = x[..., h:],
  y = [x1 c1 - x2 s1, x2 c2 + x1 s2]
in float64 (c1 = c2 for a half table). The kernel rounds each product and
then their difference or sum once (u = 2^-24 each), so
  |y - ref| <= u (|x1 c1| + |x2 s1|) + u |ref| <= 2 u (|x1 c1| + |x2 s1|)
(likewise for the second half) plus 1e-30 for exact zeros; a dropped or
swapped term is an error of the order of the terms themselves."""

import os
import struct
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_runner import (SENTINEL, U, Output, Refusal,  # noqa: E402
                          absent_record, index_of, record,
                          main as run_checker)


def dense_strides(dims):
    s, out = 1, [0] * len(dims)
    for d in reversed(range(len(dims))):
        out[d], s = s, s * dims[d]
    return out


class View:
    """values (f32) in a buffer of their own at `strides` (elements;
    dense row-major if None) after a guard of `guard`, fill around."""

    def __init__(self, values, strides=None, guard=0, fill=np.nan, tail=0):
        self.values = np.asarray(values, dtype=np.float32)
        dims = self.values.shape
        self.strides = list(strides) if strides else dense_strides(dims)
        self.offset = guard
        last = sum((n - 1) * s for n, s in zip(dims, self.strides)) \
            if self.values.size else -1
        self.length = guard + last + 1 + tail
        self.buffer = np.full(self.length, fill, dtype=np.float32)
        self.index = index_of(dims, self.strides, self.offset)
        if self.values.size:
            self.buffer[self.index] = self.values

    def record(self):
        return record(self.values.shape, self.strides, self.offset,
                      self.length)


def heads_view(values):
    """[B, H, S, D] values as the projection's output [B, S, H, D]
    transposed: the strides of accel.transpose's view."""
    b, h, s, d = values.shape
    return View(values, [s * h * d, d, h * d, 1])


def reference(x, c, s):
    x, c, s = (np.asarray(a, np.float64) for a in (x, c, s))
    d = x.shape[-1]
    h = d // 2
    if c.shape[-1] == h:
        c = np.concatenate([c, c], -1)
        s = np.concatenate([s, s], -1)
    x1, x2 = x[..., :h], x[..., h:]
    t1 = np.concatenate([x1 * c[..., :h], x2 * c[..., h:]], -1)
    t2 = np.concatenate([-x2 * s[..., :h], x1 * s[..., h:]], -1)
    return t1 + t2, 2 * U * (np.abs(t1) + np.abs(t2)) + 1e-30


class RopeCase:
    def __init__(self, name, x, c, s, y="contig", in_place=False,
                 status=0):
        self.label, self.x, self.c, self.s = name, x, c, s
        self.y, self.in_place, self.status = y, in_place, status

    def name(self):
        return "rope %s x%s cos%s%s" % (
            self.label, "x".join(map(str, self.x.values.shape)),
            "x".join(map(str, self.c.values.shape)),
            " in_place" if self.in_place else "")

    def make(self, path, with_reference=True):
        dims = self.x.values.shape
        if self.in_place:
            yv = self.x
        elif self.y == "pad":
            st, n = [], 1
            for d in reversed(dims):
                st.insert(0, n)
                n = n * d + (3 if not st[1:] else 0)
            yv = View(np.zeros(dims), st, guard=5, fill=SENTINEL, tail=5)
        elif isinstance(self.y, View):
            yv = self.y
        else:
            yv = View(np.zeros(dims), fill=SENTINEL)
        recs = [self.x.record(), self.c.record(), self.s.record(),
                absent_record() if self.in_place else yv.record()]
        bufs = [self.x.buffer, self.c.buffer, self.s.buffer] + \
            ([] if self.in_place else [yv.buffer])
        with open(path, "wb") as f:
            f.write(b"ROPECAS1" + struct.pack("<q", int(self.in_place)))
            f.write(b"".join(recs))
            for b in bufs:
                f.write(b.astype("<f4").tobytes())
        if not with_reference:
            return None
        ref, bound = reference(self.x.values, self.c.values, self.s.values)
        return Output(yv.buffer.copy(), yv.index, ref, bound)


def rnd(rng, *dims):
    return rng.uniform(-1, 1, dims).astype(np.float32)


def llama(rng, name, b, h, s, d, half=False, tables="b1", **kw):
    dt = d // 2 if half else d
    tdims = {"b1": (1, 1, s, dt), "bb": (b, 1, s, dt), "2d": (s, dt)}[tables]
    return RopeCase(name, heads_view(rnd(rng, b, h, s, d)),
                  View(rnd(rng, *tdims)), View(rnd(rng, *tdims)), **kw)


def shapes():
    rng = np.random.default_rng(40)
    yield llama(rng, "q", 1, 4, 32, 32)
    yield llama(rng, "k", 1, 2, 32, 32)
    yield llama(rng, "q half", 1, 4, 32, 32, half=True)
    yield llama(rng, "q 2-D tables", 1, 4, 32, 32, tables="2d")
    yield llama(rng, "batch tables", 3, 2, 7, 64, tables="bb")
    yield llama(rng, "batch half", 2, 3, 5, 128, half=True, tables="bb")
    yield llama(rng, "d80", 1, 3, 9, 80)
    yield llama(rng, "d6", 2, 2, 3, 6, tables="bb")
    yield llama(rng, "d2", 1, 2, 4, 2)
    yield llama(rng, "d256", 1, 2, 40, 256, half=True)
    yield llama(rng, "decode", 1, 8, 1, 64)
    yield llama(rng, "one line", 1, 1, 1, 16)
    yield llama(rng, "odd lines", 1, 3, 7, 32)
    yield llama(rng, "decode batch", 4, 8, 1, 64, tables="bb")
    yield llama(rng, "long", 1, 4, 600, 64, half=True)
    yield llama(rng, "y pad", 2, 3, 5, 32, y="pad")
    x = rnd(rng, 2, 4, 8, 32)
    yield RopeCase("in place", View(x), View(rnd(rng, 1, 1, 8, 32)),
                   View(rnd(rng, 1, 1, 8, 32)), in_place=True)
    # [B, S, H, D] with tables [B, S, 1, D]: one table for every head.
    yield RopeCase("bshd", View(rnd(rng, 2, 5, 4, 48)),
                   View(rnd(rng, 2, 5, 1, 48)), View(rnd(rng, 2, 5, 1, 48)))
    # A strided last dimension (every other element).
    x = rnd(rng, 3, 4, 16)
    yield RopeCase("x step 2", View(x, [4 * 16 * 2, 16 * 2, 2], guard=3),
                   View(rnd(rng, 4, 16)), View(rnd(rng, 4, 16)))
    # A rank-6 x, tables of rank 3.
    yield RopeCase("rank 6", View(rnd(rng, 2, 1, 3, 2, 5, 16)),
                   View(rnd(rng, 2, 5, 16)), View(rnd(rng, 2, 5, 16)))
    # A batch's decode step: q's and k's heads of the fused q/k/v product
    # (batch rows of 10 heads, the first 8), half tables a batch row;
    # into a like view too (whole batch rows of heads a transfer).
    prod = [10 * 64, 64, 64, 1]
    yield RopeCase("product heads", View(rnd(rng, 8, 8, 1, 64), prod),
                   View(rnd(rng, 8, 1, 1, 32)), View(rnd(rng, 8, 1, 1, 32)))
    yield RopeCase("product heads into a view",
                   View(rnd(rng, 6, 8, 1, 64), prod),
                   View(rnd(rng, 6, 1, 1, 32)), View(rnd(rng, 6, 1, 1, 32)),
                   y=View(np.zeros((6, 8, 1, 64)), prod, fill=SENTINEL))
    yield RopeCase("empty", View(np.zeros((1, 2, 0, 32))),
                   View(np.zeros((1, 1, 0, 32))), View(np.zeros((1, 1, 0, 32))))


def big():
    rng = np.random.default_rng(41)
    yield llama(rng, "big", 2, 16, 512, 64)
    yield llama(rng, "big half", 1, 32, 256, 128, half=True)
    # Tables past ACCEL_ROPE_MAX_TABLE_FLOATS (65 536 floats), in parts:
    # along S (1100 x 64: two), along B (3 x 600 x 64: one batch a part),
    # along B and then S (2 x 1200 x 64).
    yield llama(rng, "parts S", 1, 2, 1100, 64, tables="2d")
    yield llama(rng, "parts B", 3, 2, 600, 64, tables="bb")
    yield llama(rng, "parts B S", 2, 2, 1200, 64, tables="bb")


def refusal(name, x, c, s, y=None):
    """A refusal: the kernel's line, then y untouched."""
    return Refusal(RopeCase(name, x, c, s, y=y or "contig"), "accel_rope",
                   "rope refuses " + name)


def errors():
    rng = np.random.default_rng(42)
    t = View(rnd(rng, 1, 1, 4, 8))
    yield refusal("odd D", View(rnd(rng, 1, 2, 4, 7)),
                  View(rnd(rng, 1, 1, 4, 7)), View(rnd(rng, 1, 1, 4, 7)))
    yield refusal("table width", View(rnd(rng, 1, 2, 4, 8)),
                  View(rnd(rng, 1, 1, 4, 6)), View(rnd(rng, 1, 1, 4, 6)))
    yield refusal("broadcast", View(rnd(rng, 1, 2, 4, 8)),
                  View(rnd(rng, 1, 1, 3, 8)), View(rnd(rng, 1, 1, 3, 8)))
    yield refusal("sin dims", View(rnd(rng, 1, 2, 4, 8)), t,
                  View(rnd(rng, 1, 1, 4, 4)))


SETS = {"shapes": shapes, "big": big, "errors": errors}


def main():
    return run_checker(__doc__, SETS, "rope")


if __name__ == "__main__":
    sys.exit(main())
