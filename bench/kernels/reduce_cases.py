"""Reduction cases of the kernel benchmark (kernels.py): a 1024 x 1024
matrix in DRAM summed down its columns (axis 0: 16 outputs across the
lanes on the vector unit, one vld and one vadd per 16 elements) and
averaged along its rows (axis 1: whole contiguous lines, one vs.moments
pass on the stream engine). Memory-bound on paper: the bound is the DMA
roofline, x read and y written once. x uniform in [-3, 3]; y checked
within pool_check.py's bound for sums and means (verify.py)."""
from verify import attach, pooling

DRIVER = "pooling_bench.c"
SHAPES = [("reduce sum axis 0 1024x1024", "sum", 1024, 1024, 0),
          ("reduce mean axis 1 1024x1024", "mean", 1024, 1024, 1)]


def cases(p):
    for name, op, rows, cols, axis in SHAPES:
        out = cols if axis == 0 else rows
        unit = (("vector_cycles", p["VectorLanes"]) if axis == 0 else
                ("stream_cycles", p["StreamLanes"]))
        yield attach({"name": name,
                      "args": ["reduce", op, rows, cols, axis],
                      "macs": 0, "dram_bytes": 4 * (rows * cols + out),
                      unit[0]: rows * cols // unit[1]},
                     pooling(op, (rows, cols), axes=[axis]))
