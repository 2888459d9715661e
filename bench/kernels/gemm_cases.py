"""GEMM cases of the kernel benchmark (kernels.py): the issue's large
shapes and two odd ones, C = A . B with every operand in DRAM, A and B
uniform in [-1, 1] and C checked within accel_gemm's bound (verify.py)."""
from verify import attach, gemm

DRIVER = "gemm_bench.c"
SHAPES = [(64, 64, 64), (256, 256, 256), (512, 512, 512),
          (1024, 1024, 256), (100, 300, 77), (17, 33, 65)]


def cases(p):
    for m, n, k in SHAPES:
        yield attach({"name": "gemm %dx%dx%d" % (m, n, k),
                      "args": [m, n, k],
                      "macs": m * n * k,
                      "dram_bytes": 4 * (m * k + k * n + m * n)},
                     gemm(m, n, k))
