"""Cast cases of the kernel benchmark (kernels.py): accel_cast on 1 M
contiguous elements in DRAM, f32 -> f16 (a model's half-precision
weights and activations) and int64 -> f32 (token and position ids into
arithmetic), against the DMA roofline (x read once, y written once, at 4
channels x 32 B/cycle).

The inputs are seeded random values (f32 uniform in [-70000, 70000], past
f16's range both ways, and int64 of up to 2^40 in magnitude, past f32's
exact integers) and y must equal numpy's astype bit for bit."""
import numpy as np

DRIVER = "cast_bench.c"
N = 1 << 20
F32, F16, I64 = 0, 3, 7

# (label, x type, y type, x numpy type, y numpy type)
CASES = [("cast f32 -> f16 1M", F32, F16, np.float32, np.float16),
         ("cast int64 -> f32 1M", I64, F32, np.int64, np.float32)]


def case(label, xt, yt, xnp, ynp):
    def inputs(rng):
        if xnp == np.float32:
            x = rng.uniform(-70000.0, 70000.0, N).astype(np.float32)
        else:
            x = rng.integers(-(1 << 40), 1 << 40, N, dtype=np.int64)
        return [x.view(np.float32)]  # its bytes, as the driver reads them

    def errors(ins, got):
        x = ins[0].view(xnp)
        with np.errstate(over="ignore"):
            ref = x.astype(ynp)
        y = got.view(ynp)
        if y.size != ref.size:
            return np.full(1, np.inf), "%d elements out, expected %d" % (
                y.size, ref.size)
        bad = y.view(np.uint8).reshape(ref.size, -1) != \
            ref.view(np.uint8).reshape(ref.size, -1)
        errs = bad.any(axis=1).astype(np.float64) * 2.0
        if not errs.any():
            return errs, None
        w = int(np.argmax(errs))
        return errs, "%d of %d elements differ from astype; [%d] = %r, " \
            "astype %r" % (int(np.count_nonzero(errs)), errs.size, w, y[w],
                           ref[w])
    return {"name": label, "args": [xt, yt, N], "macs": 0,
            "dram_bytes": N * (np.dtype(xnp).itemsize +
                               np.dtype(ynp).itemsize),
            "inputs": inputs, "errors": errors}


def cases(p):
    for c in CASES:
        yield case(*c)
