#!/usr/bin/python3
"""accel_channel_norm (libaccelkernels.a) on accel-sim against numpy float64.

  channel_norm_check.py --sim "accel-sim [options]" --driver DRIVER.elf
                        --dir DIR

Reference: x [N, C, ...]; at each (n, pixel) the mean mu and population
variance v over the C channels in float64; n = (x - mu) r, r = 1 /
sqrt(v + eps); y = n gamma[c] + beta[c].

Bound. The kernel sums a pixel's C values as a tree of f32 row additions
(L = ceil(log2 C) levels: at most L u of the sum of |x|), so its mean is
off by at most (L + 2) u A, A the mean of |x| over the channels; each
deviation x - mean is rounded once more. Their squares are summed the same
way, (sum + C eps) / C is evaluated in double and its root's reciprocal
rounded once: r is off by about (L / 2 + 3) u relative (a shifted mean
moves the sum of squares only in the second order, the deviations
summing to zero). The deviations times r, the scale and the shift round
once each. So

  |y - ref| <= 4 (L + 3) u (|gamma| (|n| + A r) + |beta|) + 1e-30,

a factor of about two of margin. A dropped epsilon (the eps cases make it
move n by a factor of 2), another axis's mean, or a wrong channel's scale
or shift breaks it by orders of magnitude. The padding after each channel
and each n must come back as the driver left it (0xA5 bytes); refusals
leave y untouched."""

import argparse
import os
import shlex
import struct
import subprocess

import numpy as np

U = 2.0 ** -24


def pad8(b):
    return b + b"\0" * (-len(b) % 8)


class Case:
    def __init__(self, rng, shape, eps=1e-6, scale=True, shift=True,
                 in_place=False, cpad=0, npad=0, axis=1, status=0, x=None,
                 gamma=None, last=False, note=""):
        self.shape, self.eps, self.in_place = shape, eps, in_place
        self.last = last
        self.cpad, self.npad, self.axis, self.status = cpad, npad, axis, status
        c = shape[1]
        self.x = (rng.uniform(-3, 3, shape) if x is None else x).astype(
            np.float32)
        self.gamma = None if not scale else (
            rng.uniform(0.5, 2, c) * rng.choice([-1, 1], c)
            if gamma is None else gamma).astype(np.float32)
        self.beta = None if not shift else rng.uniform(-1, 1, c).astype(
            np.float32)
        self.s = int(np.prod(shape[2:]))
        self.ns = c * (self.s + cpad) + npad
        self.total = shape[0] * self.ns
        self.name = "%s%s%s%s%s%s%s%s" % (
            "x".join(map(str, shape)), "" if scale else " no-scale",
            "" if shift else " no-shift", " in-place" if in_place else "",
            " cpad=%d" % cpad if cpad else "",
            " npad=%d" % npad if npad else "", " channels-last" if last
            else "", " " + note if note else "")

    def layout(self, values):
        n, c = self.shape[0], self.shape[1]
        buf = np.full((n, self.ns), np.nan, np.float32)
        planes = buf[:, :c * (self.s + self.cpad)].reshape(n, c, -1)
        planes[:, :, :self.s] = values.reshape(n, c, -1)
        buf[:, :c * (self.s + self.cpad)] = planes.reshape(n, -1)
        return buf.reshape(-1)

    def record(self):
        dims = list(self.shape) + [0] * (6 - len(self.shape))
        r = struct.pack("<14qd", len(self.shape), *dims,
                        self.gamma is not None, self.beta is not None,
                        self.in_place, self.cpad, self.npad, self.axis,
                        self.last, self.eps)
        r += pad8(self.layout(self.x).tobytes())
        for p in (self.gamma, self.beta):
            if p is not None:
                r += pad8(p.tobytes())
        return r

    def out_bytes(self):
        return 8 + len(pad8(b"\0" * (4 * self.total)))

    def reference(self):
        n, c = self.shape[0], self.shape[1]
        x = self.x.astype(np.float64).reshape(n, c, -1)
        mu = x.mean(axis=1, keepdims=True)
        v = ((x - mu) ** 2).mean(axis=1, keepdims=True)
        r = 1.0 / np.sqrt(v + np.float64(np.float32(self.eps)))
        nn = (x - mu) * r
        ar = np.abs(x).mean(axis=1, keepdims=True) * r
        g = np.ones(c) if self.gamma is None else self.gamma.astype(
            np.float64)
        b = np.zeros(c) if self.beta is None else self.beta.astype(
            np.float64)
        g, b = g[None, :, None], b[None, :, None]
        levels = int(np.ceil(np.log2(c))) if c > 1 else 0
        bound = 4 * (levels + 3) * U * (np.abs(g) * (np.abs(nn) + ar) +
                                        np.abs(b)) + 1e-30
        return nn * g + b, bound

    def check(self, status, raw):
        if status != self.status:
            return "status %d, expected %d" % (status, self.status)
        got = np.frombuffer(raw[:4 * self.total], np.float32)
        if self.status:
            if self.in_place:
                return None
            return None if raw[:4 * self.total] == \
                b"\xa5" * (4 * self.total) else "y written"
        n, c = self.shape[0], self.shape[1]
        if self.last:  # [N, S, C] as [N, C, S]
            planes = got[:n * self.s * c].reshape(n, self.s, c).transpose(
                0, 2, 1)
        else:
            got = got.reshape(n, self.ns)
            planes = got[:, :c * (self.s + self.cpad)].reshape(n, c, -1)
        if not self.in_place and not self.last:
            pads = np.concatenate([planes[:, :, self.s:].reshape(-1),
                                   got[:, c * (self.s + self.cpad):]
                                   .reshape(-1)])
            if pads.tobytes() != b"\xa5" * (4 * pads.size):
                return "y's padding written"
        y = planes[:, :, :self.s].astype(np.float64)
        ref, bound = self.reference()
        err = np.abs(y - ref)
        if not (err <= bound).all():
            k = np.unravel_index(int(np.argmax(
                np.where(np.isnan(err), np.inf, err / bound))), err.shape)
            return "y[%s] = %r, expected %r (bound %.3g)" % (
                k, y[k], ref[k], bound[k])
        return None


