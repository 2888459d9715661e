#!/usr/bin/python3
"""accel_gru (libaccelkernels.a) on accel-sim against numpy in float64.

  gru_check.py --sim "accel-sim [options]" --driver gru_driver.elf
               --dir DIR [--set all|shapes|errors] [--only TEXT]

One direction of ONNX's GRU with linear_before_reset (gates z, r, h) from
the input projections xw [T, B, 3H]: several T, B and H (H not a
multiple of 16 too), h0 and Rbh given and not, reversed steps; R packed
by the driver with accel_gru_pack (one case packs it here, checking the
layout); and the refusals.

The bound, carried along the steps to first order in float64 beside the
reference as lstm_check.py's: a product h R^T is within
(H + 2) u 4 |h| |R|^T + |R| e_h; sigmoid is within 2 2^-20 + 3u of
itself with a slope of at most 1/4, tanh within 2^-20 with a slope of at
most 1; n = tanh(xh + r (h Rh^T + Rbh)) carries e_r |p| + r e_p + 3u
(|xh| + |r p|), and h' = n + z (h - n) (1 - z) e_n + z e_h + |h - n| e_z
+ 3u (|n| + |z (h - n)|). Each element is checked against twice that
bound; a dropped recurrent product or bias, a gate taken for another, or
a step out of order moves y by the size of the terms themselves."""

import os
import struct
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_runner import (SENTINEL, U, Output, Refusal,  # noqa: E402
                          Tensor, absent_record, main as run_checker)

T = 16
SPECIAL = 2.0 ** -20  # docs/isa.md 7.8: vexp, vrcp, vtanh


def pack(r, h):
    """accel_gru_pack's layout, here: [3 Q, H, 16]."""
    q = (h + T - 1) // T
    out = np.zeros((3 * q, h, T), np.float32)
    for k in range(3):
        for b in range(q):
            n = min(h, (b + 1) * T) - b * T
            out[k * q + b, :, :n] = r[k * h + b * T:k * h + b * T + n, :].T
    return out


def reference(xw, r, rbh, h0, reverse):
    steps, b, h3 = xw.shape
    h = h3 // 3
    xw, r = xw.astype(np.float64), r.astype(np.float64)
    rbh = np.zeros(h) if rbh is None else rbh.astype(np.float64)
    hs = np.zeros((b, h)) if h0 is None else h0.astype(np.float64)
    eh = np.zeros((b, h))
    y, ey = np.zeros((steps, b, h)), np.zeros((steps, b, h))
    sig = lambda v: 1.0 / (1.0 + np.exp(-v))  # noqa: E731
    for s in range(steps):
        t = steps - 1 - s if reverse else s
        p = hs @ r.T
        ep = (h + 2) * U * 4 * (np.abs(hs) @ np.abs(r).T) + eh @ np.abs(r).T
        pz, pr, ph = (p[:, k * h:(k + 1) * h] for k in range(3))
        ez, er, eph = (ep[:, k * h:(k + 1) * h] for k in range(3))
        xz, xr, xh = (xw[t][:, k * h:(k + 1) * h] for k in range(3))
        z, rg = sig(xz + pz), sig(xr + pr)
        ez = (ez + U * np.abs(xz + pz)) / 4 + (2 * SPECIAL + 3 * U) * z
        er = (er + U * np.abs(xr + pr)) / 4 + (2 * SPECIAL + 3 * U) * rg
        q = ph + rbh
        inner = xh + rg * q
        ei = er * np.abs(q) + rg * (eph + U * np.abs(q)) + \
            3 * U * (np.abs(xh) + np.abs(rg * q))
        n = np.tanh(inner)
        en = ei + SPECIAL * np.abs(n)
        hn = n + z * (hs - n)
        eh = ((1 - z) * en + z * eh + np.abs(hs - n) * ez
              + 3 * U * (np.abs(n) + np.abs(z * (hs - n))))
        hs = hn
        y[t], ey[t] = hs, eh
    return y, 2 * ey + 1e-30


