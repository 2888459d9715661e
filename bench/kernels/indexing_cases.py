"""Indexing cases of the kernel benchmark (kernels.py): accel_gather_elements
along the last axis of a 256 x 256 f32 matrix (64 indices a row) and
accel_scatter_nd adding 128 rows of 64 into a 1024 x 64 matrix (ScatterND
with reduction add, as a sparse update of an embedding table). The
kernels are scalar loops over DRAM: the bound is the DMA roofline of the
bytes they must move, far below what element-at-a-time loads give.
x and the updates are seeded random values; y must equal numpy's
(take_along_axis, and ufunc.add.at rounded to f32) bit for bit."""
import numpy as np

from verify import uniform

DRIVER = "indexing_bench.c"


def exact(ref):
    def errors(ins, got):
        if got.size != ref(ins).size:
            return np.full(1, np.inf), "%d elements out, expected %d" % (
                got.size, ref(ins).size)
        want = ref(ins).reshape(-1)
        errs = (got != want).astype(np.float64)
        if not errs.any():
            return errs, None
        w = int(np.argmax(errs))
        return errs, "%d of %d elements differ; [%d] = %r, expected %r" % (
            int(np.count_nonzero(errs)), errs.size, w, got[w], want[w])
    return errors


def cases(p):
    r, c, n = 256, 256, 64

    def gather_ref(ins):
        x = ins[0].reshape(r, c)
        idx = (np.arange(r)[:, None] * 7919 + np.arange(n)[None, :] * 31) % c
        return np.take_along_axis(x, idx, 1)
    yield {"name": "gather_elements %dx%d, %d a row" % (r, c, n),
           "args": ["gather_elements", r, c, n], "macs": 0,
           "dram_bytes": 4 * r * n + 8 * r * n + 4 * r * n,
           "inputs": lambda rng: [uniform(rng, (r, c))],
           "errors": exact(gather_ref)}
    R, C, N = 1024, 64, 128

    def scatter_ref(ins):
        x, u = ins[0].reshape(R, C).copy(), ins[1].reshape(N, C)
        np.add.at(x, (np.arange(N) * 7919) % R, u)
        return x
    yield {"name": "scatter_nd add %d rows of %d into %d" % (N, C, R),
           "args": ["scatter_nd", R, C, N], "macs": 0,
           "dram_bytes": 4 * 2 * R * C + 8 * N + 4 * 2 * N * C,
           "inputs": lambda rng: [uniform(rng, (R, C)), uniform(rng, (N, C))],
           "errors": exact(scatter_ref)}
