#!/usr/bin/python3
"""accel_batched_matmul and accel_gemm on element types other than f32
(libaccelkernels.a's matmul_typed.c) on accel-sim, against numpy.

  matmul_typed_check.py --sim "accel-sim [options]"
                        --driver matmul_typed_driver.elf --dir DIR

References, from a's and b's stored values:
- integer types: Python's integers, the dot products exact and then
  wrapped to the type's width (two's complement), so a case whose sums
  overflow int32 (or whose products overflow uint8) shows the wrap;
- f64: numpy's float64 matmul; bit for bit on values whose products and
  sums are exact (small integers times powers of two), else within
  K 2^-52 sum_k |a_ik b_kj| (K roundings of at most 2^-53 each, times 2);
- f16 and bf16: computed in f32 and rounded once to the type, as numpy's
  matmul does: within one unit in the type's last place of the float64
  result plus K 2^-23 sum_k |a_ik b_kj|.
c's elements are all written (the driver fills c with 0x5a first).
The refusals: bool and a and c of different types (unsupported), inner
sizes and batches that differ (argument errors), each with c untouched."""

import os
import struct
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_runner import batch_parser, run_batch  # noqa: E402
from typed_elements import (I8, I32, F16, BF16, F64, I16, I64,  # noqa: E402
                            U8, U16, U32, U64, BOOL, NAMES, STORE, FLOATS,
                            UNSIGNED, from_f64, wrap)

TYPES = [I8, I16, I32, I64, U8, U16, U32, U64, F16, BF16, F64]
MAXRANK = 6

def to_f64(t, x):
    if t == BF16:
        return (x.astype(np.uint32) << 16).view(np.float32).astype(np.float64)
    return x.astype(np.float64)
def ulp(t, v):
    """One unit in the last place of float type t at |v|."""
    mant = {F16: 10, BF16: 7, F64: 52}[t]
    e = np.floor(np.log2(np.maximum(np.abs(v), 2.0 ** -14)))
    return 2.0 ** (e - mant)


def random_values(rng, t, shape, kind):
    n = int(np.prod(shape))
    if kind == "wrap" and t in (I32, I64, U8):
        hi = {I32: 1 << 30, I64: 1 << 62, U8: 255}[t]
        lo = 0 if t == U8 else -hi
        v = rng.integers(lo, hi, n, dtype=np.int64)
    elif kind == "exact" or t not in FLOATS:
        lo = 0 if t in UNSIGNED else -20
        v = rng.integers(lo, 20, n)
        if t in FLOATS:
            return from_f64(t, v * 0.25).reshape(shape)
    else:
        return from_f64(t, rng.uniform(-2.0, 2.0, n)).reshape(shape)
    return v.astype(STORE[t]).reshape(shape)


