#!/usr/bin/python3
"""accel_maxpool2d_typed (libaccelkernels.a) on accel-sim against numpy.

  maxpool_typed_check.py --sim "accel-sim [options]"
                         --driver maxpool_typed_driver.elf --dir DIR

ONNX MaxPool's maxima of f32, f64, f16, bf16 and the integer types, and
its Indices in both storage orders, over windows with strides, asymmetric
padding, dilation and ceil mode; ties (the first in the window's
row-major order wins), NaN (a number beats it; an all-NaN window gives
its first NaN), int64 and uint64 values beyond 2^53 (compared exactly),
channels-last x and a padded y; and the refusals (bool, a y of the wrong
type or dims, null options, an unknown output): y untouched. The
reference is ONNX's definition written as loops over each window's taps
in numpy; every element of y's buffer must be bit-identical (the
sentinel outside y's view too)."""

import os
import struct
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_runner import batch_parser, run_batch  # noqa: E402

F32, I8, I32, F16, BF16, F64, I16, I64, U8, U16, U32, U64, BOOL = range(13)
STORE = {F32: np.float32, I8: np.int8, I32: np.int32, F16: np.float16,
         BF16: np.uint16, F64: np.float64, I16: np.int16, I64: np.int64,
         U8: np.uint8, U16: np.uint16, U32: np.uint32, U64: np.uint64,
         BOOL: np.uint8}
NAMES = {F32: "f32", I8: "int8", I32: "int32", F16: "f16", BF16: "bf16",
         F64: "f64", I16: "int16", I64: "int64", U8: "uint8", U16: "uint16",
         U32: "uint32", U64: "uint64", BOOL: "bool"}
VALUES, INDICES, INDICES_COL = 0, 1, 2
OK, ARGUMENT, UNSUPPORTED = 0, 1, 2