class GruCase:
    def __init__(self, label, steps, b, h, seed, h0=False, rbh=False,
                 reverse=False, packed_here=False, w_dims=None, b_xw=None,
                 scale=1.0):
        self.label, self.steps, self.b, self.h = label, steps, b, h
        self.seed, self.h0, self.rbh, self.reverse = seed, h0, rbh, reverse
        self.packed_here, self.w_dims = packed_here, w_dims
        self.b_xw, self.scale = b_xw, scale

    def name(self):
        return "gru %s T%d B%d H%d" % (self.label, self.steps, self.b, self.h)

    def make(self, path, with_reference=True):
        rng = np.random.default_rng(self.seed)
        steps, b, h = self.steps, self.b, self.h
        bx = self.b_xw or b
        xw = rng.uniform(-2, 2, (steps, bx, 3 * h)).astype(np.float32)
        r = (rng.uniform(-1, 1, (3 * h, h)) * self.scale / np.sqrt(h)
             ).astype(np.float32)
        rbh = rng.uniform(-1, 1, h).astype(np.float32) if self.rbh else None
        h0 = rng.uniform(-1, 1, (b, h)).astype(np.float32) if self.h0 \
            else None
        xt = Tensor(xw)
        q = (h + T - 1) // T
        if self.packed_here:
            wt = Tensor(pack(r, h))
        else:
            dims = self.w_dims or (3 * q, h, T)
            wt = Tensor(np.zeros(dims, np.float32))
            n = max(wt.length, r.size)
            wt.buffer = np.zeros(n, np.float32)
            wt.buffer[:r.size] = r.ravel()
            wt.length = n
        yt = Tensor(np.zeros((steps, b, h)), fill=SENTINEL)
        yt.buffer[yt.index] = SENTINEL
        parts = [xt, wt, rbh is not None and Tensor(rbh),
                 h0 is not None and Tensor(h0), yt]
        with open(path, "wb") as f:
            f.write(b"GRUCASE1" + struct.pack(
                "<qq", int(self.reverse), int(not self.packed_here)))
            for p in parts:
                f.write(p.record() if p else absent_record())
            for p in parts:
                if p:
                    f.write(p.buffer.astype("<f4").tobytes())
        if not with_reference:
            return None
        y, ey = reference(xw, r, rbh, h0, self.reverse)
        return Output(yt.buffer.copy(), yt.index, y, ey)


def shapes():
    yield GruCase("pytorch", 10, 2, 64, 1, rbh=True)
    yield GruCase("h0 rbh", 10, 2, 64, 2, h0=True, rbh=True)
    yield GruCase("reverse", 7, 3, 32, 3, h0=True, rbh=True, reverse=True)
    yield GruCase("h20", 5, 4, 20, 4, h0=True, rbh=True)
    yield GruCase("h1", 3, 1, 1, 5, rbh=True)
    yield GruCase("b16 h48", 4, 16, 48, 6, h0=True, rbh=True)
    yield GruCase("one step", 1, 5, 16, 7, h0=True)
    yield GruCase("no rbh", 6, 2, 40, 8, h0=True)
    yield GruCase("packed here", 5, 2, 24, 9, packed_here=True, rbh=True)
    yield GruCase("strong r", 12, 2, 16, 10, h0=True, rbh=True, scale=4.0)
    yield GruCase("h128", 3, 2, 128, 11, h0=True, rbh=True)


def refusal(case):
    return Refusal(case, "accel_gru", "gru refuses " + case.label)


def errors():
    yield refusal(GruCase("w dims", 2, 2, 16, 20, w_dims=(2, 16, 16)))
    yield refusal(GruCase("xw batch", 2, 2, 16, 21, b_xw=3))
    yield refusal(GruCase("b17", 2, 17, 16, 22))


SETS = {"shapes": shapes, "errors": errors}


def main():
    return run_checker(__doc__, SETS, "gru")


if __name__ == "__main__":
    sys.exit(main())
