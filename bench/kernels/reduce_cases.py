"""Reduction cases of the kernel benchmark (kernels.py): a 1024 x 1024
matrix in DRAM summed down its columns (axis 0: 16 outputs across the
lanes on the vector unit, one vld and one vadd per 16 elements) and
averaged along its rows (axis 1: whole contiguous lines, one vs.moments
pass on the stream engine). Both bounded by the stream engine's one pass
at StreamLanes a cycle, the machine's fastest unit for a sum (axis 0 too:
a row's vs.add into a running row), and by the DMA roofline, x read and y
written once. x uniform in [-3, 3]; y checked
within pool_check.py's bound for sums and means (verify.py)."""
from verify import attach, pooling

DRIVER = "pooling_bench.c"
SHAPES = [("reduce sum axis 0 1024x1024", "sum", 1024, 1024, 0),
          ("reduce mean axis 1 1024x1024", "mean", 1024, 1024, 1)]


def cases(p):
    for name, op, rows, cols, axis in SHAPES:
        out = cols if axis == 0 else rows
        yield attach({"name": name,
                      "args": ["reduce", op, rows, cols, axis],
                      "macs": 0, "dram_bytes": 4 * (rows * cols + out),
                      "stream_cycles": rows * cols // p["StreamLanes"]},
                     pooling(op, (rows, cols), axes=[axis]))