class Case:
    def __init__(self, name, t, adims, bdims, cdims, entry=0, trans=(0, 0),
                 pad=0, kind="random", ct=None, status=0, seed=0):
        self.name, self.t, self.ct = name, t, t if ct is None else ct
        self.adims, self.bdims, self.cdims = adims, bdims, cdims
        self.entry, self.trans, self.pad, self.kind = entry, trans, pad, kind
        self.status = status
        rng = np.random.default_rng(seed)
        self.a = random_values(rng, t, adims, kind)
        self.b = random_values(rng, t, bdims, kind)

    def record(self):
        def six(d):
            return list(d) + [1] * (MAXRANK - len(d))
        h = [self.entry, self.t, self.ct, len(self.adims), len(self.bdims),
             len(self.cdims)]
        h += six(self.adims) + six(self.bdims) + six(self.cdims)
        h += [self.trans[0], self.trans[1], self.pad]
        out = struct.pack("<%dq" % len(h), *h)
        for x in (self.a, self.b):
            raw = np.ascontiguousarray(x).tobytes()
            out += raw + b"\0" * (-len(raw) % 8)
        return out

    def out_bytes(self):
        n = int(np.prod(self.cdims)) * np.dtype(STORE[self.ct]).itemsize
        return 8 + n + (-n % 8)

    def operands(self, conv):
        a, b = conv(self.a), conv(self.b)
        if self.trans[0]:
            a = np.swapaxes(a, -1, -2)
        if self.trans[1]:
            b = np.swapaxes(b, -1, -2)
        return a, b

    def check(self, status, data):
        n = int(np.prod(self.cdims))
        size = np.dtype(STORE[self.ct]).itemsize
        raw = data[:n * size]
        if self.status:
            if status != self.status:
                return "status %d, expected %d" % (status, self.status)
            if raw != b"\x5a" * len(raw):
                return "c written on an error"
            return None
        if status != 0:
            return "status %d" % status
        y = np.frombuffer(raw, dtype=STORE[self.ct]).reshape(self.cdims)
        t = self.t
        if t not in FLOATS:
            a, b = self.operands(lambda x: x.astype(object))
            ref = np.matmul(a, b) if a.shape[-1] else np.zeros(
                self.cdims, dtype=object)
            want = np.vectorize(lambda v: wrap(t, int(v)), otypes=[object])(
                ref).astype(STORE[t]) if ref.size else ref.astype(STORE[t])
            bad = np.flatnonzero(y != want)
            if bad.size:
                i = bad[0]
                return "element %d is %s, expected %s" % (
                    i, y.flat[i], want.flat[i])
            return None
        a, b = self.operands(lambda x: to_f64(t, x))
        ref = np.matmul(a, b)
        mag = np.matmul(np.abs(a), np.abs(b))
        k = a.shape[-1]
        got = to_f64(t, y)
        if t == F64 and self.kind == "exact":
            bound = np.zeros_like(ref)
        elif t == F64:
            bound = k * 2.0 ** -52 * mag
        else:
            bound = ulp(t, ref) + k * 2.0 ** -23 * mag
        err = np.abs(got - ref)
        bad = np.flatnonzero(~(err <= bound))
        if bad.size:
            i = bad[0]
            return "element %d is %r, expected %r (bound %g)" % (
                i, got.flat[i], ref.flat[i], bound.flat[i])
        return None


def cases():
    s = 0
    for t in TYPES:
        nm = NAMES[t]
        s += 1
        yield Case("%s 3x5 . 5x4" % nm, t, [3, 5], [5, 4], [3, 4], seed=s)
        yield Case("%s gemm trans_a trans_b" % nm, t, [5, 3], [4, 5], [3, 4],
                   entry=1, trans=(1, 1), seed=s + 100)
        yield Case("%s 2x3x7 . 7x6 padded a" % nm, t, [2, 3, 7], [7, 6],
                   [2, 3, 6], pad=3, seed=s + 200)
        yield Case("%s 2x1x3x5 . 4x5x2 broadcast" % nm, t, [2, 1, 3, 5],
                   [4, 5, 2], [2, 4, 3, 2], seed=s + 300)
    yield Case("int32 wraps 4x33 . 33x5", I32, [4, 33], [33, 5], [4, 5],
               kind="wrap", seed=1001)
    yield Case("int64 wraps 4x33 . 33x5", I64, [4, 33], [33, 5], [4, 5],
               kind="wrap", seed=1002)
    yield Case("uint8 wraps 4x9 . 9x5", U8, [4, 9], [9, 5], [4, 5],
               kind="wrap", seed=1003)
    yield Case("f64 exact 8x40 . 40x8", F64, [8, 40], [40, 8], [8, 8],
               kind="exact", seed=1004)
    yield Case("f64 exact gemm trans_b", F64, [6, 9], [7, 9], [6, 7],
               entry=1, trans=(0, 1), kind="exact", seed=1005)
    yield Case("int32 64x64 . 64x64", I32, [64, 64], [64, 64], [64, 64],
               seed=1006)
    yield Case("f64 K 0", F64, [3, 0], [0, 2], [3, 2], seed=1007)
    yield Case("int16 vector . matrix as 1x8 . 2x8x3", I16, [1, 8], [2, 8, 3],
               [2, 1, 3], seed=1008)
    yield Case("bool refused", BOOL, [2, 2], [2, 2], [2, 2], status=2,
               seed=1009)
    yield Case("int32 a, int64 c refused", I32, [2, 2], [2, 2], [2, 2],
               ct=I64, status=2, seed=1010)
    yield Case("int64 inner sizes 3 and 4 refused", I64, [2, 3], [4, 2],
               [2, 2], status=1, seed=1011)
    yield Case("f64 batch 2 against 3 refused", F64, [2, 2, 2], [3, 2, 2],
               [3, 2, 2], status=1, seed=1012)


def main():
    args = batch_parser().parse_args()
    return run_batch(args, "matmul-typed", b"ACMMT001", list(cases()),
                     echo_on_failure=True)


if __name__ == "__main__":
    sys.exit(main())
