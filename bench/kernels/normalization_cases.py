"""Normalization cases of the kernel benchmark (kernels.py): issue 23's
softmax and layer-norm shapes, along the rows of a matrix in DRAM. They
are memory-bound on paper, so the bound is the DMA roofline: x read and y
written once (and the scale and shift)."""

DRIVER = "normalization_bench.c"
SHAPES = [("softmax", 0, 128, 1024), ("softmax", 0, 512, 512),
          ("layernorm", 1, 512, 768), ("rmsnorm", 2, 512, 768)]


def cases(p):
    for name, op, rows, cols in SHAPES:
        params = {0: 0, 1: 2, 2: 1}[op] * cols
        yield {"name": "%s %dx%d" % (name, rows, cols),
               "args": [op, rows, cols],
               "macs": 0,
               "dram_bytes": 4 * (2 * rows * cols + params)}
