#!/usr/bin/python3
"""accel_grid_sample (libaccelkernels.a) on accel-sim against numpy.

  grid_sample_check.py --sim "accel-sim [options]"
                       --driver grid_sample_driver.elf --dir DIR

Every mode (bilinear, nearest, bicubic) with every padding (zeros, border,
reflection) and align_corners 0 and 1, over grids reaching past [-1, 1]
(so that each padding's rule is used), planes of 1 x 1 to 9 x 13, batches
with their own grids; and the refusals (an int32 x, a grid not
[N, Ho, Wo, 2], a y of other dims, an unknown mode). The reference is
PyTorch's grid_sample (whose outputs ONNX's test data are) written in
float64 numpy. Bound: the kernel computes in f32, its pixel coordinates
off by a few units of 2^-24 of the plane's size, which moves an output
by the interpolation's slope (at most 3 max|x| a pixel for the cubic) times
that, plus the f32 sums' rounding: 2^-14 max|x| (|ref| at least
1000 times that for a sample of a single tap dropped). Nearest's grids
keep every coordinate a quarter pixel from a rounding boundary, so that
f32 rounds it as float64 does."""

import os
import struct
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_runner import batch_parser, run_batch  # noqa: E402

MODES = ["bilinear", "nearest", "bicubic"]
PADS = ["zeros", "border", "reflection"]


def unnormalize(g, size, align):
    return (g + 1) / 2 * (size - 1) if align else ((g + 1) * size - 1) / 2


def reflect(v, lo2, hi2):
    if lo2 == hi2:
        return 0.0
    lo, span = lo2 / 2, (hi2 - lo2) / 2
    v = abs(v - lo)
    extra = np.fmod(v, span)
    flips = int(np.floor(v / span))
    return extra + lo if flips % 2 == 0 else span - extra + lo


def pad_coord(v, size, pad, align):
    if pad == 1:
        return min(size - 1, max(v, 0))
    if pad == 2:
        v = reflect(v, 0, 2 * (size - 1)) if align else \
            reflect(v, -1, 2 * size - 1)
        return min(size - 1, max(v, 0))
    return v


def cubic(t):
    A = -0.75

    def c1(x):
        return ((A + 2) * x - (A + 3)) * x * x + 1

    def c2(x):
        return ((A * x - 5 * A) * x + 8 * A) * x - 4 * A
    return [c2(t + 1), c1(t), c1(1 - t), c2(2 - t)]


def reference(x, grid, mode, pad, align):
    N, C, H, W = x.shape
    Ho, Wo = grid.shape[1:3]
    y = np.zeros((N, C, Ho, Wo))
    x = x.astype(np.float64)

    def px(n, r, c):
        if 0 <= r < H and 0 <= c < W:
            return x[n, :, r, c]
        return np.zeros(C)
    for n in range(N):
        for i in range(Ho):
            for j in range(Wo):
                gx = unnormalize(float(grid[n, i, j, 0]), W, align)
                gy = unnormalize(float(grid[n, i, j, 1]), H, align)
                if mode == 2:
                    fx, fy = np.floor(gx), np.floor(gy)
                    wx, wy = cubic(gx - fx), cubic(gy - fy)
                    v = np.zeros(C)
                    for a in range(4):
                        r = int(pad_coord(fy - 1 + a, H, pad, align))
                        for b in range(4):
                            c = int(pad_coord(fx - 1 + b, W, pad, align))
                            v += wy[a] * wx[b] * px(n, r, c)
                    y[n, :, i, j] = v
                    continue
                gx, gy = pad_coord(gx, W, pad, align), pad_coord(gy, H, pad,
                                                                  align)
                if mode == 1:
                    y[n, :, i, j] = px(n, int(np.rint(gy)), int(np.rint(gx)))
                    continue
                fx, fy = int(np.floor(gx)), int(np.floor(gy))
                dx, dy = gx - fx, gy - fy
                y[n, :, i, j] = ((1 - dy) * ((1 - dx) * px(n, fy, fx) +
                                             dx * px(n, fy, fx + 1)) +
                                 dy * ((1 - dx) * px(n, fy + 1, fx) +
                                       dx * px(n, fy + 1, fx + 1)))
    return y


