#!/usr/bin/python3
"""accel_moe_route and accel_gated_sum (libaccelkernels.a) on accel-sim
against numpy in float64.

  moe_check.py --sim "accel-sim [options]" --driver moe_driver.elf --dir DIR

Route: logits [T, E] (strided too) of 1 to 1024 experts, k from 1 to 8
(also without the renormalization),
blocks of tokens past the kernel's (partial groups of 16 lanes), exact
ties (the lower index chosen, as TopK), a row holding a NaN (NaN gates).
The reference is ONNX's chain in float64: softmax, the k largest (ties
to the lower index), divided by their sum, scattered into zeros. Bound:
vexp and vrcp are within 2^-20 relative, the softmax and the
renormalization each take one of each and a product: within 2^-17 of a
gate (at most 1) all told; a chosen set differing from the reference's
(e.g. no renormalization, or softmax's sum missing) is off by far more.

Gated sum: y = sum_i g_i t_i with g_i a gate column or 1, against float64;
each of the n terms' product and addition rounds once in f32: within
(n + 1) 2^-24 sum_i |g_i t_i| a element. Rows of 1 to 1500 floats (a
width past the kernel's block), blocks of rows, every term ungated,
strided terms and y, a column twice. The refusals leave y untouched."""

import os
import struct
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_runner import batch_parser, run_batch  # noqa: E402


def pad8(b):
    return b + b"\0" * (-len(b) % 8)


def header(kind, T, E, kn, D, xrs, yrs, overlap=0, gates_e=0, plain=0):
    return struct.pack("<12q", kind, T, E, kn, D, xrs, yrs, overlap, gates_e,
                       plain, 0, 0)


def route_ref(x, k, renormalize=True):
    x = x.astype(np.float64)
    with np.errstate(invalid="ignore", over="ignore"):
        e = np.exp(x - x.max(axis=1, keepdims=True))
        p = e / e.sum(axis=1, keepdims=True)
    g = np.zeros_like(p)
    for t in range(len(p)):
        if np.isnan(p[t]).any():
            g[t] = np.nan
            continue
        order = np.argsort(-p[t], kind="stable")[:k]
        g[t, order] = p[t, order] / (p[t, order].sum() if renormalize
                                     else 1.0)
    return g


class Batched:
    """run_batch's view of a case: its part of the output file (the status,
    out_floats() floats padded to 8 bytes) and check(status, y) of those
    floats (check_y)."""

    def out_bytes(self):
        nf = self.out_floats()
        return 8 + nf * 4 + (-(nf * 4) % 8)

    def check(self, status, raw):
        nf = self.out_floats()
        return self.check_y(status,
                            np.frombuffer(raw[:nf * 4], np.float32).copy())


class Route(Batched):
    def __init__(self, name, x, k, status=0, xrs=None, yrs=None, overlap=0,
                 E=None, renormalize=True):
        self.x = np.asarray(x, np.float32)
        self.T, e = self.x.shape
        self.E = e
        self.gates_e = E or 0
        self.k, self.status, self.overlap = k, status, overlap
        self.renormalize = renormalize
        self.xrs = xrs or e
        self.yrs = yrs or self.E
        self.name = "route %dx%d k %d%s" % (self.T, self.E, k,
                                            " " + name if name else "")

    def record(self):
        buf = np.zeros((self.T, self.xrs), np.float32)
        buf[:, :self.x.shape[1]] = self.x
        return header(0, self.T, self.E, self.k, 0, self.xrs, self.yrs,
                      self.overlap, self.gates_e, int(not self.renormalize)) \
            + pad8(buf.tobytes())

    def out_floats(self):
        return self.T * self.yrs

    def check_y(self, status, y):
        if status != self.status:
            return "status %d, expected %d" % (status, self.status)
        raw = y.view(np.uint32)
        if self.status:
            return None if (raw == 0xA5A5A5A5).all() else "gates written"
        got = y.reshape(self.T, self.yrs)
        if (raw.reshape(self.T, self.yrs)[:, self.E:] != 0xA5A5A5A5).any():
            return "written between rows"
        got = got[:, :self.E].astype(np.float64)
        ref = route_ref(self.x, self.k, self.renormalize)
        nan = np.isnan(ref)
        if (np.isnan(got) != nan).any():
            return "NaN where the reference has %s" % ("none" if not nan.any()
                                                       else "other")
        err = np.abs(np.where(nan, 0, got - ref))
        if not (err <= 2.0 ** -17).all():
            t, j = np.unravel_index(int(np.argmax(err)), err.shape)
            return "gates[%d, %d] = %r, expected %r" % (t, j, got[t, j],
                                                        ref[t, j])
        return None


