"""Group-norm cases of the kernel benchmark (kernels.py): accel_groupnorm
on diffusion UNet shapes (N, C, H, W, groups), with and without SiLU.
dram_bytes is x read and y written once (and the scale and shift).

On the stream engine (docs/isa.md 7.13): vs.moments and the per-channel
affine map, two passes over the data at StreamLanes elements a cycle;
with SiLU a vs.act.sigmoid and a vs.mul more, four passes, as long as the
DMA engine's time for the data. x uniform in [-3, 3], the scale in
+-[0.5, 2], the shift in [-1, 1]; y checked within
test/kernels/Inputs/groupnorm_check.py's bound."""
import numpy as np

from verify import attach, against, uniform
import groupnorm_check

DRIVER = "groupnorm_bench.c"
SHAPES = [(1, 32, 16, 16, 8, 5), (1, 320, 32, 32, 32, 0),
          (1, 320, 32, 32, 32, 5), (2, 640, 16, 16, 32, 5),
          (1, 128, 64, 64, 32, 5), (1, 32, 256, 256, 8, 5)]


def groupnorm(n, c, h, w, groups, act):
    def inputs(rng):
        g = uniform(rng, c, 0.5, 2.0) * np.where(
            rng.uniform(size=c) < 0.5, -1, 1).astype(np.float32)
        return [uniform(rng, (n, c, h, w), -3.0, 3.0), g,
                uniform(rng, c)]

    def reference(ins):
        x, g, b = ins
        case = groupnorm_check.Case(np.random.default_rng(0), (n, c, h, w),
                                    groups, act, eps=1e-5, x=x, gamma=g,
                                    beta=b)
        ref, bound = case.reference()
        return ref.reshape(-1), bound.reshape(-1)
    return inputs, reference


def cases(p):
    for n, c, h, w, groups, act in SHAPES:
        elems = n * c * h * w
        yield attach({"name": "groupnorm%s %dx%dx%dx%d G=%d" % (
                          "+silu" if act else "", n, c, h, w, groups),
                      "args": [n, c, h * w, groups, act],
                      "macs": 0,
                      "dram_bytes": 4 * (2 * elems + 2 * c),
                      "stream_cycles": (4 if act else 2) * elems
                      // p["StreamLanes"]},
                     groupnorm(n, c, h, w, groups, act))
