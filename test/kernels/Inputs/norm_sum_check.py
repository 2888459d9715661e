"""Runs accel_layernorm and accel_rmsnorm with a residual whose sum is
written too (accel_norm_options.sum) on accel-sim against float64 numpy.

  norm_sum_check.py --sim "accel-sim [options]" --driver norm_sum_driver.elf
                    --dir DIR [--set all|shapes|big|errors]

Each case writes one buffer, out = [2, x's dims]: the sum x + residual
in out[0] and the normalized sum in out[1] (the graph runtime's layout of
a pre-norm layer's fused norm). The sum must be f32(x + residual) bit for
bit (one rounding, as the reference makes it); y is within
norm_check.py's bound for a norm with a residual; everything of out's
buffer outside the two views comes back unchanged. The errors set passes
a sum without the residual, and a sum overlapping x: the kernel must
refuse both, and a sum whose footprint overlaps y's.
"""
import os
import struct
import sys
import zlib

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_runner import (SENTINEL, DriverRun, Output,  # noqa: E402
                          absent_record, check_output, chosen_cases, parser,
                          report, summary)
from norm_check import OPS, Case, tensor  # noqa: E402

MODES = {None: 0, "no_residual": 1, "overlap": 2, "interleaved": 0}


class SumCase(Case):
    def __init__(self, op, dims, axis=-1, scale=False, shift=False,
                 lx="contig", lr="contig", lout="contig", error=None):
        super().__init__(op, dims, axis, scale=scale, shift=shift, lx=lx,
                         residual=lr)
        self.lout, self.error = lout, error

    def name(self):
        s = super().name()
        if self.lout != "contig":
            s += " out:%s" % self.lout
        if self.error:
            s += " " + self.error
        return s

    def make(self, path):
        rng = np.random.default_rng(zlib.crc32(self.name().encode()))
        x = rng.uniform(-3, 3, self.dims).astype(np.float32)
        self.x = tensor(x, self.lx)
        pshape = self.norm_shape()
        self.g = rng.uniform(0.5, 2, pshape).astype(np.float32) \
            if self.scale else None
        self.h = rng.uniform(-1, 1, pshape).astype(np.float32) \
            if self.shift else None
        self.r = tensor(rng.uniform(-3, 3, self.dims).astype(np.float32),
                        self.residual)
        out = tensor(np.full([2] + list(self.dims), SENTINEL, np.float32),
                     self.lout)
        out.buffer[:] = SENTINEL
        ts = [self.x, out] + [tensor(p) if p is not None else None
                              for p in (self.g, self.h)] + [self.r]
        with open(path, "wb") as f:
            f.write(b"NORMSUM1")
            f.write(struct.pack("<3q", OPS[self.op], self.axis,
                                MODES[self.error]))
            f.write(struct.pack("<f", self.eps))
            f.write(b"".join(t.record() if t is not None
                             else absent_record() for t in ts))
            for t in ts:
                if t is not None:
                    f.write(t.buffer.tobytes())
        y, bound = self.reference()
        s = (self.x.values + self.r.values).astype(np.float64)
        return Output(out.buffer, out.index, np.stack([s, y]),
                      np.stack([np.zeros_like(s), bound]), what="out")


def cases_shapes():
    return [
        # the family models' layers: Llama's RMSNorm, ViT's and Whisper's
        # LayerNorm
        SumCase("rmsnorm", [1, 32, 128], scale=True),
        SumCase("layernorm", [1, 17, 96], scale=True, shift=True),
        SumCase("layernorm", [1, 64, 64], scale=True, shift=True),
        SumCase("layernorm", [2, 16, 64], 2, scale=True, shift=True),
        SumCase("layernorm", [2, 3, 5, 7], 1),
        SumCase("rmsnorm", [17], 0),
        # strided: x, the residual and out padded or reversed (lines not
        # evenly spaced)
        SumCase("layernorm", [7, 3, 19], 2, scale=True, lr="pad",
                lout="pad"),
        SumCase("rmsnorm", [9, 40], scale=True, lx="pad", lr="rev"),
        # a second batch of one line (the first 192 lines of 64)
        SumCase("layernorm", [193, 64], scale=True),
        # one block by norm_small.c: a decoding step's one line, a shift
        # alone, and lines past its 8192 floats (by batches)
        SumCase("rmsnorm", [1, 1, 384], scale=True),
        SumCase("layernorm", [3, 48], shift=True),
        SumCase("layernorm", [129, 64], scale=True),
    ]


def cases_big():
    # several batches through the scratchpad's four slots each of x and
    # the residual, which the sums leave from
    return [SumCase("rmsnorm", [1000, 128], scale=True),
            SumCase("layernorm", [512, 1000], scale=True, shift=True,
                    lr="pad")]


def cases_errors():
    # the last: out's halves interleaved, so that the sum's footprint
    # overlaps y's
    return [SumCase("rmsnorm", [4, 32], scale=True, error="no_residual"),
            SumCase("layernorm", [4, 32], error="overlap"),
            SumCase("rmsnorm", [9, 40], lout="rev", error="interleaved")]


SETS = {"shapes": cases_shapes, "big": cases_big, "errors": cases_errors}


def run_case(case, stem, args):
    r = DriverRun(args, stem)
    out = case.make(r.path(0))
    problem = r.run().problem
    note = None
    if case.error:
        # the kernel's one line, and the driver's exit status 2
        lines = [ln for ln in r.output.splitlines() if "accel_" in ln]
        if problem and "exited with 2" in problem and lines:
            problem, note = None, "refused: " + lines[0].strip()
        elif not problem:
            problem = "the kernel accepted it"
    elif problem is None:
        problem, note = check_output(r.got(), out)
        note = note and note + r.stats()
    ok = report(case.name(), problem, note)
    r.finish(ok)
    return ok


def main():
    args = parser(__doc__, SETS).parse_args()
    cases = chosen_cases(args, SETS)
    failures = sum(not run_case(c, "normsum%03d" % n, args)
                   for n, c in enumerate(cases))
    return summary(len(cases), failures)


if __name__ == "__main__":
    sys.exit(main())
