#!/usr/bin/python3
"""accel_det (libaccelkernels.a) on accel-sim against numpy.

  det_check.py --sim "accel-sim [options]" --driver det_driver.elf --dir DIR

Determinants of f32, f64 and f16 matrices of 1 x 1 to 64 x 64, alone and
in batches of ranks 3 and 4; matrices whose first pivot is 0 (the
pivoting's row swaps and their sign), singular ones (exactly 0), integer
ones (exact); and the refusals (not square, past 64 x 64, int32, a y of
other dims): y untouched. The reference is numpy.linalg.det in float64
of the same inputs. Bound: the kernel's LU in f64 is within
n^2 2^-50 H (H the product of the rows' norms, Hadamard's bound on the
determinant's terms) of the exact value, then rounded once to the type:
half a unit in its last place of |ref| (2^-24 for f32, 2^-11 f16,
2^-53 f64) more."""

import os
import struct
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_runner import batch_parser, run_batch  # noqa: E402

F32, F16, F64, I32 = 0, 3, 5, 2
STORE = {F32: np.float32, F16: np.float16, F64: np.float64, I32: np.int32}
NAMES = {F32: "f32", F16: "f16", F64: "f64", I32: "int32"}
ULP = {F32: 2.0 ** -24, F16: 2.0 ** -11, F64: 2.0 ** -53, I32: 0}


def pad8(b):
    return b + b"\0" * (-len(b) % 8)


class Case:
    def __init__(self, name, x, code, status=0, y_dims=None):
        self.x = np.asarray(x).astype(STORE[code])
        self.code, self.status = code, status
        self.y_dims = tuple(self.x.shape[:-2]) if y_dims is None else y_dims
        self.name = "%s %s%s" % (NAMES[code], "x".join(map(str, self.x.shape)),
                                 " " + name if name else "")

    def record(self):
        xd, yd = list(self.x.shape), list(self.y_dims)
        return struct.pack("<15q", self.code, len(xd), *(xd + [0] * (6 - len(xd))),
                           len(yd), *(yd + [0] * (6 - len(yd)))) + \
            pad8(self.x.tobytes())

    def out_bytes(self):
        n = int(np.prod(self.y_dims)) * self.x.itemsize
        return 8 + n + (-n % 8)

    def check(self, status, raw):
        if status != self.status:
            return "status %d, expected %d" % (status, self.status)
        n = int(np.prod(self.y_dims))
        if self.status:
            return None if raw[:n * self.x.itemsize] == \
                b"\xa5" * (n * self.x.itemsize) else "y written"
        got = np.frombuffer(raw[:n * self.x.itemsize],
                            self.x.dtype).astype(np.float64)
        x = self.x.astype(np.float64).reshape(-1, *self.x.shape[-2:])
        ref = np.linalg.det(x).reshape(-1) if x.shape[-1] else np.ones(len(x))
        m = x.shape[-1]
        hadamard = np.prod(np.linalg.norm(x, axis=-1), axis=-1).reshape(-1)
        bound = m * m * 2.0 ** -50 * hadamard + ULP[self.code] * np.abs(ref) \
            + 1e-300
        err = np.abs(got - ref)
        if not (err <= bound).all():
            k = int(np.argmax(err / bound))
            return "y[%d] = %r, expected %r (bound %.3g)" % (
                k, got[k], ref[k], bound[k])
        return None


def cases(rng):
    for code in (F32, F64, F16):
        for m in (1, 2, 3, 5, 8):
            yield Case("", rng.uniform(-2, 2, (m, m)), code)
        yield Case("batch", rng.uniform(-2, 2, (3, 2, 4, 4)), code)
    yield Case("", rng.uniform(-1, 1, (64, 64)), F64)
    yield Case("", rng.uniform(-1, 1, (2, 16, 16)), F32)
    a = rng.uniform(-2, 2, (4, 4))
    a[0, 0] = 0
    yield Case("first pivot 0", a, F32)
    yield Case("swapped rows", np.array([[0, 1, 0], [0, 0, 1], [1, 0, 0]]), F32)
    yield Case("swapped rows", np.array([[0, 1], [1, 0]]), F64)
    s = rng.uniform(-2, 2, (5, 5))
    s[3] = 2 * s[1] - s[0]
    yield Case("singular", np.array([[1, 2, 3], [2, 4, 6], [0, 1, 5]]), F32)
    yield Case("near singular", s, F64)
    yield Case("integers", rng.integers(-5, 6, (6, 6)), F64)
    yield Case("not square", rng.uniform(-1, 1, (3, 4)), F32, status=1,
               y_dims=())
    yield Case("past 64", rng.uniform(-1, 1, (65, 65)), F32, status=2,
               y_dims=())
    yield Case("", rng.integers(-3, 3, (2, 2)), I32, status=2, y_dims=())
    yield Case("y of other dims", rng.uniform(-1, 1, (3, 2, 2)), F32,
               status=1, y_dims=(2,))


def main():
    args = batch_parser().parse_args()
    cs = list(cases(np.random.default_rng(46)))
    return run_batch(args, "det", b"ACDETCA1", cs, echo=lambda out: out)


if __name__ == "__main__":
    raise SystemExit(main())
