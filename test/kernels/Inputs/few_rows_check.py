#!/usr/bin/python3
"""accel_gemm's products of one to eight rows (matmul/gemm_few_rows.c:
mmac.4x64 and mmac.8x32, the weights streamed once at the DMA rate) on
accel-sim against numpy in float64, with kernel_check.py's cases, bound
and harness (its docstring):

  few_rows_check.py --sim "accel-sim [options]" --driver gemm_driver.elf
                    --dir DIR [--set all|one|small] [--only TEXT]

one: M = 1 with a decoder's projections (384 x 384, 384 x 128, the LM
head's 384 x 1024, the down projection's 1024 x 384), K = 1, N = 1, odd
K and N, K over several chunks, N over many slabs with a last partial
one, W's rows padded (its row stride not N), a and c padded, a
transposed W, and K past 16384 (the general path).
small: M = 2 to 8 (a decode step's batch: mmac.4x64 up to 4 rows,
mmac.8x32 above) of the same projections and odd shapes, a's and c's
rows padded.
epilogue: a bias and each activation on the stream engine, and x and y
by columns (a 1 x 1 convolution at few pixels), at 1 to 8 rows."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kernel_check import GemmCase, Layout, chosen_cases, parser, \
    run_cases  # noqa: E402


def one_row_cases():
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
    P = Layout("pad")
    return [GemmCase(m, n, k) for m in (4, 8)
            for n, k in ((384, 384), (128, 384), (1024, 384), (384, 1024))] + [
        GemmCase(2, 384, 384),
        GemmCase(3, 37, 1001),
        GemmCase(5, 129, 2049),
        GemmCase(7, 77, 300, la=P, lc=P),
        GemmCase(6, 1, 1),
        GemmCase(8, 1000, 9),
    ]


def epilogue_cases():
    """The bias, each activation, x and y by columns (a 1 x 1
    convolution's pixels: op(a) = a^T of a contiguous [K, M], c^T's
    columns packed or padded) at 1 to 8 rows."""
    T = Layout("colmajor", pad=0)
    P = Layout("colmajor")
    return [
        GemmCase(1, 1000, 1280, bias="col"),
        GemmCase(1, 77, 300, bias="col", act="relu"),
        GemmCase(3, 129, 200, bias="col", act="clip", lo=-0.25, hi=0.5),
        GemmCase(4, 200, 96, bias="col", act="gelu"),
        GemmCase(5, 70, 64, act="gelu_erf"),
        GemmCase(8, 100, 160, bias="col", act="silu"),
        GemmCase(6, 33, 40, act="relu"),
        GemmCase(4, 1280, 320, ta=1, bias="col", act="clip", lo=0.0, hi=6.0,
                 lc=T),
        GemmCase(4, 160, 960, ta=1, bias="col", lc=T),
        GemmCase(2, 96, 300, ta=1, act="silu", lc=P),
        GemmCase(8, 50, 129, ta=1, bias="col", lc=T),
        GemmCase(7, 65, 33, ta=1, lc=P),
        GemmCase(1, 40, 70, ta=1, bias="col", lc=P),
        GemmCase(4, 1, 300, ta=1, bias="col", lc=T),
        GemmCase(3, 300, 1, ta=1, act="relu", lc=T),
    ]


SETS = {"one": one_row_cases, "small": small_cases,
        "epilogue": epilogue_cases}


def main():
    args = parser(__doc__, SETS).parse_args()
    return run_cases(args, chosen_cases(args, SETS), "gemm")


if __name__ == "__main__":
    sys.exit(main())
