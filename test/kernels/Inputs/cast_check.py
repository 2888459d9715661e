#!/usr/bin/python3
"""accel_cast (libaccelkernels.a) on accel-sim against numpy.

  cast_check.py --set pairs|shapes --sim "accel-sim [options]"
                --driver cast_driver.elf --dir DIR

"pairs": every pair of the 13 accel_dtypes, contiguous, on random values
of the source's whole range and its edge values (NaN, +-inf, +-0, the
halfway cases of every narrower float, the limits of every integer type
and just past them). "shapes": rank 0, empty, strided, transposed,
zero-stride and padded views with sentinels around y, in place, and
blocks of several thousand elements.

The reference is numpy's astype, except where ONNX leaves the result
undefined and accel_cast documents its own (accel_kernels.h): a float to
an integer is truncated and saturated, NaN giving 0 (numpy on a host
wraps or gives INT_MIN there); and bfloat16, which numpy lacks, is
rounded here exactly (to nearest even, with Python's integers or
float64's exact scaling). Results must be bit-identical, except that any
NaN matches a NaN; y's elements outside the view must keep their
sentinel."""

import os
import struct
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_runner import batch_parser, run_batch  # noqa: E402
from typed_elements import (F32, I8, I32, F16, BF16, F64, I16,  # noqa: E402
                            I64, U8, U16, U32, U64, BOOL, NAMES, STORE,
                            FLOATS)

INTS = {I8: np.int8, I16: np.int16, I32: np.int32, I64: np.int64,
        U8: np.uint8, U16: np.uint16, U32: np.uint32, U64: np.uint64}
MAXRANK = 6


def size(t):
    return np.dtype(STORE[t]).itemsize


def bf16_value(bits):
    """bf16 bits (uint16) as float64."""
    return (bits.astype(np.uint32) << 16).view(np.float32).astype(np.float64)


def as_float64(t, x):
    """A float type's elements (as stored) as float64, exactly."""
    return bf16_value(x) if t == BF16 else x.astype(np.float64)


def to_bf16_from_float64(v):
    """float64 values rounded to nearest even bf16, as bits."""
    out = np.zeros(v.shape, np.uint16)
    for i, a in enumerate(v):
        out[i] = bf16_from_scalar(float(a))
    return out


def bf16_from_scalar(a):
    if np.isnan(a):
        return 0x7fc0 | (0x8000 if np.signbit(a) else 0)
    sign = 0x8000 if np.signbit(a) else 0
    a = abs(a)
    if np.isinf(a):
        return sign | 0x7f80
    if a == 0:
        return sign
    m, e = np.frexp(a)  # a = m 2^e, m in [0.5, 1)
    q = max(int(e) - 8, -133)  # 8 significant bits; subnormal quantum 2^-133
    n = np.rint(np.ldexp(a, -q))  # exact scaling, rounded to nearest even
    r = np.ldexp(n, q)
    if r > np.ldexp(255.0, 120):  # bf16's largest finite: (2 - 2^-7) 2^127
        return sign | 0x7f80
    return sign | int(np.float32(r).view(np.uint32)) >> 16


def bf16_from_int(v):
    """A Python integer rounded to nearest even bf16, as bits."""
    sign = 0x8000 if v < 0 else 0
    a = abs(v)
    if a == 0:
        return 0
    shift = max(a.bit_length() - 8, 0)
    n, rem = a >> shift, a & ((1 << shift) - 1)
    half = 1 << (shift - 1) if shift else 0
    if shift and (rem > half or (rem == half and n & 1)):
        n += 1
    return sign | int(np.float32(float(n << shift)).view(np.uint32)) >> 16


def float_to_int(v, yt):
    """float64 values truncated, saturated to yt's range, NaN 0."""
    info = np.iinfo(INTS[yt])
    w = np.trunc(np.where(np.isnan(v), 0.0, v))
    hi = w >= float(info.max) + 1.0  # 2^k, exact
    lo = w < float(info.min)
    safe = np.where(hi | lo, 0.0, w)
    out = safe.astype(INTS[yt])
    out[hi] = info.max
    out[lo] = info.min
    return out


