"""accel_resize (libaccelkernels.a) on accel-sim against numpy float64.

  resize_check.py --sim "accel-sim [options]" --driver resize_driver.elf
                  --dir DIR

The reference follows ONNX's own (onnx/backend/test/case/node/resize.py),
written here independently of the kernel's taps: along each dimension,
each output coordinate is mapped into x by the coordinate transformation,
its n neighbours are the n nearest indices of x padded by ceil(n / 2) edge
copies on each side (ties to the lower, as ONNX's get_neighbor_idxes
sorts them), weighted by the mode's coefficients of the point's ratio
past the lower neighbour (in (0, 1]). That gives one float64 matrix a
dimension (output x input), applied in turn along each; with
tf_crop_and_resize an output coordinate outside x on any dimension is the
extrapolation value.

Tolerance: nearest moves elements, compared bit for bit. Linear and cubic
are computed in f32 from f32 weights: each of at most 4^rank products of
rank weights and an element, and their sum, rounds at most 2 rank + 4^rank
times relative to sum |w x| (u = 2^-24), with a factor 4 of margin:

  |y - ref| <= 4 (2 rank + taps) u sum |w| |x| + 1e-30

where taps is the number of products; a dropped or doubled tap moves y by
its weight times an element (of x uniform in [-1, 1], about 0.1 and more),
orders above it. Every element of y's buffer outside its view holds a
sentinel and must come back bit for bit.
"""
import math
import os
import struct
import sys
import zlib

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_runner import batch_parser, run_batch  # noqa: E402

R = 6
F32, I32, F16, I64, U8 = 0, 2, 3, 7, 8
NP = {F32: np.float32, I32: np.int32, F16: np.float16, I64: np.int64,
      U8: np.uint8}
MODES = {"nearest": 0, "linear": 1, "cubic": 2}
COORDS = {"half_pixel": 0, "pytorch_half_pixel": 1, "align_corners": 2,
          "asymmetric": 3, "tf_half_pixel_for_nn": 4,
          "tf_crop_and_resize": 5}
NEAREST = {"round_prefer_floor": 0, "round_prefer_ceil": 1, "floor": 2,
           "ceil": 3}
SENTINEL = {F32: np.float32(-7.25), I32: np.int32(-77), F16:
            np.float16(-7.25), I64: np.int64(-7777), U8: np.uint8(77)}


def neighbours(x, n, limit):
    return sorted(sorted(range(limit), key=lambda i: (abs(x - i), i))[:n])


def coefficients(mode, ratio, a, nearest_mode):
    if mode == "nearest":
        if ratio == 1:
            return [0.0, 1.0]
        upper = {"round_prefer_floor": ratio > 0.5,
                 "round_prefer_ceil": ratio >= 0.5,
                 "floor": False, "ceil": True}[nearest_mode]
        return [0.0, 1.0] if upper else [1.0, 0.0]
    if mode == "linear":
        return [1 - ratio, ratio]
    r = ratio
    return [((a * (r + 1) - 5 * a) * (r + 1) + 8 * a) * (r + 1) - 4 * a,
            ((a + 2) * r - (a + 3)) * r * r + 1,
            ((a + 2) * (1 - r) - (a + 3)) * (1 - r) * (1 - r) + 1,
            ((a * (2 - r) - 5 * a) * (2 - r) + 8 * a) * (2 - r) - 4 * a]


def source(coords, o, n_in, scale, start, end):
    length = scale * n_in
    if coords == "align_corners":
        return 0.0 if length == 1 else o * (n_in - 1) / (length - 1)
    if coords == "asymmetric":
        return o / scale
    if coords == "tf_crop_and_resize":
        if length == 1:
            c = (end - start) * (n_in - 1) / 2
        else:
            c = o * (end - start) * (n_in - 1) / (length - 1)
        return c + start * (n_in - 1)
    if coords == "pytorch_half_pixel":
        return -0.5 if length == 1 else (o + 0.5) / scale - 0.5
    if coords == "tf_half_pixel_for_nn":
        return (o + 0.5) / scale
    return (o + 0.5) / scale - 0.5


