"""Runs accel_gemm_layernorm and accel_mlp_layernorm on accel-sim against
float64 numpy references.

  gemm_norm_check.py --sim "accel-sim [options]" --driver DRIVER.elf
                     --dir DIR [--set shapes|mlp]

(shapes: gemm_norm_driver.c's cases; mlp: mlp_norm_driver.c's.)

Each case makes a (rows of K), b (K x N, or N x K with trans_b), the bias,
scale, shift and residual (each optional; uniform in [-1, 1], the scale in
[0.5, 2], rounded to f32, a fixed seed per case) in the layouts it names
(check_runner.layout), writes the case file gemm_norm_driver.c reads, and
compares y with the reference

  s = a . op(b) + bias + residual,  y = (s - mean) / sqrt(var + eps) g + h

along each row, elements of y's buffer outside its view bit for bit.

Bound (u = 2^-24). The kernel's s: mmac adds K products, each step
rounded (docs/isa.md, mmac), then the residual and the bias, each
rounded: per element
|s - s_ref| <= e = (K + 4) u (|bias| + |a| . |b| + |residual|). A row's
errors, at most E (its largest e) each, move the mean by E and s - mean by
2 E, and the variance by at most 2 sqrt(var) 2 E + 4 E^2, so
r = 1 / sqrt(var + eps) by that over 2 (var + eps) relative: y moves by at
most r |g| (2 E + |s - mean| r^2 (2 sqrt(var) E + 2 E^2)), doubled for
margin; plus the norm's own rounding, normalization's bound
(norm_check.py): 8 (N + 16) u (d r |g| + |h|), d = |s - mean| + mean|s|.

The MLP: s = act(x . w1 + bias1) . w2 + bias2 + residual. The hidden
layer's values z = x . w1 + bias1 err by e1 = (K + 4) u (|bias1| + |x| .
|w1|) each (as above), act (relu: exact; gelu on the stream engine: its
error, 2^-20 relative plus 2^-24 absolute, docs/isa.md 7.13) moves them
by at most max|act'| e1 + its own error (|act'| <= 1.13 for gelu, 1 for
relu), and that carries through w2: e = (H + 4) u (|bias2| + |act(z)| .
|w2| + |residual|) + (1.13 e1 + 2^-20 |act(z)| + 2^-24) . |w2|; the rest
as above with H for K.
"""
import os
import struct
import sys
import zlib

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_runner import (SENTINEL, U, Output, Tensor,  # noqa: E402
                          absent_record, main)


def tensor(values, kind="contig"):
    return Tensor(values, kind, SENTINEL)