def reference(xt, yt, x):
    """y's elements (as stored) for x's (as stored)."""
    if xt == yt:
        return x.copy()
    if xt in FLOATS:
        v = as_float64(xt, x)
        if yt == BOOL:
            return (v != 0).astype(np.uint8)
        if yt in INTS:
            return float_to_int(v, yt)
        if yt == BF16:
            return to_bf16_from_float64(v)
        if xt == BF16:
            return v.astype(STORE[yt])
        return x.astype(STORE[yt])  # numpy rounds to nearest even
    # An integer or bool source.
    if xt == BOOL:
        x = (x != 0).astype(np.uint8)
    if yt == BOOL:
        return (x != 0).astype(np.uint8)
    if yt == BF16:
        return np.array([bf16_from_int(int(i)) for i in x], np.uint16)
    return x.astype(STORE[yt])


def edge_floats():
    e = [0.0, -0.0, np.inf, -np.inf, np.nan, -np.nan, 0.5, -0.5, 1.5, -1.5,
         2.5, -2.5, 0.49999997, 1.0, -1.0, 127.5, 127.9, 128.0, 128.5,
         -128.5, -129.0, 255.5, 255.9, 256.0, 256.5, -1.9, 32767.5, 32768.0,
         -32769.0, 65535.9, 65536.0, 65504.0, 65519.0, 65519.99, 65520.0,
         65536.0, 2.0**-14, 2.0**-24, 2.0**-25, 3 * 2.0**-26, 2.0**-26,
         1 + 2.0**-11, 1 + 3 * 2.0**-11, 1 + 2.0**-8, 1 + 3 * 2.0**-8,
         1 + 2.0**-9, 2.0**31, 2.0**31 - 128, -2.0**31, -2.0**31 - 256,
         2.0**32, 2.0**32 - 256, 2.0**63, -2.0**63, 2.0**64, 1e10, -1e10,
         3e9, -3e9, 1e30, -1e30, 3.4e38, -3.4e38, 1e-40, -1e-45,
         1.17549435e-38, 1 + 2.0**-24, 1 + 3 * 2.0**-24, 1 + 2.0**-30,
         1e300, -1e300, 1e-300, 2.0**-149, 2.0**-150, 3 * 2.0**-151,
         2.0**-133, 2.0**-134, 3 * 2.0**-135, 3.3961775e38, 3.3961776e38,
         1.5 * 2.0**-24, 2.5 * 2.0**-24]
    return np.array(e, np.float64)