def axis_matrix(c, n_in, n_out, scale, start, end):
    """The output x input weights of one dimension, and which outputs lie
    outside x (tf_crop_and_resize)."""
    m = np.zeros((n_out, n_in))
    outside = np.zeros(n_out, dtype=bool)
    for o in range(n_out):
        x = source(c.coords, o, n_in, scale, start, end)
        if c.coords == "tf_crop_and_resize" and (x < 0 or x > n_in - 1):
            outside[o] = True
            continue
        ratio = 1.0 if x == math.floor(x) else x - math.floor(x)
        w = coefficients(c.mode, ratio, c.a, c.nearest)
        n = len(w)
        pad = math.ceil(n / 2)
        idx = [i - pad for i in neighbours(x + pad, n, n_in + 2 * pad)]
        w = np.array(w)
        if c.exclude:
            for k, i in enumerate(idx):
                if i < 0 or i >= n_in:
                    w[k] = 0
            w = w / w.sum()
        for k, i in enumerate(idx):
            m[o, min(max(i, 0), n_in - 1)] += w[k]
    return m, outside


def reference(c, x):
    """y in float64 (nearest: in x's type), its bound."""
    y = x.astype(np.float64)
    mag = np.abs(y)
    outside = np.zeros(c.y_dims, dtype=bool)
    for d in range(c.rank):
        m, out = axis_matrix(c, c.x_dims[d], c.y_dims[d], c.scale_of(d),
                             c.roi_start[d], c.roi_end[d])
        y = np.moveaxis(np.tensordot(m, np.moveaxis(y, d, 0), 1), 0, d)
        mag = np.moveaxis(np.tensordot(np.abs(m), np.moveaxis(mag, d, 0), 1),
                          0, d)
        shape = [1] * c.rank
        shape[d] = c.y_dims[d]
        outside = outside | out.reshape(shape)
    y = np.where(outside, c.extrapolation, y)
    taps = {"nearest": 1, "linear": 2, "cubic": 4}[c.mode] ** c.rank
    bound = 4 * (2 * c.rank + taps) * 2.0 ** -24 * mag + 1e-30
    return y, np.where(outside, 0, bound)


