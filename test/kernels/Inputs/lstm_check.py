#!/usr/bin/python3
"""accel_lstm (libaccelkernels.a) on accel-sim against numpy in float64.

  lstm_check.py --sim "accel-sim [options]" --driver lstm_driver.elf
                --dir DIR [--set all|shapes|errors] [--only TEXT]

One direction of ONNX's LSTM (gates i, o, f, c; sigmoid, tanh, tanh)
from the input projections xw [T, B, 4H]: several T, B and H (H not a
multiple of 16 too), h0 and c0 given and not, reversed steps, y and the
last c; R packed by the driver with accel_lstm_pack (one case packs it
here, checking the layout); and the refusals.

The bound, carried along the steps to first order in float64 beside the
reference: a gate's pre-activation a = xw + h R^T is within
E_a = (H + 2) u 4 |h| |R|^T + |R| e_h (mmac's accumulation,
kernel_check.py's docstring, and h's own error); sigmoid (vexp, vrcp) is
within 2 2^-20 + 3u of itself and has a slope of at most 1/4, tanh (vtanh)
within 2^-20 with a slope of at most 1; c = f c + i g then carries
e_f |c| + |f| e_c + e_i |g| + |i| e_g + 3u (|f c| + |i g|), and h = o
tanh(c) e_o |tanh c| + |o| (e_c + 2^-20) + 2u |h|. Each element is
checked against twice that bound; a dropped recurrent product, a gate
taken for another, or a step out of order moves y by the size of the
terms themselves, orders of magnitude past it."""

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
    """accel_lstm_pack's layout, here: [4 Q, H, 16]."""
    q = (h + T - 1) // T
    out = np.zeros((4 * q, h, T), np.float32)
    for k in range(4):
        for b in range(q):
            n = min(h, (b + 1) * T) - b * T
            out[k * q + b, :, :n] = r[k * h + b * T:k * h + b * T + n, :].T
    return out


def reference(xw, r, h0, c0, reverse):
    steps, b, h4 = xw.shape
    h = h4 // 4
    xw, r = xw.astype(np.float64), r.astype(np.float64)
    hs = np.zeros((b, h)) if h0 is None else h0.astype(np.float64)
    cs = np.zeros((b, h)) if c0 is None else c0.astype(np.float64)
    eh, ec = np.zeros((b, h)), np.zeros((b, h))
    y, ey = np.zeros((steps, b, h)), np.zeros((steps, b, h))
    sig = lambda v: 1.0 / (1.0 + np.exp(-v))  # noqa: E731
    for s in range(steps):
        t = steps - 1 - s if reverse else s
        a = xw[t] + hs @ r.T
        ea = (h + 2) * U * 4 * (np.abs(hs) @ np.abs(r).T) + eh @ np.abs(r).T
        gi, go, gf, gc = (a[:, k * h:(k + 1) * h] for k in range(4))
        ei, eo, ef, eg = (ea[:, k * h:(k + 1) * h] for k in range(4))
        i, o, f, g = sig(gi), sig(go), sig(gf), np.tanh(gc)
        ei = ei / 4 + (2 * SPECIAL + 3 * U) * i
        eo = eo / 4 + (2 * SPECIAL + 3 * U) * o
        ef = ef / 4 + (2 * SPECIAL + 3 * U) * f
        eg = eg + SPECIAL * np.abs(g)
        cn = f * cs + i * g
        ec = (ef * np.abs(cs) + f * ec + ei * np.abs(g) + i * eg
              + 3 * U * (np.abs(f * cs) + np.abs(i * g)))
        tc = np.tanh(cn)
        hs = o * tc
        eh = eo * np.abs(tc) + o * (ec + SPECIAL) + 2 * U * np.abs(hs)
        cs = cn
        y[t], ey[t] = hs, eh
    return y, 2 * ey + 1e-30, cs, 2 * ec + 1e-30


