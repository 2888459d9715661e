"""Cases of the kernel benchmark (kernels.py) for the matrix products of
other types than f32 (kernels-c/lib/matmul/matmul_typed.c, scalar loops
from the scratchpad; matmul_typed_bench.c): int32 64 x 64 x 64 and f64
32 x 32 x 32. Their bound is the matrix unit's time for the same MACs
(the machine's best unit for them, though it multiplies f32 only), so
"of bound" says how far the scalar loop is from it. Checked: int32 exact
(wrapping), f64 within K 2^-52 sum_k |a_ik b_kj| of float64's."""
import numpy as np

DRIVER = "matmul_typed_bench.c"


def case(kind, m, k, n):
    size = 8 if kind == "f64" else 4

    def inputs(rng):
        if kind == "f64":
            return [rng.uniform(-1, 1, m * k).view(np.float32),
                    rng.uniform(-1, 1, k * n).view(np.float32)]
        return [rng.integers(-2 ** 31, 2 ** 31, m * k).astype(
                    np.int32).view(np.float32),
                rng.integers(-2 ** 31, 2 ** 31, k * n).astype(
                    np.int32).view(np.float32)]

    def errors(ins, got):
        if kind == "f64":
            a = ins[0].view(np.float64).reshape(m, k)
            b = ins[1].view(np.float64).reshape(k, n)
            c = got.view(np.float64).reshape(m, n)
            bound = k * 2.0 ** -52 * (np.abs(a) @ np.abs(b))
            return np.abs(c - a @ b) / bound, None
        a = ins[0].view(np.int32).reshape(m, k).astype(object)
        b = ins[1].view(np.int32).reshape(k, n).astype(object)
        ref = np.array([[int(v) & 0xffffffff for v in row] for row in a @ b],
                       dtype=np.uint64).astype(np.uint32)
        bad = got.view(np.uint32).reshape(m, n) != ref
        errs = bad.astype(np.float64) * 2.0
        return errs, ("%d of %d products differ" % (int(bad.sum()), bad.size)
                      if bad.any() else None)
    return {"name": "matmul %s %dx%dx%d" % (
                "int32" if kind == "i32" else kind, m, k, n),
            "args": [kind, m, k, n], "macs": m * k * n,
            "dram_bytes": (m * k + k * n + m * n) * size,
            "inputs": inputs, "errors": errors}


def cases(p):
    yield case("i32", 64, 64, 64)
    yield case("f64", 32, 32, 32)
