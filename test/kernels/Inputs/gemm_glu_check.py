#!/usr/bin/python3
"""accel_gemm_glu (libaccelkernels.a) on accel-sim against numpy in float64.

  gemm_glu_check.py --sim "accel-sim [options]" --driver gemm_glu_driver.elf
                    --dir DIR [--set all|shapes|big|errors] [--only TEXT]

y = silu(a . w_gate) * (a . w_up), silu(g) = g / (1 + e^-g): LLaMA's
and an MoE expert's shapes, one to eight rows, K = 1, H not a multiple of 16, a's
rows padded and transposed, y padded, rows past one chunk of the
scratchpad, K = 4000 (16-row chunks); the driver packs w with
accel_gemm_glu_pack (a case also packs it here, checking the layout);
and the refusals, each printing its line and leaving y untouched.

The bound. Each product is accumulated in f32 by mmac (one rounding a
step), so g and u are within gemm's bound of their exact values,
E = (K + 2) u 4 sum_k |a_ik w_kj| (kernel_check.py's docstring). silu
has a slope of at most 1.1 and |silu(g)| <= |g| + 0.28, and is computed
within (2 2^-20 + 3u) of itself (kernel_check.py's docstring, SiLU); the
product with u rounds once more. So

  |y - ref| <= 1.2 E_g |u| + |silu(g)| E_u + E_g E_u
               + (2 2^-20 + 5 u) |ref| + 1e-30,

and a dropped term, a swapped gate and up, or a column block taken from
the wrong panel moves y by the size of the terms themselves."""

import os
import struct
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_runner import (SENTINEL, U, Output, Refusal,  # noqa: E402
                          index_of, record, main as run_checker)

T = 16
SPECIAL_REL_ERROR = 2.0 ** -20  # docs/isa.md 7.8: vexp.f32, vrcp.f32


class View:
    """values (f32) at `strides` (elements; dense if None) in a buffer of
    their own after a guard of `guard`, `fill` around."""

    def __init__(self, values, strides=None, guard=0, fill=np.nan,
                 length=None):
        self.values = np.asarray(values, dtype=np.float32)
        dims = self.values.shape
        if strides is None:
            strides, n = [], 1
            for d in reversed(dims):
                strides.insert(0, n)
                n *= d
        self.strides, self.offset = list(strides), guard
        last = sum((n - 1) * s for n, s in zip(dims, self.strides)) \
            if self.values.size else -1
        self.length = max(guard + last + 1, length or 0)
        self.buffer = np.full(self.length, fill, dtype=np.float32)
        self.index = index_of(dims, self.strides, self.offset)
        if self.values.size:
            self.buffer[self.index] = self.values

    def record(self):
        return record(self.values.shape, self.strides, self.offset,
                      self.length)


def pack(wg, wu):
    """accel_gemm_glu_pack's layout, here: [2 P, K, 16]."""
    k, h = wg.shape
    p = (h + T - 1) // T
    out = np.zeros((2 * p, k, T), np.float32)
    for j in range(p):
        cols = slice(j * T, min(h, (j + 1) * T))
        n = cols.stop - cols.start
        out[2 * j, :, :n] = wg[:, cols]
        out[2 * j + 1, :, :n] = wu[:, cols]
    return out


def reference(a, wg, wu):
    a, wg, wu = (np.asarray(x, np.float64) for x in (a, wg, wu))
    g, u = a @ wg, a @ wu
    k = a.shape[1]
    eg = (k + 2) * U * 4 * (np.abs(a) @ np.abs(wg))
    eu = (k + 2) * U * 4 * (np.abs(a) @ np.abs(wu))
    s = g / (1.0 + np.exp(-g))
    ref = s * u
    bound = (1.2 * eg * np.abs(u) + np.abs(s) * eu + eg * eu
             + (2 * SPECIAL_REL_ERROR + 5 * U) * np.abs(ref) + 1e-30)
    return ref, bound