class LstmCase:
    def __init__(self, label, steps, b, h, seed, h0=False, c0=False,
                 reverse=False, yc=True, packed_here=False, w_dims=None,
                 b_xw=None, scale=1.0):
        self.label, self.steps, self.b, self.h = label, steps, b, h
        self.seed, self.h0, self.c0, self.reverse = seed, h0, c0, reverse
        self.yc, self.packed_here, self.w_dims = yc, packed_here, w_dims
        self.b_xw, self.scale = b_xw, scale

    def name(self):
        return "lstm %s T%d B%d H%d" % (self.label, self.steps, self.b,
                                        self.h)

    def make(self, path, with_reference=True):
        rng = np.random.default_rng(self.seed)
        steps, b, h = self.steps, self.b, self.h
        bx = self.b_xw or b
        xw = rng.uniform(-2, 2, (steps, bx, 4 * h)).astype(np.float32)
        r = (rng.uniform(-1, 1, (4 * h, h)) * self.scale / np.sqrt(h)
             ).astype(np.float32)
        h0 = rng.uniform(-1, 1, (b, h)).astype(np.float32) if self.h0 \
            else None
        c0 = rng.uniform(-2, 2, (b, h)).astype(np.float32) if self.c0 \
            else None
        xt = Tensor(xw)
        q = (h + T - 1) // T
        if self.packed_here:
            wt = Tensor(pack(r, h))
        else:
            dims = self.w_dims or (4 * q, h, T)
            wt = Tensor(np.zeros(dims, np.float32))
            n = max(wt.length, r.size)
            wt.buffer = np.zeros(n, np.float32)
            wt.buffer[:r.size] = r.ravel()
            wt.length = n
        yt = Tensor(np.zeros((steps, b, h)), fill=SENTINEL)
        yt.buffer[yt.index] = SENTINEL
        ct = Tensor(np.zeros((b, h)), fill=SENTINEL) if self.yc else None
        if ct is not None:
            ct.buffer[ct.index] = SENTINEL
        parts = [xt, wt, h0 is not None and Tensor(h0),
                 c0 is not None and Tensor(c0), yt, ct]
        with open(path, "wb") as f:
            f.write(b"LSTMCAS1" + struct.pack(
                "<qq", int(self.reverse), int(not self.packed_here)))
            for p in parts:
                f.write(p.record() if p else absent_record())
            for p in parts:
                if p:
                    f.write(p.buffer.astype("<f4").tobytes())
        if not with_reference:
            return None
        y, ey, c, ec = reference(xw, r, h0, c0, self.reverse)
        if ct is None:
            return Output(yt.buffer.copy(), yt.index.ravel(), y.ravel(),
                          ey.ravel())
        before = np.concatenate([yt.buffer, ct.buffer])
        index = np.concatenate([yt.index.ravel(),
                                ct.index.ravel() + yt.buffer.size])
        return Output(before, index, np.concatenate([y.ravel(), c.ravel()]),
                      np.concatenate([ey.ravel(), ec.ravel()]))


def shapes():
    yield LstmCase("family", 10, 2, 64, 1)
    yield LstmCase("family h0 c0", 10, 2, 64, 2, h0=True, c0=True)
    yield LstmCase("reverse", 7, 3, 32, 3, h0=True, c0=True, reverse=True)
    yield LstmCase("h20", 5, 4, 20, 4, h0=True)
    yield LstmCase("h1", 3, 1, 1, 5, c0=True)
    yield LstmCase("b16 h48", 4, 16, 48, 6, h0=True, c0=True)
    yield LstmCase("one step", 1, 5, 16, 7, h0=True, c0=True)
    yield LstmCase("no yc", 6, 2, 40, 8, yc=False)
    yield LstmCase("packed here", 5, 2, 24, 9, packed_here=True, c0=True)
    yield LstmCase("strong r", 12, 2, 16, 10, h0=True, scale=4.0)
    yield LstmCase("h128", 3, 2, 128, 11, h0=True, c0=True)
    # The few-row steps (lstm_wide.c): mmac.4x64 at B <= 4 and H a
    # multiple of 64, mmac.8x32 at B <= 8 and H a multiple of 32; several
    # panels, odd B (a lone last row), the forms' largest B.
    yield LstmCase("4x64 b4", 5, 4, 64, 12, h0=True, c0=True)
    yield LstmCase("4x64 b3 panels", 4, 3, 128, 13, h0=True, reverse=True)
    yield LstmCase("4x64 b1 panels", 3, 1, 192, 14, c0=True, scale=2.0)
    yield LstmCase("8x32 b8 panels", 4, 8, 64, 15, h0=True, c0=True)
    yield LstmCase("8x32 b5 panels", 3, 5, 96, 16, c0=True)
    yield LstmCase("8x32 b7", 6, 7, 32, 17, h0=True, c0=True, yc=False)


def refusal(case):
    return Refusal(case, "accel_lstm", "lstm refuses " + case.label)


def errors():
    yield refusal(LstmCase("w dims", 2, 2, 16, 20, w_dims=(2, 16, 16)))
    yield refusal(LstmCase("xw batch", 2, 2, 16, 21, b_xw=3))
    yield refusal(LstmCase("b17", 2, 17, 16, 22))


SETS = {"shapes": shapes, "errors": errors}


def main():
    return run_checker(__doc__, SETS, "lstm")


if __name__ == "__main__":
    sys.exit(main())
