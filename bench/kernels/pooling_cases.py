"""Pooling cases of the kernel benchmark (kernels.py): issue 23's max
pooling of a ResNet stem (64 x 112 x 112, 3 x 3, stride 2, padding 1), the
same window averaged, and ResNet-50's global average pooling (2048 x 7 x
7). Memory-bound on paper: the bound is the DMA roofline, x read and y
written once.

"vector_cycles" counts the vector instructions a 3 x 3 / 2 window needs
per 16 outputs with 16 planes across the lanes: 2 per window row of
inputs (three taps), 2 rows new per output row, and 2 to combine three
rows: 6 (the row shared with the next output row computed once), plus
the scaling for the average; the global pool 1 per 16 inputs. So
"vector" as the limit means this formula, not the machine's bound on
every algorithm."""

DRIVER = "pooling_bench.c"

# (name, args, N, C, H, W, OH, OW, vector instructions per output vector
# or per input vector for the global pool)
CASES = [
    ("maxpool 3x3/2 64x112x112", ["pool", "max", 1, 64, 112, 112, 3, 2, 1],
     1, 64, 112, 112, 56, 56, 6),
    ("avgpool 3x3/2 64x112x112", ["pool", "avg", 1, 64, 112, 112, 3, 2, 1],
     1, 64, 112, 112, 56, 56, 7),
    ("global avgpool 2048x7x7", ["global", "avg", 1, 2048, 7, 7],
     1, 2048, 7, 7, 1, 1, 0),
]


def cases(p):
    for name, args, n, c, h, w, oh, ow, per in CASES:
        lanes = p["VectorLanes"]
        vec = (n * c * oh * ow // lanes * per if per else
               n * c * h * w // lanes)
        yield {"name": name, "args": args, "macs": 0,
               "dram_bytes": 4 * n * c * (h * w + oh * ow),
               "vector_cycles": vec}