class GluCase:
    def __init__(self, label, m, k, h, seed, a="contig", y="contig",
                 packed_here=False, w_dims=None, y_rows=None):
        self.label, self.m, self.k, self.h = label, m, k, h
        self.seed, self.a, self.y = seed, a, y
        self.packed_here, self.w_dims, self.y_rows = packed_here, w_dims, \
            y_rows

    def name(self):
        return "glu %s %dx%dx%d" % (self.label, self.m, self.k, self.h)

    def make(self, path, with_reference=True):
        rng = np.random.default_rng(self.seed)
        m, k, h = self.m, self.k, self.h
        a = rng.uniform(-1, 1, (m, k)).astype(np.float32)
        wg = rng.uniform(-1, 1, (k, h)).astype(np.float32)
        wu = rng.uniform(-1, 1, (k, h)).astype(np.float32)
        if self.a == "pad":
            av = View(a, [k + 5, 1], guard=3)
        elif self.a == "trans":  # a's columns apart: a transposed view
            av = View(a, [1, max(m, 1)])
        else:
            av = View(a)
        p = (h + T - 1) // T
        wdims = self.w_dims or (2 * p, k, T)
        if self.packed_here:
            wv = View(pack(wg, wu))
        else:  # w_gate then w_up, the driver packs them
            flat = np.concatenate([wg.ravel(), wu.ravel()])
            n = int(np.prod(wdims))
            wv = View(np.zeros(wdims), fill=0.0, length=max(n, flat.size))
            wv.buffer[:] = 0.0
            wv.buffer[:flat.size] = flat
        yrows = self.y_rows if self.y_rows is not None else m
        ydims = (yrows, h)
        if self.y == "pad":
            yv = View(np.zeros(ydims), [h + 7, 1], guard=5, fill=SENTINEL,
                      length=5 + yrows * (h + 7) + 4)
        else:
            yv = View(np.zeros(ydims), fill=SENTINEL)
        yv.buffer[yv.index] = SENTINEL
        with open(path, "wb") as f:
            f.write(b"GLUCASE1" + struct.pack("<q", int(not self.packed_here)))
            f.write(av.record() + wv.record() + yv.record())
            for b in (av.buffer, wv.buffer, yv.buffer):
                f.write(b.astype("<f4").tobytes())
        if not with_reference:
            return None
        ref, bound = reference(a, wg, wu)
        return Output(yv.buffer.copy(), yv.index, ref, bound)


def shapes():
    yield GluCase("llama", 32, 128, 352, 1)
    yield GluCase("moe expert", 16, 64, 128, 2)
    yield GluCase("one row", 1, 128, 352, 3)
    yield GluCase("one row odd", 1, 37, 20, 14)
    yield GluCase("one row k1", 1, 1, 40, 15)
    yield GluCase("one row chunks", 1, 384, 1024, 16)
    yield GluCase("one row y pad", 1, 40, 50, 17, y="pad")
    yield GluCase("few rows 4", 4, 384, 1024, 30)
    yield GluCase("few rows 8", 8, 128, 352, 31)
    yield GluCase("few rows odd", 6, 37, 20, 32, a="pad", y="pad")
    yield GluCase("k1", 5, 1, 16, 4)
    yield GluCase("h20", 17, 33, 20, 5)
    yield GluCase("h1", 3, 16, 1, 6)
    yield GluCase("packed here", 20, 48, 40, 7, packed_here=True)
    yield GluCase("a pad", 21, 40, 64, 8, a="pad")
    yield GluCase("a transposed", 19, 24, 32, 9, a="trans")
    yield GluCase("y pad", 18, 32, 50, 10, y="pad")
    yield GluCase("empty", 0, 16, 32, 11)


def big():
    # 256-row chunks (K 512, H 1024): three of them, the last short.
    yield GluCase("chunks", 600, 512, 1024, 12)
    # K 4000: 16-row chunks.
    yield GluCase("k4000", 40, 4000, 16, 13)


def refusal(case):
    return Refusal(case, "accel_gemm_glu", "glu refuses " + case.label)


def errors():
    yield refusal(GluCase("w dims", 4, 16, 32, 20, w_dims=(2, 16, 16)))
    yield refusal(GluCase("y rows", 4, 16, 32, 21, y_rows=5))
    yield refusal(GluCase("k too large", 4, 4097, 16, 22))


SETS = {"shapes": shapes, "big": big, "errors": errors}


def main():
    return run_checker(__doc__, SETS, "glu")


if __name__ == "__main__":
    sys.exit(main())