class Case:
    def __init__(self, rows, K, N, trans_b=False, bias=True, scale=True,
                 shift=True, residual="contig", la="contig", ly="contig",
                 in_place=False, eps=1e-5):
        self.rows, self.K, self.N = list(rows), K, N
        self.trans_b, self.bias, self.scale, self.shift = \
            trans_b, bias, scale, shift
        self.residual, self.la, self.ly = residual, la, ly
        self.in_place, self.eps = in_place, eps

    def name(self):
        s = "%s x %d . %d x %d" % ("x".join(map(str, self.rows)), self.K,
                                   self.K, self.N)
        for flag in ("trans_b", "in_place"):
            if getattr(self, flag):
                s += " " + flag
        for flag in ("bias", "scale", "shift"):
            if not getattr(self, flag):
                s += " no_" + flag
        s += " residual:%s" % self.residual if self.residual else \
            " no_residual"
        if self.la != "contig" or self.ly != "contig":
            s += " a:%s y:%s" % (self.la, self.ly)
        return s

    def make(self, path):
        rng = np.random.default_rng(zlib.crc32(self.name().encode()))

        def uniform(shape, lo=-1.0, hi=1.0):
            return rng.uniform(lo, hi, shape).astype(np.float32)
        K, N, rows = self.K, self.N, self.rows
        self.a = tensor(uniform(rows + [K]), self.la)
        bv = uniform((K, N))
        self.bm = bv
        self.b = tensor(bv.T.copy() if self.trans_b else bv)
        self.y = None if self.in_place else tensor(
            np.full(rows + [N], SENTINEL, np.float32), self.ly)
        if self.y is not None:
            self.y.buffer[:] = SENTINEL
        self.c = tensor(uniform(N)) if self.bias else None
        self.g = tensor(uniform(N, 0.5, 2.0)) if self.scale else None
        self.h = tensor(uniform(N)) if self.shift else None
        self.r = tensor(uniform(rows + [N]), self.residual) \
            if self.residual else None
        ts = [self.a, self.b, self.y, self.c, self.g, self.h, self.r]
        return self.write(path, b"GNRMCAS1", int(self.trans_b), ts)

    def write(self, path, magic, first, ts):
        """The case file (the driver's comment has the format): magic,
        first and in_place, epsilon, the tensors' records and buffers;
        the Output to check."""
        with open(path, "wb") as f:
            f.write(magic)
            f.write(struct.pack("<2q", first, int(self.in_place)))
            f.write(struct.pack("<f", self.eps))
            f.write(b"".join(t.record() if t is not None
                             else absent_record() for t in ts))
            for t in ts:
                if t is not None:
                    f.write(t.buffer.tobytes())
        out = self.r if self.in_place else self.y
        return Output(out.buffer, out.index, *self.reference())

    def reference(self):
        a = self.a.values.astype(np.float64)
        b = self.bm.astype(np.float64)
        return self.norm_reference(a @ b, np.abs(a) @ np.abs(b), self.K, 0.0)

    def norm_reference(self, product, abs_product, k, extra):
        """(float64 y, bound) for a product (and the sum of its terms'
        magnitudes) of reduction length k, extra its inputs' error."""
        zero = np.zeros(self.N)
        bias = self.c.values.astype(np.float64) if self.c else zero
        res = self.r.values.astype(np.float64) if self.r else 0.0
        g = self.g.values.astype(np.float64) if self.g else 1.0
        h = self.h.values.astype(np.float64) if self.h else 0.0
        s = product + bias + res
        e = (k + 4) * U * (np.abs(bias) + abs_product + np.abs(res)) + extra
        E = e.max(axis=-1, keepdims=True)
        mean = s.mean(axis=-1, keepdims=True)
        var = ((s - mean) ** 2).mean(axis=-1, keepdims=True)
        eps = float(np.float32(self.eps))
        r = 1 / np.sqrt(var + eps)
        ref = (s - mean) * r * g + h
        moved = 2 * r * np.abs(g) * (2 * E + np.abs(s - mean) * r ** 2 *
                                     (2 * np.sqrt(var) * E + 2 * E ** 2))
        d = np.abs(s - mean) + np.abs(s).mean(axis=-1, keepdims=True)
        own = 8 * (self.N + 16) * U * (d * r * np.abs(g) + np.abs(h))
        return ref, moved + own + 2.0 ** -140


def cases_shapes():
    return [
        # a d-64 encoder's output projection and second feed-forward gemm
        Case([32], 64, 64),
        Case([2, 16], 128, 64),
        # rows, K and N off the tiles' 16
        Case([37], 50, 40),
        Case([1], 1, 1),
        Case([5, 3], 17, 33, trans_b=True),
        # options left out
        Case([20], 64, 48, bias=False, shift=False),
        Case([20], 64, 48, scale=False, residual=None),
        Case([18], 32, 32, bias=False, scale=False, shift=False),
        # strided and in place
        Case([24], 40, 48, la="pad", ly="pad", residual="rev"),
        Case([3, 7], 20, 24, la="rev", ly="rev", residual="pad"),
        Case([33], 64, 64, in_place=True),
        # many blocks and panels (BERT-mini's output projection)
        Case([128], 256, 256),
        # a first block's streamed panels: one, five, and seven (the next
        # block's rows behind the last on channel 0) against several blocks
        Case([40], 32, 16),
        Case([20], 32, 80),
        Case([40], 64, 100),
    ]


