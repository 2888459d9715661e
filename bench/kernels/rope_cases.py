"""Rotary position embedding cases of the kernel benchmark (kernels.py):
Llama's q and k as the projection's transposed views, the family model's
(llama-decoder: 4 and 2 heads of 32 at 32 positions), a decoding step's
q (make_llm_models.py's llama-16m: 6 heads of 64, one position, half
tables) and a 7B layer's at 128 positions, with full and half tables. dram_bytes is x read and y
written once, and cos and sin.

accel_rope is six stream-engine operations on half-width blocks (two
products of the rotated half into temporaries, two in place, the
difference and the sum): three passes over the data at StreamLanes
elements a cycle, less than the DMA engine's time for x and y. x uniform
in [-1, 1], cos and sin independent uniform values in [-1, 1]; y checked
within rope_check.py's bound (test/kernels/Inputs)."""
import numpy as np

import rope_check
from verify import attach, uniform

DRIVER = "rope_bench.c"
SHAPES = [("llama-decoder q", 1, 4, 32, 32, 0),
          ("llama-decoder k", 1, 2, 32, 32, 0),
          ("llama-16m decoding q", 1, 6, 1, 64, 1),
          ("7B q", 1, 32, 128, 128, 0),
          ("7B q half tables", 1, 32, 128, 128, 1)]


def rope(b, h, s, d, half):
    dt = d // 2 if half else d

    def inputs(rng):
        return [uniform(rng, (b, s, h, d)), uniform(rng, (s, dt)),
                uniform(rng, (s, dt))]

    def reference(ins):
        x, c, sn = ins
        return rope_check.reference(x.transpose(0, 2, 1, 3), c, sn)
    return inputs, reference


def cases(p):
    for name, b, h, s, d, half in SHAPES:
        n, dt = b * h * s * d, d // 2 if half else d
        yield attach({"name": "rope %s %dx%dx%dx%d" % (name, b, h, s, d),
                      "args": [b, h, s, d, half],
                      "macs": 0,
                      "dram_bytes": 4 * (2 * n + 2 * s * dt),
                      "stream_cycles": 3 * n // p["StreamLanes"]},
                     rope(b, h, s, d, half))
