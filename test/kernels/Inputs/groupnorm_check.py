#!/usr/bin/python3
"""accel_groupnorm (libaccelkernels.a) on accel-sim against numpy float64.

  groupnorm_check.py --sim "accel-sim [options]" --driver groupnorm_driver.elf
                     --dir DIR [--set shapes|big]

Reference: x [N, C, ...] as [N, G, C/G x spatial]; each group's mean mu
and population variance v in float64; n = (x - mu) r, r = 1 / sqrt(v +
eps); t = n gamma[c] + beta[c]; y = t, relu(t) or t sigmoid(t).

Bound. The kernel's mean and variance are accumulated in double and
rounded once (u = 2^-24 each), r and std = sqrt(v + eps) likewise from
the rounded v (1.5 u relative); s = gamma r and b = mu - (beta / gamma)
std are each rounded once more (beta / gamma too), and (x - b) s is
evaluated in double and rounded once. So t is off by at most
u |s| (|mu| + 3 |beta / gamma| std) for b, 3 u |n gamma| for s, and u |t|
for the last rounding: with a factor 2 of margin

  |t - ref_t| <= 8 u (|gamma| (|n| + |mu| r) + |beta|) + 1e-30.

Groups past the scratchpad are read twice: their mean and variance
combined from chunks' in double precision (Chan's formula), within the
same bound. A channel of scale 0 (or tiny beside its shift) is normalized on the
vector unit in f32, four roundings: within the same bound. ReLU is
1-Lipschitz and exact. SiLU: sigmoid is evaluated from the same double t
and rounded once, the product once, and silu's slope is at most 1.1, so
|y - ref| <= 1.2 bound_t + 3 u |ref|. A dropped epsilon (the eps cases
make it move n by a factor of 2), a wrong group (its mean) or a wrong
channel's scale or shift breaks these bounds by orders of magnitude.
y's buffer between consecutive n (pad) must come back as the driver left
it (0xA5 bytes); refusals leave y untouched."""

import os
import struct
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_runner import batch_parser, run_batch  # noqa: E402

U = 2.0 ** -24
ACTS = {0: "none", 1: "relu", 5: "silu", 2: "gelu"}


def pad8(b):
    return b + b"\0" * (-len(b) % 8)


