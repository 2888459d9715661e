"""Data-movement cases of the kernel benchmark (kernels.py): the issue's
transpose 1024x1024, concats of two 512x1024 along each axis, the
embedding gather (512 rows of 768 from a 30 000-row table) and pads. No
MACs: the bound is the DMA engine's. dram_bytes counts each element read
once and written once (and the indices read once): DRAM moves every byte
it reads and every byte it writes, whether a transfer goes through the
scratchpad or from DRAM to DRAM (which pays both sides on its channel,
docs/isa.md §7.12). x is seeded random values and y must be the exact
copy (verify.py)."""
from verify import attach, movement

DRIVER = "movement_bench.c"


def cases(p):
    n = 1024
    yield attach({"name": "transpose %dx%d" % (n, n),
                  "args": ["transpose", n, n], "macs": 0,
                  "dram_bytes": 2 * 4 * n * n},
                 movement("transpose", n, n))
    for axis in (0, 1):
        yield attach({"name": "concat 2x 512x1024 axis %d" % axis,
                      "args": ["concat", 512, 1024, axis],
                      "macs": 0, "dram_bytes": 2 * 4 * 2 * 512 * 1024},
                     movement("concat", 512, 1024, axis))
    rows, cols, count = 30000, 768, 512
    yield attach({"name": "gather %d of %dx%d" % (count, rows, cols),
                  "args": ["gather", rows, cols, count],
                  "macs": 0, "dram_bytes": 2 * 4 * count * cols + 4 * count},
                 movement("gather", rows, cols, count))
    for mode, name in ((0, "constant"), (1, "reflect")):
        yield attach({"name": "pad 1024x1024 by 1 %s" % name,
                      "args": ["pad", n, n, 1, mode], "macs": 0,
                      "dram_bytes": 4 * (n * n + (n + 2) * (n + 2))},
                     movement("pad", n, n, 1, mode))
