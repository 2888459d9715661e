"""Cases of the kernel benchmark (kernels.py) for kernels-c/lib/reduce/'s
other kernels, each along the rows of a contiguous matrix in DRAM
(reduce_typed_bench.c): ReduceL2 of f32 on the vector unit (1024 x 1024:
whole contiguous lines on the stream engine) and the other kernels over
64 x 1024: ReduceSum of int32 (scalar loops) and of f16 (widened to f32
in the scratchpad, then reduce.c's), ArgMax (vector unit), CumSum
(scalar loop) and TopK (k 8, vector unit) of f32. The bound of each is
the DMA roofline (x read once, y written once at 4 channels x 32
B/cycle); the scalar loops are far from it by design (these ops are
rare in models: docs/kernels.md). Checked: L2 within n 2^-22 relative
of float64's, the f16 sums within half a unit in f16's last place plus
n 2^-24 of the sum of |x|, the int32 sums, ArgMax's and TopK's indices
and values exact (TopK's ties to the lower index), CumSum bit-identical
to numpy's float32 cumsum."""
import numpy as np

DRIVER = "reduce_typed_bench.c"
ROWS, COLS, BIG = 64, 1024, 1024
K = 8


def ratio_errors(bad, what):
    errs = bad.astype(np.float64) * 2.0
    if not errs.any():
        return errs, None
    return errs, "%d of %d %s differ" % (int(np.count_nonzero(errs)),
                                         errs.size, what)


def case(kind, rows, cols):
    def inputs(rng):
        if kind == "sum_i32":
            return [rng.integers(-1000, 1000, rows * cols).astype(
                np.int32).view(np.float32)]
        if kind == "sum_f16":
            return [rng.uniform(-3.0, 3.0, rows * cols).astype(
                np.float16).view(np.float32)]
        return [rng.uniform(-3.0, 3.0, rows * cols).astype(np.float32)]

    def errors(ins, got):
        x = ins[0].reshape(rows, -1)
        if kind == "l2":
            ref = np.sqrt((x.astype(np.float64) ** 2).sum(axis=1))
            return np.abs(got - ref) / (cols * 2.0 ** -22 * ref), None
        if kind == "sum_i32":
            ref = x.view(np.int32).astype(np.int64).sum(axis=1)
            return ratio_errors(got.view(np.int32) != ref, "sums")
        if kind == "sum_f16":
            h = ins[0].view(np.float16).reshape(rows, cols).astype(np.float64)
            ref = h.sum(axis=1)
            y = got.view(np.float16)[:rows].astype(np.float64)
            # The f32 sum rounded once to f16: half a unit in f16's last
            # place, and the f32 additions' n 2^-24 of the sum of |x|.
            bound = (np.abs(ref) * 2.0 ** -11 +
                     cols * 2.0 ** -24 * np.abs(h).sum(axis=1) + 2.0 ** -24)
            return np.abs(y - ref) / bound, None
        if kind == "argmax":
            return ratio_errors(got.view(np.int64) != np.argmax(x, axis=1),
                                "indices")
        if kind == "cumsum":
            ref = np.cumsum(x, axis=1, dtype=np.float32).reshape(-1)
            return ratio_errors(got.view(np.uint32) != ref.view(np.uint32),
                                "sums")
        order = np.argsort(-x, axis=1, kind="stable")[:, :K]
        values = np.take_along_axis(x, order, axis=1).reshape(-1)
        got_v, got_i = got[:rows * K], got[rows * K:].view(np.int64)
        return ratio_errors(np.concatenate(
            [got_v != values, got_i != order.reshape(-1)]), "outputs")
    out = {"l2": rows * 4, "sum_i32": rows * 4, "sum_f16": rows * 2,
           "argmax": rows * 8,
           "cumsum": rows * cols * 4, "topk": rows * K * 12}[kind]
    name = {"l2": "reduce l2 axis 1", "sum_i32": "reduce sum int32 axis 1",
            "sum_f16": "reduce sum f16 axis 1",
            "argmax": "argmax axis 1", "cumsum": "cumsum axis 1",
            "topk": "topk k=%d axis 1" % K}[kind]
    return {"name": "%s %dx%d" % (name, rows, cols),
            "args": [kind, rows, cols] + ([K] if kind == "topk" else []),
            "macs": 0,
            "dram_bytes": rows * cols * (2 if kind == "sum_f16" else 4) + out,
            "inputs": inputs, "errors": errors}


def cases(p):
    yield case("l2", BIG, BIG)
    for kind in ("sum_i32", "sum_f16", "argmax", "cumsum", "topk"):
        yield case(kind, ROWS, COLS)
