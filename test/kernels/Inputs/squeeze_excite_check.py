"""Runs accel_squeeze_excite on accel-sim against a float64 numpy
reference.

  squeeze_excite_check.py --sim "accel-sim [options]"
                          --driver squeeze_excite_driver.elf --dir DIR

Each case makes x [N, C, H, W], w1 [R, C] (or [R, C, 1, 1]), w2 [C, R],
bias1 [R] and bias2 [C] (each bias optional; uniform in [-1, 1], rounded
to f32, a fixed seed per case), writes the case file
squeeze_excite_driver.c reads, and compares y with the reference

  m = mean of each plane, z = w1 . m + bias1, h = act(z),
  g = sigmoid(w2 . h + bias2), y = x g (each plane by its channel's g).

Bound (u = 2^-24), each step as the stream engine computes it
(docs/isa.md 7.13: vs.act.* in double precision, rounded once; vs.fma and
vs.add rounded as f32; a function's error 2^-20 relative plus 2^-24
absolute): the mean, by 1 / HW rounded to f32, errs by em = 2 u mean|x|;
z by ez = |w1| . em + 3 u (|w1| . |m| + |bias1|) (each product rounded,
the sum once, the bias add); h by eh = 1.1 ez + 2^-20 |z| + 2^-24 + u |h|
(silu: |silu'| <= 1.1; relu: ez); the gate's argument by
eg = |w2| . eh + 3 u (|w2| . |h| + |bias2|), the gate by eg / 4 + 2^-20 g +
2^-24; y by |x| (eg / 4 + 2^-20 g + 2^-24) + u |y|. Doubled for margin.
y's buffer outside its view must come back bit for bit.
"""
import os
import struct
import sys
import zlib

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_runner import (SENTINEL, U, Output, Tensor,  # noqa: E402
                          absent_record, main)

ACTS = {"none": 0, "relu": 1, "silu": 5}


class Case:
    def __init__(self, N, C, H, W, R, act="silu", bias1=True, bias2=True,
                 conv_weights=False):
        self.N, self.C, self.H, self.W, self.R = N, C, H, W, R
        self.act, self.bias1, self.bias2 = act, bias1, bias2
        self.conv_weights = conv_weights

    def name(self):
        s = "%dx%dx%dx%d R %d %s" % (self.N, self.C, self.H, self.W, self.R,
                                     self.act)
        for flag in ("bias1", "bias2"):
            if not getattr(self, flag):
                s += " no_" + flag
        if self.conv_weights:
            s += " conv_weights"
        return s

    def make(self, path):
        rng = np.random.default_rng(zlib.crc32(self.name().encode()))

        def uniform(shape, lo=-1.0, hi=1.0):
            return rng.uniform(lo, hi, shape).astype(np.float32)
        N, C, H, W, R = self.N, self.C, self.H, self.W, self.R
        # Planes of different means, so that the gates differ.
        self.x = uniform((N, C, H, W)) + uniform((N, C, 1, 1), -2.0, 2.0)
        self.w1 = uniform((R, C), -2.0, 2.0) / np.float32(np.sqrt(C))
        self.w2 = uniform((C, R), -2.0, 2.0) / np.float32(np.sqrt(R))
        self.b1 = uniform(R) if self.bias1 else None
        self.b2 = uniform(C) if self.bias2 else None
        shape1 = (R, C, 1, 1) if self.conv_weights else (R, C)
        shape2 = (C, R, 1, 1) if self.conv_weights else (C, R)
        y = Tensor(np.full((N, C, H, W), SENTINEL, np.float32), "contig",
                   SENTINEL)
        ts = [Tensor(self.x), Tensor(self.w1.reshape(shape1)),
              Tensor(self.w2.reshape(shape2)), y,
              Tensor(self.b1) if self.bias1 else None,
              Tensor(self.b2) if self.bias2 else None]
        with open(path, "wb") as f:
            f.write(b"SQEXCAS1")
            f.write(struct.pack("<q", ACTS[self.act]))
            f.write(b"".join(t.record() if t is not None
                             else absent_record() for t in ts))
            for t in ts:
                if t is not None:
                    f.write(t.buffer.tobytes())
        return Output(y.buffer, y.index, *self.reference())

    def reference(self):
        x = self.x.astype(np.float64)
        w1, w2 = self.w1.astype(np.float64), self.w2.astype(np.float64)
        b1 = self.b1.astype(np.float64) if self.bias1 else 0.0
        b2 = self.b2.astype(np.float64) if self.bias2 else 0.0
        m = x.mean(axis=(2, 3))                      # [N, C]
        em = 2 * U * np.abs(x).mean(axis=(2, 3))
        z = m @ w1.T + b1                            # [N, R]
        ez = em @ np.abs(w1).T + 3 * U * (np.abs(m) @ np.abs(w1).T +
                                          np.abs(b1))
        if self.act == "relu":
            h, eh = np.maximum(z, 0.0), ez
        elif self.act == "silu":
            h = z / (1 + np.exp(-z))
            eh = 1.1 * ez + 2.0 ** -20 * np.abs(z) + 2.0 ** -24 + U * \
                np.abs(h)
        else:
            h, eh = z, ez
        a = h @ w2.T + b2                            # [N, C]
        ea = eh @ np.abs(w2).T + 3 * U * (np.abs(h) @ np.abs(w2).T +
                                          np.abs(b2))
        g = 1 / (1 + np.exp(-a))
        eg = ea / 4 + 2.0 ** -20 * g + 2.0 ** -24
        y = x * g[:, :, None, None]
        bound = np.abs(x) * eg[:, :, None, None] + U * np.abs(y)
        return y, 2 * bound + 2.0 ** -140


def cases_shapes():
    return [
        # EfficientNet-B0's at 64 x 64: its first, a middle and its last
        Case(1, 32, 32, 32, 8),
        Case(1, 96, 16, 16, 4),
        Case(1, 1152, 2, 2, 48, conv_weights=True),
        Case(1, 672, 4, 4, 28),
        # relu, no biases, odd planes, batches
        Case(2, 20, 7, 9, 5, "relu", bias1=False, bias2=False),
        Case(3, 17, 5, 5, 3, "none", bias2=False),
        Case(1, 1, 1, 1, 1, "relu", bias1=False),
        # weights larger than the planes (they come in after them, w2
        # under the first product), a batch (loaded once)
        Case(2, 96, 3, 3, 24, "relu"),
        # the largest plane, one a tile, kept whole
        Case(1, 3, 128, 128, 2),
        # planes past the scratchpad's room: x read twice, tiles streamed
        Case(2, 64, 64, 64, 16),
        Case(1, 12, 128, 128, 3, "relu"),
        Case(1, 41, 70, 70, 7),
        # the largest C and R C
        Case(1, 4096, 2, 2, 16),
        Case(1, 256, 3, 3, 256, "none"),
    ]


SETS = {"shapes": cases_shapes}


if __name__ == "__main__":
    sys.exit(main(__doc__, SETS, "squeeze_excite"))
