"""Elementwise cases of the kernel benchmark (kernels.py): 1 M f32 elements
(1024 x 1024, contiguous, in DRAM) through one binary operation, two
transcendentals and a chain of four steps, against the DMA roofline
(each operand read once and y written once, at 4 channels x 32 B/cycle).

"vector_cycles" is the vector instructions the kernel's loops issue per 16
elements (counted with accel-sim --stats: vector busy x cycles / (N / 16),
docs/kernels.md "Elementwise kernels"), so "vector" as the limit means
the implementation's formula, not a lower bound of the function.
"stream_cycles" is the stream engine's passes (one per operation: every
operation here is one of its instructions) at StreamLanes elements a
cycle. The inputs are seeded random values and y is checked against a
float64 reference (verify.py: each operation within its stated ulps, the
chain within a bound derived there)."""
from verify import attach, elementwise

DRIVER = "elementwise_bench.c"
ROWS, COLS = 1024, 1024
N = ROWS * COLS

# (case, operands read of N elements + small ones in bytes, vector
# instructions per 16 elements, stream engine passes)
CASES = [("add", 2, 0, 0, 1), ("exp", 1, 0, 0, 1), ("gelu", 1, 0, 0, 1),
         ("gelu_tanh", 1, 0, 0, 1), ("chain4", 2, 4 * COLS + 4, 0, 4),
         ("separate4", 2, 4 * COLS + 4, 0, 4)]


def cases(p):
    for name, full, small, vector, passes in CASES:
        label = {"chain4": "elementwise chain gelu_tanh(x*w+b)*s 1M",
                 "separate4": "elementwise same as 4 calls 1M"}.get(
                     name, "elementwise %s 1M" % name)
        yield attach({"name": label,
                      "args": [name, ROWS, COLS],
                      "macs": 0,
                      "dram_bytes": 4 * N * (full + 1) + small,
                      "vector_cycles": N // 16 * vector,
                      "stream_cycles": N // p["StreamLanes"] * passes},
                     elementwise(name, ROWS, COLS))