class Case:
    def __init__(self, name, mode="nearest", coords="half_pixel",
                 nearest="round_prefer_floor", x_dims=(1, 1, 4, 4),
                 scales=None, sizes=None, dtype=F32, a=-0.75, exclude=0,
                 roi=None, extrapolation=0.0, runtime=None, y_pad=0,
                 y_dims=None, expect=0):
        self.name, self.mode, self.coords, self.nearest = (name, mode, coords,
                                                           nearest)
        self.dtype, self.a, self.exclude = dtype, a, exclude
        self.extrapolation = extrapolation
        self.x_dims = list(x_dims)
        self.rank = len(x_dims)
        self.scales = ([float(np.float32(s)) for s in scales]
                       if scales is not None else None)
        self.sizes = list(sizes) if sizes is not None else None
        if y_dims is not None:
            self.y_dims = list(y_dims)
        elif self.sizes is not None:
            self.y_dims = list(self.sizes)
        else:
            self.y_dims = [int(n * s) for n, s in zip(self.x_dims,
                                                      self.scales)]
        roi = roi or [0.0] * self.rank + [1.0] * self.rank
        roi = [float(np.float32(v)) for v in roi]
        self.roi_start, self.roi_end = roi[:self.rank], roi[self.rank:]
        self.runtime = runtime or ()
        self.expect = expect
        # y padded along its last dimension (a strided view).
        self.y_strides = [0] * self.rank
        s = 1
        for d in reversed(range(self.rank)):
            self.y_strides[d] = s
            s *= self.y_dims[d] + (y_pad if d == self.rank - 1 else 0)
        self.y_len = s + 3
        self.y_off = 2
        rng = np.random.default_rng(zlib.crc32(name.encode()))
        n = int(np.prod(self.x_dims))
        if dtype in (F32, F16):
            self.x = rng.uniform(-1, 1, n).astype(NP[dtype])
        else:
            self.x = rng.integers(0, 100, n).astype(NP[dtype])
        self.x = self.x.reshape(self.x_dims)

    def scale_of(self, d):
        if self.scales is not None and "sizes" not in self.runtime:
            return self.scales[d]
        return self.y_dims[d] / self.x_dims[d]

    def record(self):
        pad = [0] * (R - self.rank)
        x_strides = [int(np.prod(self.x_dims[d + 1:]))
                     for d in range(self.rank)]
        const_scales = (self.scales if self.scales is not None and
                        "scales" not in self.runtime else [0.0] * self.rank)
        counts = [self.rank if "scales" in self.runtime else 0,
                  self.rank if "sizes" in self.runtime else 0,
                  2 * self.rank if "roi" in self.runtime else 0]
        h = ([self.dtype, MODES[self.mode], COORDS[self.coords],
              NEAREST[self.nearest], self.exclude, self.rank] +
             self.x_dims + pad + self.y_dims + pad + x_strides + pad +
             self.y_strides + pad +
             [0, self.x.size, self.y_off, self.y_len] + counts)
        roi_start = self.roi_start if "roi" not in self.runtime else [
            0.0] * self.rank
        roi_end = self.roi_end if "roi" not in self.runtime else [
            1.0] * self.rank
        f = ([self.a, self.extrapolation] + const_scales + [0.0] * len(pad) +
             roi_start + [0.0] * len(pad) + roi_end + [1.0] * len(pad))
        out = struct.pack("<%dq" % len(h), *h) + struct.pack("<%dd" % len(f),
                                                             *f)
        out += padded(self.x.tobytes())
        y = np.full(self.y_len, SENTINEL[self.dtype], dtype=NP[self.dtype])
        out += padded(y.tobytes())
        if "scales" in self.runtime:
            out += padded(np.array(self.scales, np.float32).tobytes())
        if "sizes" in self.runtime:
            out += padded(np.array(self.runtime_sizes(), np.int64).tobytes())
        if "roi" in self.runtime:
            out += padded(np.array(self.roi_start + self.roi_end,
                                   np.float32).tobytes())
        return out

    def runtime_sizes(self):
        return self.sizes

    def out_bytes(self):
        return 8 + len(padded(b"\0" * (self.y_len * self.x.itemsize)))

    def check(self, status, got):
        if status != self.expect:
            return "status %d, expected %d" % (status, self.expect)
        t = NP[self.dtype]
        buf = np.frombuffer(got[:self.y_len * self.x.itemsize], dtype=t)
        idx = np.zeros(self.y_dims, dtype=np.int64) + self.y_off
        for d in range(self.rank):
            shape = [1] * self.rank
            shape[d] = self.y_dims[d]
            idx = idx + (np.arange(self.y_dims[d]) *
                         self.y_strides[d]).reshape(shape)
        mask = np.ones(self.y_len, dtype=bool)
        mask[idx.ravel()] = False
        sentinel = np.full(self.y_len, SENTINEL[self.dtype], dtype=t)
        if self.expect:
            return None if np.array_equal(
                buf.view(np.uint8), sentinel.view(np.uint8)) else \
                "y written on an error"
        if not np.array_equal(buf[mask].view(np.uint8),
                              sentinel[mask].view(np.uint8)):
            return "an element outside y's view changed"
        y = buf[idx]
        ref, bound = reference(self, self.x)
        if self.mode == "nearest":
            want = ref.astype(t)
            if not np.array_equal(y, want):
                i = tuple(np.argwhere(y != want)[0])
                return "y%s = %r, expected %r" % (list(i), y[i], want[i])
            return None
        err = np.abs(y.astype(np.float64) - ref)
        if not (err <= bound).all():
            i = tuple(np.argwhere(~(err <= bound))[0])
            return "y%s = %r, expected %r (bound %.3g)" % (list(i), y[i],
                                                          ref[i], bound[i])
        return None


def padded(b):
    return b + b"\0" * (-len(b) % 8)