def out_size(n, k, s, d, b, e, ceil):
    ext = (k - 1) * d + 1
    span = n + b + e - ext
    o = (-(-span // s) if ceil else span // s) + 1
    if ceil and (o - 1) * s >= n + b:
        o -= 1
    return o


def as_number(code, a):
    """The values as numpy compares them: bf16's bits widened to f32."""
    if code == BF16:
        return (a.astype(np.uint32) << 16).view(np.float32)
    return a


def reference(x, code, k, s, p, d, ceil, output):
    """ONNX MaxPool over x [N, C, H, W] (stored values): the maxima (x's
    storage type) or the int64 indices."""
    N, C, H, W = x.shape
    oh = out_size(H, k[0], s[0], d[0], p[0], p[2], ceil)
    ow = out_size(W, k[1], s[1], d[1], p[1], p[3], ceil)
    num = as_number(code, x)
    vals = np.zeros((N, C, oh, ow), x.dtype)
    idx = np.zeros((N, C, oh, ow), np.int64)
    for n in range(N):
        for c in range(C):
            for i in range(oh):
                for j in range(ow):
                    taps = [(h, w)
                            for h in range(i * s[0] - p[0],
                                           i * s[0] - p[0] + k[0] * d[0], d[0])
                            for w in range(j * s[1] - p[1],
                                           j * s[1] - p[1] + k[1] * d[1], d[1])
                            if 0 <= h < H and 0 <= w < W]
                    v = np.array([num[n, c, h, w] for h, w in taps])
                    if v.dtype.kind == "f" and np.isnan(v).any():
                        ok = np.nonzero(~np.isnan(v))[0]
                        best = ok[np.argmax(v[ok])] if len(ok) else 0
                    else:
                        best = int(np.argmax(v))
                    h, w = taps[best]
                    vals[n, c, i, j] = x[n, c, h, w]
                    idx[n, c, i, j] = (n * C + c) * H * W + (
                        h * W + w if output != INDICES_COL else h + w * H)
    return vals if output == VALUES else idx


class View:
    """A 4-D tensor's record and buffer: its values (stored type) laid out
    contiguously, channels-last (x) or with rows padded by 3 (y), the rest
    of the buffer filler."""

    def __init__(self, a, code, layout="contig", fill=None):
        self.code, self.dims = code, list(a.shape)
        N, C, H, W = a.shape
        if layout == "nhwc":
            self.strides = [H * W * C, 1, W * C, C]
            buf = np.ascontiguousarray(a.transpose(0, 2, 3, 1)).reshape(-1)
        elif layout == "padded":
            self.strides = [C * H * (W + 3), H * (W + 3), W + 3, 1]
            b = np.full((N, C, H, W + 3), fill, a.dtype)
            b[..., :W] = a
            buf = b.reshape(-1)
        else:
            self.strides = [C * H * W, H * W, W, 1]
            buf = np.ascontiguousarray(a).reshape(-1)
        self.flat = buf

    def record(self):
        return struct.pack("<11q", self.code, *self.dims, *self.strides, 0,
                           len(self.flat))

    def data(self):
        b = self.flat.tobytes()
        return b + b"\0" * (-len(b) % 8)


class Case:
    def __init__(self, name, x, code, k, s=(1, 1), p=(0, 0, 0, 0), d=(1, 1),
                 ceil=0, output=VALUES, lx="contig", ly="contig",
                 status=OK, y_code=None, y_dims=None, null_options=False):
        self.name = "%s %s %s k%dx%d s%dx%d p%s d%dx%d%s %s%s" % (
            ["values", "indices", "indices-col"][output] if output < 3
            else "output%d" % output, NAMES[code], "x".join(map(str, x.shape)),
            k[0], k[1], s[0], s[1], ",".join(map(str, p)), d[0], d[1],
            " ceil" if ceil else "", name,
            "" if lx == ly == "contig" else " x:%s y:%s" % (lx, ly))
        self.output, self.null_options = output, null_options
        self.options = [k[0], k[1], s[0], s[1], p[0], p[1], p[2], p[3], d[0],
                        d[1], ceil, 0]
        self.x = View(x, code, lx)
        self.status = status
        if status == OK:
            ref = reference(x, code, k, s, p, d, ceil, output)
            y_code = code if output == VALUES else I64
        else:
            N, C = x.shape[:2]
            ref = np.zeros(y_dims, STORE[y_code])
        sentinel = (np.arange(ref.size) % 7 + 40).astype(ref.dtype)
        self.y = View(sentinel.reshape(ref.shape), y_code, ly, fill=99)
        self.want = self.y.flat.copy()
        if status == OK:
            want = View(ref, y_code, ly, fill=99)
            self.want = want.flat

    def record(self):
        b = struct.pack("<14q", self.output, int(self.null_options),
                        *self.options)
        return b + self.x.record() + self.y.record() + self.x.data() + \
            self.y.data()

    def out_bytes(self):
        return 8 + len(self.y.data())

    def check(self, status, raw):
        if status != self.status:
            return "status %d, expected %d" % (status, self.status)
        got = np.frombuffer(raw[:self.want.nbytes], self.want.dtype)
        if not np.array_equal(got.view(np.uint8), self.want.view(np.uint8)):
            bad = np.nonzero(got.view(np.uint8) != self.want.view(np.uint8))
            at = sorted(set(bad[0] // self.want.itemsize))[:4]
            return "y differs at %s: %s, expected %s" % (
                at, got[at].tolist(), self.want[at].tolist())
        return None


def values(rng, code, shape, lo=-4, hi=4):
    """Small integers (many ties) in the type."""
    a = rng.integers(lo, hi, shape)
    if code == BF16:
        return (a.astype(np.float32).view(np.uint32) >> 16).astype(np.uint16)
    return a.astype(STORE[code])


def cases(rng):
    for output in (VALUES, INDICES, INDICES_COL):
        x = values(rng, F32, (2, 3, 7, 6))
        yield Case("ties", x, F32, (3, 3), (2, 2), (1, 1, 1, 1), output=output)
        yield Case("", x, F32, (3, 2), (2, 3), (2, 0, 1, 1), (1, 2),
                   ceil=1, output=output)
        yield Case("", x, F32, (2, 2), (2, 2), output=output, lx="nhwc",
                   ly="padded")
        x = rng.standard_normal((1, 2, 9, 8)).astype(np.float32)
        yield Case("", x, F32, (5, 5), (1, 1), (2, 2, 2, 2), output=output)
        yield Case("", x, F32, (3, 3), (3, 2), (0, 1, 2, 1), (2, 2),
                   ceil=1, output=output)
    # NaN: a number wins; an all-NaN window its first NaN's position.
    x = rng.standard_normal((1, 1, 4, 4)).astype(np.float32)
    x[0, 0, 0, :] = np.nan
    x[0, 0, 1, 0] = np.nan
    x[0, 0, 2, 2] = -np.inf
    x[0, 0, 2, 3] = np.nan
    for output in (VALUES, INDICES):
        yield Case("nan", x, F32, (1, 2), (1, 2), output=output)
        yield Case("nan", x, F32, (2, 2), (1, 1), output=output)
    for code in (I8, U8, I16, U16, I32, U32, F16, BF16, F64):
        lo = 0 if code in (U8, U16, U32) else -100
        x = values(rng, code, (2, 2, 6, 5), lo, 100)
        for output in (VALUES, INDICES):
            yield Case("", x, code, (3, 3), (2, 1), (1, 1, 1, 1),
                       output=output)
        yield Case("", x, code, (2, 3), (2, 2), (0, 1, 1, 1), (2, 1),
                   ceil=1, lx="nhwc", ly="padded")
    # uint8's range's top (ONNX's test_maxpool_2d_uint8 has 0..255).
    x = rng.integers(0, 256, (1, 1, 5, 5)).astype(np.uint8)
    yield Case("full range", x, U8, (5, 5), (1, 1), (2, 2, 2, 2))
    # int64 and uint64 values 1 apart beyond 2^53 (a double would tie them).
    x = (np.int64(2**60) + rng.integers(0, 4, (1, 2, 4, 4))).astype(np.int64)
    x[0, 1] = -x[0, 1]
    for output in (VALUES, INDICES):
        yield Case("2^60", x, I64, (2, 2), (1, 1), output=output)
    x = (np.uint64(2**63) + rng.integers(0, 4, (1, 1, 4, 4)).astype(
        np.uint64)).astype(np.uint64)
    yield Case("2^63", x, U64, (2, 2), (1, 1), output=VALUES)
    yield Case("2^63", x, U64, (3, 3), (1, 1), output=INDICES)
    # Refusals: y keeps its sentinel.
    x = values(rng, F32, (1, 1, 4, 4))
    yield Case("bool", values(rng, U8, (1, 1, 4, 4), 0, 2), BOOL, (2, 2),
               status=UNSUPPORTED, y_code=BOOL, y_dims=(1, 1, 3, 3))
    yield Case("indices of f32", x, F32, (2, 2), output=INDICES,
               status=UNSUPPORTED, y_code=F32, y_dims=(1, 1, 3, 3))
    yield Case("values of int64", x, F32, (2, 2), status=UNSUPPORTED,
               y_code=I64, y_dims=(1, 1, 3, 3))
    yield Case("wrong dims", x, F32, (2, 2), status=ARGUMENT, y_code=F32,
               y_dims=(1, 1, 2, 3))
    yield Case("null options", x, F32, (2, 2), status=ARGUMENT, y_code=F32,
               y_dims=(1, 1, 3, 3), null_options=True)
    yield Case("", x, F32, (2, 2), output=3, status=ARGUMENT, y_code=F32,
               y_dims=(1, 1, 3, 3))
    yield Case("pad as large as the window", x, F32, (2, 2), p=(2, 0, 0, 0),
               status=ARGUMENT, y_code=F32, y_dims=(1, 1, 5, 3))


def main():
    args = batch_parser().parse_args()
    cs = list(cases(np.random.default_rng(39)))
    # The simulator's output: the refusals' messages.
    return run_batch(args, "maxpool", b"ACMPTY01", cs, echo=lambda out: out)


if __name__ == "__main__":
    raise SystemExit(main())
