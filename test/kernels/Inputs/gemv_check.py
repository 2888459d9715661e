#!/usr/bin/python3
"""accel_gemm's products of one row (matmul/gemv.c: the stream engine and
the vector unit, the weights streamed at the DMA rate) on accel-sim
against numpy in float64, with kernel_check.py's cases, bound and
harness (its docstring):

  gemv_check.py --sim "accel-sim [options]" --driver gemm_driver.elf
                --dir DIR [--set all|gemv|small] [--only TEXT]

gemv: M = 1 with a decoder's projections (384 x 384, 384 x 128, the LM
head's 384 x 1024, the down projection's 1024 x 384), K = 1, N = 1, odd
K and N, K over several chunks (one of the vector unit's rows in five),
N past a slab of 4096 columns (two and three slabs), W's rows padded
(its row stride not N), a and c padded, a transposed W (the matrix
unit's path) and K past the gemv's 16384 (the matrix unit's again).
small: M = 4 and 8 (a decode step's batch) of the same projections."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kernel_check import GemmCase, Layout, chosen_cases, parser, \
    run_cases  # noqa: E402


def gemv_cases():
    P = Layout("pad")
    return [
        GemmCase(1, 384, 384),
        GemmCase(1, 128, 384),
        GemmCase(1, 1024, 384),
        GemmCase(1, 384, 1024),
        GemmCase(1, 1, 1),
        GemmCase(1, 1000, 1),
        GemmCase(1, 1, 1000),
        GemmCase(1, 37, 1001),
        GemmCase(1, 129, 2049),
        GemmCase(1, 5000, 9),
        GemmCase(1, 8200, 3),
        GemmCase(1, 300, 77, la=P, lb=P, lc=P),
        GemmCase(1, 4100, 33, lb=P),
        GemmCase(1, 384, 384, tb=1),
        GemmCase(1, 17, 16400),
    ]


def small_cases():
    return [GemmCase(m, n, k) for m in (4, 8)
            for n, k in ((384, 384), (128, 384), (1024, 384), (384, 1024))]


SETS = {"gemv": gemv_cases, "small": small_cases}


def main():
    args = parser(__doc__, SETS).parse_args()
    return run_cases(args, chosen_cases(args, SETS), "gemm")


if __name__ == "__main__":
    sys.exit(main())
