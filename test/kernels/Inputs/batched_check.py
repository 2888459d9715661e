"""Runs accel_batched_matmul (batched_driver.c) on accel-sim over cases of
broadcast batch shapes and checks each result against numpy's float64
matmul, element by element within accel_gemm's bound (docs/kernels.md):
|c - ref| <= (K + 2) * 2^-24 * 4 * sum_k |a_ik b_kj|.

  batched_check.py --sim "accel-sim [options]" --driver DRIVER.elf
                   --dir DIR

check_runner.py runs the cases, one line each and "N cases, F failures".
"""
import os
import struct
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_runner import U, Output, main  # noqa: E402

# (a's batch dims, b's batch dims, M, K, N, trans_a, trans_b)
CASES = [
    ((), (), 17, 15, 16, 0, 0),
    ((3,), (3,), 5, 7, 6, 0, 0),
    ((2, 1), (3,), 5, 7, 6, 0, 0),
    ((4,), (), 33, 20, 17, 0, 1),
    ((), (2, 3), 16, 16, 16, 1, 0),
    ((2, 1, 3), (1, 4, 1), 3, 9, 2, 1, 1),
    ((1,), (5,), 1, 1, 1, 0, 0),
    ((2, 2), (2, 2), 40, 70, 30, 0, 0),
    # One matrix of b for all batches: the batches fold into one GEMM's
    # rows (PyTorch's attention projection), unless op(a) is transposed.
    ((16,), (), 2, 64, 192, 0, 0),
    ((3, 2), (1,), 5, 7, 6, 0, 1),
    ((2, 3), (), 1, 9, 4, 1, 0),
]


def header(dims):
    return [len(dims)] + list(dims) + [0] * (6 - len(dims))


class Case:
    def __init__(self, rng, ba, bb, m, k, n, ta, tb):
        self.k, self.ta, self.tb = k, ta, tb
        self.a = rng.uniform(-1, 1, ba + ((k, m) if ta else (m, k))
                             ).astype(np.float32)
        self.b = rng.uniform(-1, 1, bb + ((n, k) if tb else (k, n))
                             ).astype(np.float32)
        self.c_shape = np.broadcast_shapes(ba, bb) + (m, n)

    def name(self):
        return "%s x %s -> %s tA=%d tB=%d" % (self.a.shape, self.b.shape,
                                             self.c_shape, self.ta, self.tb)

    def make(self, path):
        """Writes the case file; returns c's Output (c has a buffer of its
        own, the view all of it)."""
        a, b = self.a, self.b
        opa = np.swapaxes(a, -1, -2) if self.ta else a
        opb = np.swapaxes(b, -1, -2) if self.tb else b
        ref = np.matmul(opa.astype(np.float64), opb.astype(np.float64))
        mag = np.matmul(np.abs(opa).astype(np.float64),
                        np.abs(opb).astype(np.float64))
        with open(path, "wb") as f:
            f.write(struct.pack("<23q", *(header(a.shape) + header(b.shape)
                                          + header(ref.shape)
                                          + [self.ta, self.tb])))
            f.write(a.tobytes() + b.tobytes())
        return Output(np.zeros(ref.size, np.float32),
                      np.arange(ref.size).reshape(ref.shape), ref,
                      (self.k + 2) * U * 4 * mag + 1e-30, what="c")


def cases():
    rng = np.random.default_rng(2026)
    return [Case(rng, *c) for c in CASES]


if __name__ == "__main__":
    sys.exit(main(__doc__, {"broadcast": cases}, "bmm"))
