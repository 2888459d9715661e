"""Channel-norm cases of the kernel benchmark (kernels.py):
accel_channel_norm on ConvNeXt-Tiny's stage shapes (N, C, H, W) at 64 x 64
and 224 x 224, without the affine map (ConvNeXt's LayerNorms have a scale
of ones and a shift of zeros, which the graph compiler leaves out) and
with it. dram_bytes is x read and y written once (and the scale and
shift).

On the stream engine (docs/isa.md 7.13): the columns' sums (a tree of row
additions, one pass), the deviations, their squares, their sums and the
normalization, five passes over the data at StreamLanes elements a cycle;
the scale and the shift one more each. x uniform in [-3, 3], the scale in
+-[0.5, 2], the shift in [-1, 1]; y checked within
test/kernels/Inputs/channel_norm_check.py's bound."""
import numpy as np

from verify import attach, uniform
import channel_norm_check

DRIVER = "channel_norm_bench.c"
SHAPES = [(1, 96, 16, 16, 0), (1, 192, 8, 8, 0), (1, 384, 4, 4, 0),
          (1, 96, 16, 16, 1), (1, 96, 56, 56, 0), (1, 768, 7, 7, 0)]


def channel_norm(n, c, h, w, affine):
    def inputs(rng):
        g = uniform(rng, c, 0.5, 2.0) * np.where(
            rng.uniform(size=c) < 0.5, -1, 1).astype(np.float32)
        return [uniform(rng, (n, c, h, w), -3.0, 3.0), g,
                uniform(rng, c)]

    def reference(ins):
        x, g, b = ins
        case = channel_norm_check.Case(
            np.random.default_rng(0), (n, c, h, w), eps=1e-6, x=x,
            scale=bool(affine), shift=bool(affine),
            gamma=g if affine else None)
        if affine:
            case.beta = b
        ref, bound = case.reference()
        return ref.reshape(-1), bound.reshape(-1)
    return inputs, reference


def cases(p):
    for n, c, h, w, affine in SHAPES:
        elems = n * c * h * w
        yield attach({"name": "channel_norm%s %dx%dx%dx%d" % (
                          "+affine" if affine else "", n, c, h, w),
                      "args": [n, c, h * w, affine],
                      "macs": 0,
                      "dram_bytes": 4 * (2 * elems + 2 * c),
                      "stream_cycles": (7 if affine else 5) * elems
                      // p["StreamLanes"]},
                     channel_norm(n, c, h, w, affine))
