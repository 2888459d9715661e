"""Resize cases of the kernel benchmark (kernels.py): a UNet decoder's 2x
nearest upsample of NCHW feature maps (the row path: x's rows in whole,
widened in the scratchpad, each leaving once for its two rows of y), and
a 2x linear upsample of a smaller map (the general path: each element
from its four taps, loaded from DRAM on the scalar unit). No MACs: the
bound is the DMA roofline, x read once and y written once. x is seeded
random values; nearest must be exact, linear within resize_check.py's
bound (4 (2 rank + 16) u sum |w| |x|, which for weights summing to 1 and
|x| <= 1 is below 2^-16)."""
import numpy as np

from verify import uniform

DRIVER = "resize_bench.c"


def nearest_ref(x, sh, sw):
    return np.repeat(np.repeat(x, sh, axis=2), sw, axis=3)


def linear_ref(x, s):
    """half_pixel linear by a whole scale s along H and W, in float64."""
    def axis(n):
        c = (np.arange(n * s) + 0.5) / s - 0.5
        lo = np.floor(c)
        r = c - lo
        lo = lo.astype(int)
        m = np.zeros((n * s, n))
        m[np.arange(n * s), np.clip(lo, 0, n - 1)] += 1 - r
        m[np.arange(n * s), np.clip(lo + 1, 0, n - 1)] += r
        return m
    mh, mw = axis(x.shape[2]), axis(x.shape[3])
    return np.einsum("ph,nchw,qw->ncpq", mh, x.astype(np.float64), mw)


def check(ref, bound):
    def errors(ins, got):
        want = ref(ins).reshape(-1)
        if got.size != want.size:
            return np.full(1, np.inf), "%d elements out, expected %d" % (
                got.size, want.size)
        errs = np.abs(got.astype(np.float64) - want)
        bad = errs > bound
        if not bad.any():
            return errs, None
        w = int(np.argmax(errs))
        return errs, "%d of %d elements off; [%d] = %r, expected %r" % (
            int(np.count_nonzero(bad)), errs.size, w, got[w], want[w])
    return errors


def cases(p):
    for n, c, h, w in ((1, 64, 64, 64), (1, 16, 32, 32)):
        dims = (n, c, h, w)
        yield {"name": "resize nearest 2x %dx%dx%dx%d" % dims,
               "args": [0, n, c, h, w, 2, 2], "macs": 0,
               "dram_bytes": 4 * n * c * h * w * (1 + 4),
               "inputs": lambda rng, dims=dims: [uniform(rng, dims)],
               "errors": check(lambda ins, dims=dims: nearest_ref(
                   ins[0].reshape(dims), 2, 2), 0.0)}
    dims = (1, 4, 16, 16)
    yield {"name": "resize linear 2x %dx%dx%dx%d" % dims,
           "args": [1, *dims, 2, 2], "macs": 0,
           "dram_bytes": 4 * int(np.prod(dims)) * (1 + 4),
           "inputs": lambda rng: [uniform(rng, dims)],
           "errors": check(lambda ins: linear_ref(ins[0].reshape(dims), 2),
                           2.0 ** -16)}