def cases():
    cs = []
    up, down, odd = [1, 1, 2, 2], [1, 1, 0.6, 0.6], [1, 1, 1.7, 2.3]
    for coords in COORDS:
        if coords == "tf_crop_and_resize":
            continue
        for nearest in NEAREST:
            cs.append(Case("nearest %s %s up" % (coords, nearest),
                           coords=coords, nearest=nearest, scales=up))
        cs.append(Case("nearest %s down" % coords, coords=coords,
                       scales=down))
        cs.append(Case("nearest %s 1.7x2.3" % coords, coords=coords,
                       scales=odd, nearest="round_prefer_ceil"))
        for mode in ("linear", "cubic"):
            cs.append(Case("%s %s up" % (mode, coords), mode=mode,
                           coords=coords, scales=up))
            cs.append(Case("%s %s down" % (mode, coords), mode=mode,
                           coords=coords, scales=down))
            cs.append(Case("%s %s 1.7x2.3" % (mode, coords), mode=mode,
                           coords=coords, scales=odd, x_dims=(2, 3, 5, 4)))
            cs.append(Case("%s %s sizes [1, 1, 3, 1]" % (mode, coords),
                           mode=mode, coords=coords, sizes=[1, 1, 3, 1]))
    cs += [
        Case("cubic exclude_outside a -0.5 up", mode="cubic", a=-0.5,
             exclude=1, scales=up),
        Case("cubic exclude_outside a -0.5 down", mode="cubic", a=-0.5,
             exclude=1, scales=down),
        Case("linear tf_crop_and_resize", mode="linear",
             coords="tf_crop_and_resize", sizes=[1, 1, 3, 3],
             roi=[0, 0, 0.4, 0.6, 1, 1, 1.2, 1.7], extrapolation=10.0),
        Case("nearest tf_crop_and_resize", coords="tf_crop_and_resize",
             sizes=[1, 1, 3, 3], roi=[0, 0, 0.4, 0.6, 1, 1, 1.2, 1.7],
             extrapolation=10.0),
        Case("linear rank 1", mode="linear", x_dims=(7,), scales=[2.5]),
        Case("linear rank 3, every dimension", mode="linear",
             x_dims=(3, 4, 5), scales=[1.5, 0.5, 2.0]),
        Case("cubic rank 5", mode="cubic", x_dims=(1, 2, 3, 4, 5),
             sizes=[2, 2, 5, 3, 7]),
        Case("linear y padded", mode="linear", x_dims=(2, 3, 6, 5),
             scales=[1, 1, 2, 3], y_pad=3),
        Case("nearest y padded", x_dims=(2, 3, 6, 5), scales=[1, 1, 2, 2],
             y_pad=5),
        Case("nearest int64", dtype=I64, x_dims=(2, 3, 4), scales=[1, 2, 3]),
        Case("nearest uint8 down", dtype=U8, x_dims=(5, 9),
             scales=[0.5, 0.4]),
        Case("nearest f16", dtype=F16, x_dims=(1, 2, 3, 3),
             scales=[1, 1, 2, 1.5]),
        # The row path: x's rows widened in the scratchpad.
        Case("rows 2x [1, 3, 32, 48]", x_dims=(1, 3, 32, 48),
             scales=[1, 1, 2, 2]),
        Case("rows 2x [2, 4, 17, 33]", x_dims=(2, 4, 17, 33),
             scales=[1, 1, 2, 2]),
        Case("rows int32 3x by 2x [2, 5, 7]", dtype=I32, x_dims=(2, 5, 7),
             scales=[1, 2, 3]),
        Case("rows H 0.5, W 1 [3, 10, 40]", x_dims=(3, 10, 40),
             scales=[1, 0.5, 1]),
        Case("rows H 2.5, W 4 [4, 6, 9]", x_dims=(4, 6, 9),
             scales=[1, 2.5, 4], coords="asymmetric"),
        Case("rows 2x, several blocks [2, 300, 100]", x_dims=(2, 300, 100),
             scales=[1, 2, 2]),
        Case("rows 2x, a last block of one row [1, 164, 50]",
             x_dims=(1, 164, 50), scales=[1, 2, 2]),
        Case("rows H 1.5, W 2, several blocks [3, 400, 50]",
             x_dims=(3, 400, 50), scales=[1, 1.5, 2]),
        Case("rows H 1, W 3, several blocks [700, 40]", x_dims=(700, 40),
             scales=[1, 3]),
        # Configuration at run time.
        Case("run-time scales", mode="linear", scales=[1, 1, 2, 1.5],
             runtime=("scales",)),
        Case("run-time sizes", mode="cubic", sizes=[1, 1, 9, 10],
             runtime=("sizes",)),
        Case("run-time roi and sizes", mode="linear",
             coords="tf_crop_and_resize", sizes=[1, 1, 3, 3],
             roi=[0, 0, 0.4, 0.6, 1, 1, 1.2, 1.7], extrapolation=10.0,
             runtime=("roi", "sizes")),
        # Errors: y untouched.
        Case("error: run-time sizes not y's", sizes=[1, 1, 8, 8],
             y_dims=[1, 1, 8, 7], runtime=("sizes",), expect=1),
        Case("error: run-time scales not y's", scales=[1, 1, 2, 2],
             y_dims=[1, 1, 8, 9], runtime=("scales",), expect=1),
        Case("error: constant scales not y's", scales=[1, 1, 2, 2],
             y_dims=[1, 1, 8, 9], expect=1),
        Case("error: linear int32", mode="linear", dtype=I32,
             scales=[1, 1, 2, 2], expect=2),
        Case("error: more coordinates than the taps' table", x_dims=(1, 7000),
             scales=[1, 2], expect=2),
    ]
    return cs


def main():
    ap = batch_parser()
    ap.add_argument("--only", default="")
    args = ap.parse_args()
    cs = [c for c in cases() if args.only in c.name]
    return run_batch(args, "resize", b"ACRESZ01", cs)


if __name__ == "__main__":
    raise SystemExit(main())
