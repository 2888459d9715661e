#!/usr/bin/python3
"""accel_conv2d_rows (libaccelkernels.a) on accel-sim against numpy in
float64: conv2d_check.py's cases (its case files, reference and bounds),
through conv2d_driver.c built with -DCONV_ENTRY=accel_conv2d_rows.

  conv2d_rows_check.py --sim "accel-sim [options]"
                       --driver conv2d_rows_driver.elf --dir DIR
                       [--set all|shapes|errors] [--only TEXT]

With --set pooled (through conv2d_driver.c built with
-DCONV_ENTRY=accel_conv2d_rows_maxpool),
accel_conv2d_rows_maxpool: the convolution then a 2 x 2 max pool.

The shapes cover each matrix form (padded rows of at most 16 floats on
mmac, 32 on mmac.8x32, 64 on mmac.4x64), LeNet's two convolutions, a
last block of output channels part empty, asymmetric padding (kernel
columns cut on the left and not), bias or not, ReLU or not, several
images (the double buffers), null options; the errors, a stride and too
many channels, each refused with its line and y untouched."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_runner import Refusal, main  # noqa: E402
from conv2d_check import ConvCase as C  # noqa: E402


def shapes():
    yield C(4, 1, 28, 28, 6, 5, 5, pad=(2, 2, 2, 2), bias=True, act="relu")
    yield C(4, 6, 14, 14, 16, 5, 5, bias=True, act="relu")
    yield C(2, 3, 9, 11, 5, 3, 3, pad=(1, 1, 1, 1))
    yield C(3, 8, 10, 7, 20, 3, 5, pad=(0, 2, 1, 3), act="relu")
    yield C(1, 2, 12, 50, 7, 3, 3, pad=(1, 1, 1, 1), bias=True)
    yield C(3, 1, 5, 60, 3, 3, 5, pad=(1, 2, 1, 2), bias=True, act="relu")
    yield C(2, 5, 6, 20, 9, 4, 2, pad=(0, 1, 0, 0), bias=True)
    yield C(1, 2, 5, 6, 3, 2, 2, null_options=True)


class Unchecked:
    """A case made without its reference, for a Refusal."""

    def __init__(self, case):
        self.case = case

    def make(self, path, with_reference=False):
        self.case.make(path)


def refusal(label, case):
    return Refusal(Unchecked(case), "accel_conv2d_rows",
                   "conv2d_rows refuses " + label)


def errors():
    yield refusal("stride", C(1, 2, 9, 9, 4, 3, 3, stride=(2, 2)))
    yield refusal("channels", C(1, 9, 6, 6, 4, 3, 3))


class PooledCase(C):
    """A case of accel_conv2d_rows_maxpool: y the 2 x 2 max pool (stride 2,
    floor) of the convolution; the reference the pool of conv2d_check.py's
    reference, the bound the window's largest (a maximum moves by at most
    its inputs' largest error)."""

    conv = False

    def out_dims(self):
        oh, ow = C.out_dims(self)
        return (oh, ow) if self.conv else (oh // 2, ow // 2)

    def name(self):
        return C.name(self) + " maxpool 2x2"

    def reference(self, views):
        self.conv = True
        try:
            ref, bound = C.reference(self, views)
        finally:
            self.conv = False
        n, c, oh, ow = ref.shape
        ph, pw = oh // 2, ow // 2

        def pool(a):
            return a[:, :, :2 * ph, :2 * pw].reshape(
                n, c, ph, 2, pw, 2).max(axis=(3, 5))
        return pool(ref), pool(bound)


def pooled():
    P = PooledCase
    yield P(4, 1, 28, 28, 6, 5, 5, pad=(2, 2, 2, 2), bias=True, act="relu")
    yield P(4, 6, 14, 14, 16, 5, 5, bias=True, act="relu")
    # odd output rows and columns (the last dropped), no bias or ReLU
    yield P(3, 3, 9, 11, 5, 3, 3, pad=(1, 1, 1, 1))
    # blocks of output channels (20 on the 16-row tile), 64-float rows
    yield P(2, 8, 10, 7, 20, 3, 5, pad=(0, 2, 1, 3), act="relu")
    yield P(1, 2, 8, 50, 7, 3, 3, pad=(1, 1, 1, 1), bias=True)


SETS = {"shapes": shapes, "errors": errors, "pooled": pooled}


if __name__ == "__main__":
    sys.exit(main(__doc__, SETS, "conv2d_rows"))