def values(t, rng, n):
    """n random elements of type t (as stored), its edge values first."""
    if t in FLOATS:
        edges = edge_floats()
        if t == BF16:
            bits = rng.integers(0, 1 << 16, n, dtype=np.uint32).astype(
                np.uint16)
            e = to_bf16_from_float64(edges)
            # Every bf16 halfway from f32 has a finer f32 neighbour.
            out = np.concatenate([e, bits])
        elif t == F16:
            bits = rng.integers(0, 1 << 16, n, dtype=np.uint32).astype(
                np.uint16).view(np.float16)
            with np.errstate(over="ignore"):
                out = np.concatenate([edges.astype(np.float16), bits])
        else:
            scale = np.exp2(rng.uniform(-40, 70, n))
            r = rng.standard_normal(n) * scale
            with np.errstate(over="ignore"):
                bits = (rng.integers(0, 1 << 32, n, dtype=np.uint64).astype(
                    np.uint32).view(np.float32) if t == F32 else
                    rng.integers(0, 1 << 63, n, dtype=np.uint64).view(
                        np.float64))
                out = np.concatenate([edges.astype(STORE[t]),
                                      r.astype(STORE[t]), bits])
        return out[:max(n, len(edges))]
    if t == BOOL:
        return np.concatenate([np.array([0, 1, 2, 255], np.uint8),
                               rng.integers(0, 2, n, dtype=np.uint8)])
    info = np.iinfo(INTS[t])
    specials = [0, 1, -1, 127, 128, -128, -129, 255, 256, 32767, 32768,
                -32768, 65535, 65536, 2**31 - 1, 2**31, -2**31, 2**32 - 1,
                2**24 + 1, 2**24 + 3, -(2**24 + 1), 2**53 + 1, 2**53 + 3,
                2**63 - 1, -2**63, 2**64 - 1, 2**11 + 1, 65520, 65519,
                2**40 + 2**32 + 1, 0x0180_0000_0000_0001]
    sp = np.array([s & ((1 << info.bits) - 1) for s in specials],
                  np.uint64).astype(
                      np.dtype("u%d" % (info.bits // 8))).view(INTS[t])
    bits = rng.integers(0, 1 << 63, n, dtype=np.uint64) * 2 + \
        rng.integers(0, 2, n, dtype=np.uint64)
    r = bits.astype(np.dtype("u%d" % (info.bits // 8))).view(INTS[t])
    small = rng.integers(-300, 300, n).astype(INTS[t])
    return np.concatenate([sp, r, small])


class Case:
    def __init__(self, name, xt, yt, dims, x_strides, y_strides, x_off, x_len,
                 y_off, y_len, x_buf, in_place=False):
        self.name, self.xt, self.yt = name, xt, yt
        self.dims, self.xs, self.ys = list(dims), list(x_strides), list(
            y_strides)
        self.x_off, self.x_len, self.y_off, self.y_len = x_off, x_len, \
            y_off, y_len
        self.x_buf = x_buf
        self.in_place = in_place
        # y's buffer: sentinel bytes.
        self.y_buf = np.full(y_len * size(yt), 0xa5, np.uint8).view(
            STORE[yt]) if not in_place else None

    def record(self):
        r = len(self.dims)
        pad = lambda a: a + [0] * (MAXRANK - len(a))
        words = [self.xt, self.yt, r] + pad(self.dims) + pad(self.xs) + \
            pad(self.ys) + [self.x_off, self.x_len,
                            -1 if self.in_place else self.y_off, self.y_len]
        out = struct.pack("<%dq" % len(words), *words)
        out += padded(self.x_buf.tobytes())
        if not self.in_place:
            out += padded(self.y_buf.tobytes())
        return out

    def out_bytes(self):
        n = (self.x_len * size(self.xt) if self.in_place
             else self.y_len * size(self.yt))
        return 8 + ((n + 7) & ~7)

    def index(self, strides, off):
        idx = np.full(tuple(self.dims), off, np.int64)
        for d, s in enumerate(strides):
            shape = [1] * len(self.dims)
            shape[d] = self.dims[d]
            idx = idx + (np.arange(self.dims[d]) * s).reshape(shape)
        return idx.reshape(-1)

    def check(self, status, got_bytes):
        if status != 0:
            return "status %d" % status
        xi = self.index(self.xs, self.x_off)
        x = self.x_buf[xi]
        with np.errstate(all="ignore"):
            want = reference(self.xt, self.yt, x)
        if self.in_place:
            expect_buf = self.x_buf.copy().view(np.uint8).view(STORE[self.yt])
            expect_buf = expect_buf.copy()
            yi = self.index(self.ys, self.x_off)
        else:
            expect_buf = self.y_buf.copy()
            yi = self.index(self.ys, self.y_off)
        expect_buf[yi] = want
        n = expect_buf.size * size(self.yt)
        got = np.frombuffer(got_bytes[:n], np.uint8).view(STORE[self.yt])
        bad = got.view(np.uint8).reshape(-1, size(self.yt)) != \
            expect_buf.view(np.uint8).reshape(-1, size(self.yt))
        bad = bad.any(axis=1)
        if self.yt in FLOATS:
            g, w = got, expect_buf
            with np.errstate(all="ignore"):
                if self.yt == BF16:
                    g, w = bf16_value(g), bf16_value(w)
                bad &= ~(np.isnan(g.astype(np.float64)) &
                         np.isnan(w.astype(np.float64)))
        if bad.any():
            i = int(np.nonzero(bad)[0][0])
            src = ""
            where = np.nonzero(yi == i)[0]
            if where.size:
                src = " from x %r" % (x[where[0]],)
            return "%d of %d elements differ; first at %d: got %r, want %r%s" % (
                int(bad.sum()), bad.size, i, got[i], expect_buf[i], src)
        return None


def padded(b):
    return b + b"\0" * (-len(b) % 8)


def contiguous(name, xt, yt, x):
    n = x.size
    return Case(name, xt, yt, [n], [1], [1], 0, n, 0, n, x)


def pair_cases(rng):
    for xt in range(13):
        x = values(xt, rng, 300)
        for yt in range(13):
            yield contiguous("%s -> %s" % (NAMES[xt], NAMES[yt]), xt, yt, x)


def shape_cases(rng):
    # Rank 0 and empty.
    x = values(F32, rng, 4)[:1]
    yield Case("rank 0 f32 -> int64", F32, I64, [], [], [], 0, 1, 0, 1, x)
    yield Case("empty f32 -> f16", F32, F16, [3, 0], [0, 1], [0, 1], 0, 1, 0,
               1, x)
    # Across blocks (2048 elements), with a padded y.
    for xt, yt in [(F32, F16), (I64, F32), (F16, F32), (F64, I8),
                   (U8, BF16), (F32, F32), (BOOL, F64)]:
        x = values(xt, rng, 5000)[:5000]
        rows, cols = 2, 2500
        yield Case("%s -> %s [2, 2500] y padded" % (NAMES[xt], NAMES[yt]),
                   xt, yt, [rows, cols], [cols, 1], [cols + 7, 1], 0,
                   rows * cols, 3, 3 + rows * (cols + 7), x)
    # Strided and transposed x, strided y.
    for xt, yt in [(F32, F16), (I64, F32), (BF16, I32), (I8, U64),
                   (F64, BF16), (U16, BOOL), (I32, I32)]:
        x = values(xt, rng, 3 * 5 * 7 * 2)
        x = x[:3 * 5 * 7 * 2]
        yield Case("%s -> %s x strided, y transposed" % (NAMES[xt],
                                                         NAMES[yt]),
                   xt, yt, [3, 5, 7], [70, 14, 2], [1, 3 * 7, 3], 1,
                   x.size, 2, 2 + 3 * 5 * 7 + 1, x)
        yield Case("%s -> %s x zero strides" % (NAMES[xt], NAMES[yt]),
                   xt, yt, [4, 3, 2100], [0, 0, 1], [6300, 2100, 1], 0,
                   2100, 0, 4 * 3 * 2100,
                   values(xt, rng, 2100)[:2100])
        yield Case("%s -> %s rank 6" % (NAMES[xt], NAMES[yt]), xt, yt,
                   [2, 1, 3, 1, 2, 5], [30, 30, 10, 10, 5, 1],
                   [60, 60, 20, 20, 10, 2], 0, 60,
                   0, 120, values(xt, rng, 60)[:60])
    # In place, between types of one size.
    for xt, yt in [(F32, I32), (I32, F32), (F16, BF16), (F64, I64),
                   (U8, BOOL), (I64, F64)]:
        x = values(xt, rng, 3000)[:3000]
        yield Case("%s -> %s in place" % (NAMES[xt], NAMES[yt]), xt, yt,
                   [3000], [1], [1], 0, 3000, 0, 3000, x, in_place=True)
        yield Case("%s -> %s in place, strided" % (NAMES[xt], NAMES[yt]),
                   xt, yt, [10, 100], [300, 3], [300, 3], 1, 3000, 0, 3000,
                   x, in_place=True)


def main():
    ap = batch_parser()
    ap.add_argument("--set", choices=["pairs", "shapes"], required=True)
    args = ap.parse_args()
    rng = np.random.default_rng(39)
    cases = list(pair_cases(rng) if args.set == "pairs" else shape_cases(rng))
    return run_batch(args, "cast-" + args.set, b"ACCAST01", cases)


if __name__ == "__main__":
    sys.exit(main())
