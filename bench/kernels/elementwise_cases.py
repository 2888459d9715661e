"""Elementwise cases of the kernel benchmark (kernels.py): 1 M f32 elements
(1024 x 1024, contiguous, in DRAM) through one binary operation, two
transcendentals, a chain of four steps, round (the vector unit),
softplus (the stream engine's exp, then the vector unit), sin and atan
(polynomials on the vector unit), against the DMA roofline
(each operand read once and y written once, at 4 channels x 32 B/cycle).

"stream_cycles" is the stream engine's passes (one per operation: every
operation here is one of its instructions) at StreamLanes elements a
cycle. The inputs are seeded random values and y is checked against a
float64 reference (verify.py: each operation within its stated ulps, the
chain within a bound derived there)."""
from verify import attach, elementwise

DRIVER = "elementwise_bench.c"
ROWS, COLS = 1024, 1024
N = ROWS * COLS

# (case, operands read of N elements + small ones in bytes, stream engine
# passes)
CASES = [("add", 2, 0, 1), ("exp", 1, 0, 1), ("gelu", 1, 0, 1),
         ("gelu_tanh", 1, 0, 1), ("chain4", 2, 4 * COLS + 4, 4),
         ("separate4", 2, 4 * COLS + 4, 4), ("round", 1, 0, 0),
         ("softplus", 1, 0, 1), ("sin", 1, 0, 0), ("atan", 1, 0, 0)]


def cases(p):
    for name, full, small, passes in CASES:
        label = {"chain4": "elementwise chain gelu_tanh(x*w+b)*s 1M",
                 "separate4": "elementwise same as 4 calls 1M"}.get(
                     name, "elementwise %s 1M" % name)
        yield attach({"name": label,
                      "args": [name, ROWS, COLS],
                      "macs": 0,
                      "dram_bytes": 4 * N * (full + 1) + small,
                      "stream_cycles": N // p["StreamLanes"] * passes},
                     elementwise(name, ROWS, COLS))
