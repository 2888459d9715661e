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
F32, F16, BF16, I64 = 0, 3, 4, 7


class Bf16:
    """bfloat16 for the cases: stored as uint16; astype from f32 rounds to
    nearest even (a NaN stays one), to f32 moves the bits up."""
    itemsize = 2

    @staticmethod
    def from_f32(x):
        u = x.view(np.uint32).astype(np.uint64)
        r = ((u + 0x7fff + ((u >> 16) & 1)) >> 16).astype(np.uint16)
        nan = np.isnan(x)
        r[nan] = ((u[nan] >> 16) | 0x40).astype(np.uint16)
        return r

    @staticmethod
    def to_f32(h):
        return (h.astype(np.uint32) << 16).view(np.float32)


# (label, x type, y type, x numpy type, y numpy type); the half-precision
# pairs by the vector unit's vcvt.f16.f32, vcvt.bf16.f32 and
# vcvt.f32.f16.lo/.hi (docs/design.md, "half-precision conversions").
CASES = [("cast f32 -> f16 1M", F32, F16, np.float32, np.float16),
         ("cast f16 -> f32 1M", F16, F32, np.float16, np.float32),
         ("cast f32 -> bf16 1M", F32, BF16, np.float32, Bf16),
         ("cast bf16 -> f32 1M", BF16, F32, Bf16, np.float32),
         ("cast int64 -> f32 1M", I64, F32, np.int64, np.float32)]


def itemsize(t):
    return t.itemsize if t is Bf16 else np.dtype(t).itemsize


def case(label, xt, yt, xnp, ynp):
    def inputs(rng):
        if xnp == np.float32:
            x = rng.uniform(-70000.0, 70000.0, N).astype(np.float32)
        elif xnp == np.float16:
            x = rng.uniform(-65504.0, 65504.0, N).astype(np.float16)
        elif xnp is Bf16:
            x = Bf16.from_f32(rng.uniform(-1e30, 1e30, N).astype(np.float32))
        else:
            x = rng.integers(-(1 << 40), 1 << 40, N, dtype=np.int64)
        return [x.view(np.float32)]  # its bytes, as the driver reads them

    def errors(ins, got):
        x = ins[0].view(np.uint16 if xnp is Bf16 else xnp)
        with np.errstate(over="ignore"):
            if ynp is Bf16:
                ref = Bf16.from_f32(x)
            elif xnp is Bf16:
                ref = Bf16.to_f32(x)
            else:
                ref = x.astype(ynp)
        y = got.view(np.uint16 if ynp is Bf16 else ynp)
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
            "dram_bytes": N * (itemsize(xnp) + itemsize(ynp)),
            "inputs": inputs, "errors": errors}


def cases(p):
    for c in CASES:
        yield case(*c)