class Sum(Batched):
    def __init__(self, name, gates, terms, columns, status=0, xrs=None,
                 yrs=None, overlap=0):
        self.gates = None if gates is None else np.asarray(gates, np.float32)
        self.terms = [np.asarray(t, np.float32) for t in terms]
        self.columns = list(columns)
        self.status, self.overlap = status, overlap
        self.T, self.D = self.terms[0].shape if self.terms else (4, 4)
        self.E = 0 if self.gates is None else self.gates.shape[1]
        self.xrs = xrs or self.D
        self.yrs = yrs or self.D
        self.name = "sum %dx%d n %d%s" % (self.T, self.D, len(self.columns),
                                          " " + name if name else "")

    def record(self):
        out = header(1, self.T, self.E, len(self.columns), self.D, self.xrs,
                     self.yrs, self.overlap)
        out += struct.pack("<%dq" % len(self.columns), *self.columns)
        if self.E:
            out += pad8(self.gates.tobytes())
        for t in self.terms:
            buf = np.zeros((self.T, self.xrs), np.float32)
            buf[:, :t.shape[1]] = t
            out += pad8(buf.tobytes())
        return out

    def out_floats(self):
        return self.T * self.yrs

    def check_y(self, status, y):
        if status != self.status:
            return "status %d, expected %d" % (status, self.status)
        raw = y.view(np.uint32).reshape(self.T, self.yrs)
        if self.status:
            return None if (raw == 0xA5A5A5A5).all() else "y written"
        if (raw[:, self.D:] != 0xA5A5A5A5).any():
            return "written between rows"
        got = y.reshape(self.T, self.yrs)[:, :self.D].astype(np.float64)
        ref = np.zeros((self.T, self.D))
        mag = np.zeros((self.T, self.D))
        for c, t in zip(self.columns, self.terms):
            g = 1.0 if c < 0 else \
                self.gates[:, c].astype(np.float64).reshape(-1, 1)
            ref += g * t.astype(np.float64)
            mag += np.abs(g * t.astype(np.float64))
        bound = (len(self.terms) + 1) * 2.0 ** -24 * mag + 1e-30
        err = np.abs(got - ref)
        if not (err <= bound).all():
            r, d = np.unravel_index(int(np.argmax(err / bound)), err.shape)
            return "y[%d, %d] = %r, expected %r (bound %.3g)" % (
                r, d, got[r, d], ref[r, d], bound[r, d])
        return None


def cases(rng):
    n = rng.standard_normal
    # The family model's router: 16 tokens, top 2 of 4.
    yield Route("", n((16, 4)), 2)
    yield Route("", n((5, 4)), 1)
    yield Route("", n((37, 8)), 4)
    yield Route("", n((100, 16)), 2)
    yield Route("every expert", n((20, 6)), 6)
    yield Route("one expert", n((3, 1)), 1)
    yield Route("blocks", 3 * n((1000, 300)), 8)
    yield Route("", 4 * n((40, 1024)), 4)
    yield Route("strided", n((33, 5)), 2, xrs=9, yrs=7)
    yield Route("not renormalized", n((40, 8)), 2, renormalize=False)
    yield Route("not renormalized", 3 * n((70, 64)), 6, renormalize=False)
    ties = np.zeros((18, 4))
    ties[1] = [1, 2, 2, 1]
    ties[2] = [3, 3, 3, 3]
    yield Route("ties", ties, 2)
    yield Route("ties", np.zeros((16, 7)), 3)
    bad = n((17, 4))
    bad[3, 2] = np.nan
    bad[9, 0] = np.inf
    yield Route("NaN and inf rows", bad, 2)
    yield Route("k 0", n((4, 4)), 0, status=1)
    yield Route("k past E", n((4, 4)), 5, status=1)
    yield Route("past 1024 experts", n((2, 1025)), 2, status=2)
    yield Route("gates of other dims", n((4, 4)), 2, status=1, E=3)
    yield Route("gates overlap logits", n((4, 4)), 2, status=1, overlap=1)

    def experts(T, D, count):
        return [n((T, D)) for _ in range(count)]

    g16 = route_ref(n((16, 4)).astype(np.float32), 2)
    yield Sum("family model", g16, experts(16, 64, 5), [-1, 0, 1, 2, 3])
    yield Sum("odd width", route_ref(n((9, 8)), 2), experts(9, 70, 9),
              [-1] + list(range(8)))
    yield Sum("wide", route_ref(n((5, 4)), 1), experts(5, 1500, 3), [2, -1, 0])
    yield Sum("blocks", route_ref(n((3000, 8)), 2), experts(3000, 64, 9),
              [-1] + list(range(8)))
    yield Sum("ungated", None, experts(7, 33, 3), [-1, -1, -1])
    yield Sum("a column twice", n((6, 3)), experts(6, 16, 3), [1, 1, 0])
    yield Sum("64 terms", n((4, 64)), experts(4, 20, 64), list(range(64)))
    yield Sum("strided", n((11, 4)), experts(11, 24, 4), [0, 1, 2, 3],
              xrs=29, yrs=31)
    yield Sum("column past gates", n((4, 4)), experts(4, 8, 2), [0, 4],
              status=1)
    yield Sum("no gates", None, experts(4, 8, 2), [-1, 0], status=1)
    yield Sum("no terms", n((4, 4)), [], [], status=1)
    yield Sum("y overlaps a term", n((4, 4)), experts(4, 8, 2), [-1, 0],
              status=1, overlap=1)


def main():
    args = batch_parser().parse_args()
    cs = list(cases(np.random.default_rng(48)))
    return run_batch(args, "moe", b"ACMOECA1", cs, echo=lambda out: out)


if __name__ == "__main__":
    raise SystemExit(main())
