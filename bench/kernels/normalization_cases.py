"""Normalization cases of the kernel benchmark (kernels.py): issue 23's
softmax and layer-norm shapes, along the rows of a matrix in DRAM.
dram_bytes is x read and y written once (and the scale and shift).

They are memory-bound on paper, but not on this machine: its vector unit
does one 16-lane operation a cycle, which matches the DMA engine's 128
bytes a cycle for one operation per element, and these need more.
vector_cycles counts the fewest vector operations per element the
instruction set allows, each line's reductions aside:
  softmax   5: vmax (the line's max), vsub and vexp (x - max, exp), vadd
               (the sum), vmul (by 1 / sum);
  layernorm 4: vadd and vfma (the sums of x and x^2), then two vfmas,
               x * rstd - mean * rstd and that * gamma + beta;
  rmsnorm   3: vfma (the sum of x^2), vmul (by rstd), vmul (by gamma)."""

DRIVER = "normalization_bench.c"
SHAPES = [("softmax", 0, 128, 1024), ("softmax", 0, 512, 512),
          ("layernorm", 1, 512, 768), ("rmsnorm", 2, 512, 768)]
OPS_PER_ELEMENT = {"softmax": 5, "layernorm": 4, "rmsnorm": 3}


def cases(p):
    for name, op, rows, cols in SHAPES:
        params = {0: 0, 1: 2, 2: 1}[op] * cols
        yield {"name": "%s %dx%d" % (name, rows, cols),
               "args": [op, rows, cols],
               "macs": 0,
               "dram_bytes": 4 * (2 * rows * cols + params),
               "vector_cycles": OPS_PER_ELEMENT[name] * rows * cols
               // p["VectorLanes"]}
