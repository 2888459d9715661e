"""Reduction cases of the kernel benchmark (kernels.py): a 1024 x 1024
matrix in DRAM summed down its columns (axis 0: 16 outputs across the
lanes, one vld and one vadd per 16 elements) and averaged along its rows
(axis 1: lines, reduced across the lanes at their ends). Memory-bound on
paper: the bound is the DMA roofline, x read and y written once; the
vector unit needs one instruction per 16 elements."""

DRIVER = "pooling_bench.c"
SHAPES = [("reduce sum axis 0 1024x1024", "sum", 1024, 1024, 0),
          ("reduce mean axis 1 1024x1024", "mean", 1024, 1024, 1)]


def cases(p):
    for name, op, rows, cols, axis in SHAPES:
        out = cols if axis == 0 else rows
        yield {"name": name, "args": ["reduce", op, rows, cols, axis],
               "macs": 0, "dram_bytes": 4 * (rows * cols + out),
               "vector_cycles": rows * cols // p["VectorLanes"]}