class Case:
    def __init__(self, name, x, grid, mode, pad, align, status=0,
                 y_dims=None, x_code=None):
        self.name = "%s %s align %d x %s grid %s%s" % (
            MODES[mode] if mode < 3 else "mode%d" % mode, PADS[pad], align,
            "x".join(map(str, x.shape)), "x".join(map(str, grid.shape)),
            " " + name if name else "")
        self.x, self.grid = x.astype(np.float32), grid.astype(np.float32)
        self.mode, self.pad, self.align, self.status = mode, pad, align, status
        N, C = x.shape[:2]
        self.y_dims = y_dims or (N, C, grid.shape[1], grid.shape[2])
        self.ref = reference(self.x, self.grid, mode, pad, align) \
            if status == 0 else None

    def record(self):
        return struct.pack("<15q", self.mode, self.pad, self.align,
                           *self.x.shape, *self.grid.shape, *self.y_dims) + \
            self.x.tobytes() + self.grid.tobytes()

    def out_bytes(self):
        return 8 + 4 * int(np.prod(self.y_dims))

    def check(self, status, raw):
        if status != self.status:
            return "status %d, expected %d" % (status, self.status)
        got = np.frombuffer(raw, np.float32).reshape(self.y_dims)
        if self.status:
            return None if np.isnan(got).all() else "y written"
        bound = 2.0 ** -14 * max(np.abs(self.x).max(), 1e-30)
        err = np.abs(got - self.ref)
        if not (err <= bound).all():
            k = np.unravel_index(np.argmax(err), err.shape)
            return "y%s = %r, expected %r (bound %.3g)" % (
                list(k), float(got[k]), self.ref[k], bound)
        return None


def cases(rng):
    for (N, C, H, W, Ho, Wo) in [(1, 1, 4, 4, 6, 6), (2, 3, 5, 7, 4, 9),
                                 (1, 2, 9, 13, 5, 3), (1, 1, 1, 1, 2, 3),
                                 (1, 2, 1, 6, 3, 4)]:
        x = rng.uniform(-2, 2, (N, C, H, W))
        for mode in range(3):
            for pad in range(3):
                for align in (0, 1):
                    if mode == 1:  # a quarter pixel from every boundary
                        px = rng.integers(-2 * W, 3 * W, (N, Ho, Wo)) + 0.25
                        py = rng.integers(-2 * H, 3 * H, (N, Ho, Wo)) + 0.25
                        gx = (2 * px / (W - 1) - 1 if align and W > 1
                              else (2 * px + 1) / W - 1)
                        gy = (2 * py / (H - 1) - 1 if align and H > 1
                              else (2 * py + 1) / H - 1)
                        grid = np.stack([gx, gy], -1)
                    else:
                        grid = rng.uniform(-1.6, 1.6, (N, Ho, Wo, 2))
                    yield Case("", x, grid, mode, pad, align)
    x = rng.uniform(-2, 2, (1, 1, 4, 4))
    yield Case("grid not [N, Ho, Wo, 2]", x, rng.uniform(-1, 1, (1, 2, 2, 3)),
               0, 0, 0, status=1, y_dims=(1, 1, 2, 2))
    yield Case("y of other dims", x, rng.uniform(-1, 1, (1, 2, 2, 2)), 0, 0,
               0, status=1, y_dims=(1, 1, 2, 3))
    yield Case("", x, rng.uniform(-1, 1, (1, 2, 2, 2)), 3, 0, 0, status=1,
               y_dims=(1, 1, 2, 2))


def main():
    args = batch_parser().parse_args()
    cs = list(cases(np.random.default_rng(45)))
    return run_batch(args, "grid", b"GRIDSMP1", cs, echo=lambda out: out)


if __name__ == "__main__":
    raise SystemExit(main())