ACTS = {"none": 0, "relu": 1, "gelu": 4}


def gelu(z):
    from math import erf, sqrt
    return z * 0.5 * (1 + np.vectorize(erf)(z / sqrt(2)))


class MlpCase(Case):
    """y = layernorm(act(x . w1 + bias1) . w2 + bias2 + residual)."""

    def __init__(self, rows, K, H, N, act="relu", **kw):
        Case.__init__(self, rows, K, N, **kw)
        self.H, self.act = H, act

    def name(self):
        # The options as Case names them, after its shape.
        options = Case.name(self).rsplit(" x %d" % self.N, 1)[1]
        return "mlp %s x %d . %d x %d . %d x %d %s%s" % (
            "x".join(map(str, self.rows)), self.K, self.K, self.H, self.H,
            self.N, self.act, options)

    def make(self, path):
        rng = np.random.default_rng(zlib.crc32(self.name().encode()))

        def uniform(shape, lo=-1.0, hi=1.0):
            return rng.uniform(lo, hi, shape).astype(np.float32)
        K, H, N, rows = self.K, self.H, self.N, self.rows
        self.x = tensor(uniform(rows + [K]), self.la)
        self.w1 = tensor(uniform((K, H)))
        self.w2 = tensor(uniform((H, N)))
        self.y = None if self.in_place else tensor(
            np.full(rows + [N], SENTINEL, np.float32), self.ly)
        if self.y is not None:
            self.y.buffer[:] = SENTINEL
        self.c1 = tensor(uniform(H)) if self.bias else None
        self.c = tensor(uniform(N)) if self.bias else None
        self.g = tensor(uniform(N, 0.5, 2.0)) if self.scale else None
        self.h = tensor(uniform(N)) if self.shift else None
        self.r = tensor(uniform(rows + [N]), self.residual) \
            if self.residual else None
        ts = [self.x, self.w1, self.w2, self.y, self.c1, self.c, self.g,
              self.h, self.r]
        return self.write(path, b"MLPNCAS1", ACTS[self.act], ts)

    def reference(self):
        x = self.x.values.astype(np.float64)
        w1 = self.w1.values.astype(np.float64)
        w2 = self.w2.values.astype(np.float64)
        b1 = self.c1.values.astype(np.float64) if self.c1 else 0.0
        z = x @ w1 + b1
        e1 = (self.K + 4) * U * (np.abs(b1) + np.abs(x) @ np.abs(w1))
        act = {"none": lambda v: v, "relu": lambda v: np.maximum(v, 0),
               "gelu": gelu}[self.act]
        hidden = act(z)
        moved1 = (1.13 * e1 + 2.0 ** -20 * np.abs(hidden) + 2.0 ** -24) \
            @ np.abs(w2)
        return self.norm_reference(hidden @ w2, np.abs(hidden) @ np.abs(w2),
                                   self.H, moved1)


def cases_mlp():
    return [
        # a d-64 encoder's feed-forward block (128 hidden), ReLU and GELU
        MlpCase([2, 16], 64, 128, 64, "relu"),
        MlpCase([2, 16], 64, 128, 64, "gelu"),
        # sizes off the tiles' 16, no activation, options left out
        MlpCase([37], 20, 33, 40, "none"),
        MlpCase([5, 3], 17, 50, 24, "relu", bias=False, shift=False),
        MlpCase([20], 32, 64, 48, "gelu", scale=False, residual=None),
        # strided and in place
        MlpCase([24], 40, 48, 32, "relu", la="pad", ly="pad",
                residual="rev"),
        MlpCase([33], 64, 96, 64, "relu", in_place=True),
    ]


SETS = {"shapes": cases_shapes, "mlp": cases_mlp}


if __name__ == "__main__":
    sys.exit(main(__doc__, SETS, "gemm_norm"))
