"""Normalization cases of the kernel benchmark (kernels.py): issue 23's
softmax and layer-norm shapes, along the rows of a matrix in DRAM.
dram_bytes is x read and y written once (and the scale and shift).

They run on the stream engine (docs/isa.md 7.13), three passes over the
data each at StreamLanes elements a cycle (the per-line values' small
operations aside), which is less than the DMA engine's time for them:
  softmax   vs.redmax; vs.act.exp with the sums; vs.act.none by 1 / sum;
  layernorm vs.moments; vs.act.none (x - mean) * rstd; vs.fma by gamma
            and beta;
  rmsnorm   vs.act.square with the sums; vs.act.none by rstd; vs.fma.
(On the vector unit alone they needed 5, 4 and 3 16-lane operations an
element: more than the DMA engine's 128 bytes a cycle allows.) x uniform
in [-3, 3], the scale in [0.5, 2], the shift in [-1, 1]; y checked within
the normalizations' bounds (verify.py)."""
from verify import attach, normalization

DRIVER = "normalization_bench.c"
SHAPES = [("softmax", 0, 128, 1024), ("softmax", 0, 512, 512),
          ("layernorm", 1, 512, 768), ("rmsnorm", 2, 512, 768)]
PASSES = {"softmax": 3, "layernorm": 3, "rmsnorm": 3}


def cases(p):
    for name, op, rows, cols in SHAPES:
        params = {0: 0, 1: 2, 2: 1}[op] * cols
        yield attach({"name": "%s %dx%d" % (name, rows, cols),
                      "args": [op, rows, cols],
                      "macs": 0,
                      "dram_bytes": 4 * (2 * rows * cols + params),
                      "stream_cycles": PASSES[name] * rows * cols
                      // p["StreamLanes"]},
                     normalization(op, rows, cols))