def cases(rng):
    # ConvNeXt-Tiny's at 64 x 64 (its stages' shapes), then odd shapes.
    for shape in ((1, 96, 16, 16), (1, 192, 8, 8), (1, 384, 4, 4),
                  (1, 768, 2, 2)):
        yield Case(rng, shape)
        yield Case(rng, shape, scale=False, shift=False)
    yield Case(rng, (2, 5, 7, 3))                    # odd C, a tail block
    yield Case(rng, (3, 1, 4, 4), note="one channel")
    yield Case(rng, (2, 3, 100))
    yield Case(rng, (4, 7))                          # rank 2: one pixel
    yield Case(rng, (2, 2, 3, 4, 5))                 # rank 5
    yield Case(rng, (1, 17, 33, 35))                 # blocks and a tail
    yield Case(rng, (1, 8, 100, 100))                # blocks of MaxPixels
    yield Case(rng, (2, 64, 40, 40), scale=False)
    yield Case(rng, (2, 64, 40, 40), shift=False)
    yield Case(rng, (1, 1536, 3, 3), note="most channels")
    yield Case(rng, (2, 24, 9, 9), cpad=7, npad=13)
    yield Case(rng, (2, 24, 9, 9), in_place=True)
    yield Case(rng, (3, 10, 6, 6), cpad=3, in_place=True)
    # y channels-last (x's permute to [N, H, W, C] written directly):
    # ConvNeXt-Tiny's two last stages, channels not whole vectors, several
    # blocks of pixels.
    yield Case(rng, (1, 384, 4, 4), last=True)
    yield Case(rng, (1, 768, 2, 2), scale=False, shift=False, last=True)
    yield Case(rng, (2, 21, 5, 3), last=True)
    yield Case(rng, (1, 24, 20, 20), cpad=5, last=True)
    # Small variances: epsilon doubles or halves n's scale.
    yield Case(rng, (2, 8, 6, 6), eps=1e-2,
               x=rng.uniform(-0.17, 0.17, (2, 8, 6, 6)), note="eps")
    # A large common offset: the variance from the deviations.
    yield Case(rng, (2, 32, 6, 6),
               x=1000 + rng.uniform(-1, 1, (2, 32, 6, 6)), note="offset")
    gm = rng.uniform(0.5, 2, 12)
    gm[3] = 0.0
    yield Case(rng, (2, 12, 5, 5), gamma=gm, note="zero scale")
    # Refusals.
    yield Case(rng, (1, 1537, 2, 2), status=2, note="too many channels")
    yield Case(rng, (2, 6, 4), axis=2, status=1, note="axis 2")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sim", required=True)
    ap.add_argument("--driver", required=True)
    ap.add_argument("--dir", required=True)
    args = ap.parse_args()
    rng = np.random.default_rng(41)
    cs = list(cases(rng))
    os.makedirs(args.dir, exist_ok=True)
    stem = os.path.join(args.dir, "channel-norm")
    with open(stem + ".in", "wb") as f:
        f.write(b"ACCHNRM1" + struct.pack("<q", len(cs)))
        for c in cs:
            f.write(c.record())
    sim = shlex.split(args.sim)
    if os.sep in sim[0]:
        sim[0] = os.path.abspath(sim[0])
    if os.path.exists(stem + ".out"):
        os.unlink(stem + ".out")
    p = subprocess.run(sim + [os.path.abspath(args.driver), stem + ".in",
                              stem + ".out"], cwd=args.dir,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True)
    if p.returncode != 0:
        print("FAILED: the simulator exited with %d:\n%s" % (p.returncode,
                                                            p.stdout))
        return 1
    print(p.stdout, end="")
    data = open(stem + ".out", "rb").read()
    at, failures = 0, 0
    for c in cs:
        n = c.out_bytes()
        chunk = data[at:at + n]
        at += n
        problem = "no output" if len(chunk) < n else \
            c.check(struct.unpack("<q", chunk[:8])[0], chunk[8:])
        failures += problem is not None
        print("%s %s" % (c.name, "FAILED: " + problem if problem else "ok"))
    print("%d cases, %d failures" % (len(cs), failures))
    return failures != 0


if __name__ == "__main__":
    raise SystemExit(main())