class Case:
    def __init__(self, rng, shape, groups, act=0, eps=1e-5, scale=True,
                 shift=True, in_place=False, pad=0, status=0, x=None,
                 gamma=None, beta=None, note="", scale_len=None):
        self.shape, self.groups, self.act, self.eps = shape, groups, act, eps
        self.in_place, self.pad, self.status = in_place, pad, status
        n, c = shape[0], shape[1]
        inner = int(np.prod(shape[1:]))
        self.x = (rng.uniform(-3, 3, shape) if x is None else x).astype(
            np.float32)
        cl = c if scale_len is None else scale_len
        self.gamma = None if not scale else (
            rng.uniform(0.5, 2, cl) * rng.choice([-1, 1], cl)
            if gamma is None else gamma).astype(np.float32)
        self.beta = None if not shift else (
            rng.uniform(-1, 1, cl) if beta is None else beta).astype(
                np.float32)
        self.total = n * (inner + pad)
        self.name = "%s G=%d %s%s%s%s%s%s" % (
            "x".join(map(str, shape)), groups, ACTS[act],
            "" if scale else " no-scale", "" if shift else " no-shift",
            " in-place" if in_place else "", " pad=%d" % pad if pad else "",
            " " + note if note else "")

    def buffer(self):
        n = self.shape[0]
        buf = np.full((n, self.total // n), np.nan, np.float32)
        buf[:, :self.total // n - self.pad] = self.x.reshape(n, -1)
        return buf.reshape(-1)

    def record(self):
        dims = list(self.shape) + [0] * (6 - len(self.shape))
        r = struct.pack("<13qd", len(self.shape), *dims, self.groups,
                        self.act, self.gamma is not None,
                        self.beta is not None, self.in_place, self.pad,
                        self.eps)
        r += pad8(self.buffer().tobytes())
        for p in (self.gamma, self.beta):
            if p is not None:
                r += pad8(p.tobytes())
        return r

    def out_bytes(self):
        return 8 + len(pad8(b"\0" * (4 * self.total)))

    def reference(self):
        n, c = self.shape[0], self.shape[1]
        x = self.x.astype(np.float64).reshape(n, self.groups, -1)
        mu = x.mean(axis=2, keepdims=True)
        v = ((x - mu) ** 2).mean(axis=2, keepdims=True)
        r = 1.0 / np.sqrt(v + np.float64(np.float32(self.eps)))
        nn = ((x - mu) * r).reshape(n, c, -1)
        mur = np.broadcast_to(np.abs(mu) * r, x.shape).reshape(n, c, -1)
        g = np.ones(c) if self.gamma is None else self.gamma.astype(
            np.float64)
        b = np.zeros(c) if self.beta is None else self.beta.astype(
            np.float64)
        g, b = g[None, :, None], b[None, :, None]
        t = nn * g + b
        bound = 8 * U * (np.abs(g) * (np.abs(nn) + mur) + np.abs(b)) + 1e-30
        if self.act == 1:
            y = np.maximum(t, 0)
        elif self.act == 5:
            y = t / (1 + np.exp(-t))
            bound = 1.2 * bound + 3 * U * np.abs(y)
        else:
            y = t
        return y.reshape(n, -1), bound.reshape(n, -1)

    def check(self, status, raw):
        if status != self.status:
            return "status %d, expected %d" % (status, self.status)
        got = np.frombuffer(raw[:4 * self.total], np.float32)
        n = self.shape[0]
        got = got.reshape(n, -1)
        inner = got.shape[1] - self.pad
        if self.status:
            if self.in_place:
                return None
            return None if raw[:4 * self.total] == \
                b"\xa5" * (4 * self.total) else "y written"
        if self.pad and not self.in_place and \
                got[:, inner:].tobytes() != b"\xa5" * (4 * n * self.pad):
            return "y's padding written"
        ref, bound = self.reference()
        y = got[:, :inner].astype(np.float64)
        err = np.abs(y - ref)
        if not (err <= bound).all():
            k = np.unravel_index(int(np.argmax(
                np.where(np.isnan(err), np.inf, err / bound))), err.shape)
            return "y[%s] = %r, expected %r (bound %.3g)" % (
                k, y[k], ref[k], bound[k])
        return None


def shapes(rng):
    for g in (1, 2, 4, 8):
        yield Case(rng, (2, 8, 5, 7), g)
    for act in (0, 1, 5):
        yield Case(rng, (1, 32, 16, 16), 8, act)
        yield Case(rng, (2, 6, 5, 3), 2, act)  # groups of 45: padded lines
    yield Case(rng, (3, 6, 10), 3, 5)
    yield Case(rng, (3, 6, 10), 6, 0, note="instance")
    yield Case(rng, (4, 12), 4, 5)
    yield Case(rng, (2, 4, 3, 4, 5), 2, 1)
    yield Case(rng, (2, 16, 8, 8), 16, 5, note="instance")
    yield Case(rng, (2, 16, 8, 8), 4, 5, scale=False, shift=False)
    yield Case(rng, (2, 16, 8, 8), 4, 0, shift=False)
    yield Case(rng, (3, 10, 7, 9), 5, 5, pad=13)
    yield Case(rng, (3, 10, 7, 9), 5, 5, in_place=True)
    yield Case(rng, (1, 64, 9, 9), 32, 5, eps=1e-6)
    # Small variances: epsilon doubles or halves n's scale.
    yield Case(rng, (2, 8, 6, 6), 4, 0, eps=1e-2,
               x=rng.uniform(-0.17, 0.17, (2, 8, 6, 6)), note="eps")
    yield Case(rng, (2, 8, 6, 6), 4, 5, eps=1e-2,
               x=rng.uniform(-0.17, 0.17, (2, 8, 6, 6)), note="eps")
    # A large common offset: the variance from the deviations.
    yield Case(rng, (2, 8, 6, 6), 2, 0,
               x=1000 + rng.uniform(-1, 1, (2, 8, 6, 6)), note="offset")
    # Channels of scale 0 and of a scale tiny beside the shift.
    gm = rng.uniform(0.5, 2, 12)
    gm[3], gm[7] = 0.0, 1e-30
    yield Case(rng, (2, 12, 5, 5), 3, 5, gamma=gm, note="zero scale")
    yield Case(rng, (2, 12, 5, 5), 3, 0, gamma=gm, note="zero scale")
    # Refusals.
    yield Case(rng, (2, 6, 4), 4, status=1, note="groups")
    yield Case(rng, (2, 6, 4), 3, 2, status=2, note="gelu")


def big(rng):
    yield Case(rng, (4, 64, 32, 32), 32, 5)        # several batches
    yield Case(rng, (2, 320, 8, 8), 32, 5)         # SD's 320 channels
    yield Case(rng, (1, 4, 200, 200), 2, 5)        # groups of 80 000
    yield Case(rng, (1, 1, 250, 250), 1, 5)        # a plane past the buffer
    yield Case(rng, (1, 2, 250, 250), 2, 1)
    yield Case(rng, (2, 8, 64, 64), 2, 5)          # one group at a time
    yield Case(rng, (3, 4, 100, 100), 2, 0, pad=7)
    # Groups past the scratchpad, read twice: pieces of planes, whole
    # planes a chunk, an offset, a channel of scale 0.
    yield Case(rng, (1, 2, 400, 400), 1, 5, note="split")
    yield Case(rng, (2, 4, 300, 300), 2, 1, note="split")
    gm = rng.uniform(0.5, 2, 64)
    gm[5] = 0.0
    yield Case(rng, (1, 64, 60, 60), 1, 5, gamma=gm,
               x=100 + rng.uniform(-1, 1, (1, 64, 60, 60)), note="split")


def main():
    ap = batch_parser()
    ap.add_argument("--set", default="shapes")
    args = ap.parse_args()
    rng = np.random.default_rng(40)
    cs = list(shapes(rng) if args.set == "shapes" else big(rng))
    return run_batch(args, "groupnorm-" + args.set, b"ACGNORM1", cs,
                     echo=lambda out: out)


if __name__ == "__main__":
    raise SystemExit(main())
