#!/usr/bin/python3
"""The kernels of configuration values read at run time
(movement/config_values.c) on accel-sim against numpy.

  config_values_check.py --sim "accel-sim [options]"
                         --driver config_values_driver.elf --dir DIR

accel_slice_values against numpy's basic slicing (what ONNX's own Slice
reference and node tests use: starts and ends past either end, negative
ones, negative steps, INT64's extremes, default axes and steps, a strided
x, int32 and int64 values), accel_pad_values against np.pad (constant,
reflect of int32, edge), accel_expand_check (a broadcast that gives y's
shape leaves y as it was) and accel_range against np.arange (f32, f64,
int16, int32 and int64, negative deltas, an empty range). Results must be
bit-identical. The refusals (values that give another shape than y's, a
step or delta of 0) return ACCEL_ERR_ARGUMENT with y's sentinel untouched
and print one line each."""

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import indexing_check as ic  # noqa: E402 (its View, Case and runner)

OK, ARGUMENT = ic.OK, ic.ARGUMENT
SLICE, PAD, EXPAND, RANGE = 0, 1, 2, 3
CONSTANT, REFLECT, EDGE = 0, 1, 2
I64MAX, I64MIN = 2**63 - 1, -2**63


def values(v, dtype=np.int64):
    return ic.View(np.array(v, dtype))


def slice_case(name, x, starts, ends, axes, steps, dtype=np.int64, xv=None,
               y_shape=None, status=OK):
    sl = [slice(None)] * x.ndim
    for k in range(len(starts)):
        a = axes[k] if axes is not None else k
        st = steps[k] if steps is not None else 1
        sl[a] = slice(starts[k], ends[k], st)
    want = x[tuple(sl)] if status == OK else None
    ins = [xv or ic.View(x), values(starts, dtype), values(ends, dtype),
           values(axes, dtype) if axes is not None else None,
           values(steps, dtype) if steps is not None else None]
    return ic.Case(name, SLICE, [], ins,
                   y_shape or want.shape, x.dtype,
                   status, want)


def range_case(name, start, limit, delta, dtype, n=None, status=OK):
    want = np.arange(start, limit, delta).astype(dtype)
    ins = [ic.View(np.array(v, dtype)) for v in (start, limit, delta)]
    return ic.Case(name, RANGE, [], ins, [len(want) if n is None else n],
                   dtype, status, want)


def cases(rng):
    x = rng.standard_normal((4, 5, 6)).astype(np.float32)
    yield slice_case("slice axes 0,2 end past dim, step -2", x,
                     [1, -1], [1000, -1000], [0, 2], [1, -2])
    yield slice_case("slice int32 values, default axes and steps", x,
                     [0, 1], [2, -1], None, None, np.int32)
    yield slice_case("slice axis -1 to INT64_MAX by 3", x,
                     [0], [I64MAX], [-1], [3])
    yield slice_case("slice back from INT64_MAX to INT64_MIN", x,
                     [I64MAX, I64MAX], [I64MIN, I64MIN], [1, 0], [-1, -3])
    yield slice_case("slice start before 0, end before start", x,
                     [-1000, 4], [3, 2], [1, 2], [1, 1])
    s = rng.standard_normal((3, 7)).astype(np.float32)
    z = np.zeros((3, 0, 2), np.float32)
    yield slice_case("slice back along an empty dimension", z, [5, 0],
                     [-9, 2], [1, 2], [-1, 1])
    yield slice_case("slice strided x, negative axis", s, [-2], [0], [-1],
                     [-1], xv=ic.strided(s, 3))
    yield slice_case("slice values of another shape than y's", x, [1], [3],
                     [0], [1], y_shape=[3, 5, 6], status=ARGUMENT)
    yield slice_case("slice step 0", x, [1], [3], [0], [0],
                     y_shape=[2, 5, 6], status=ARGUMENT)
    yield ic.Case("slice axis twice", SLICE, [],
                  [ic.View(x), values([0, 0]), values([2, 2]),
                   values([0, -3]), None], [2, 5, 6], np.float32, ARGUMENT)

    p = rng.standard_normal((3, 4)).astype(np.float32)
    yield ic.Case("pad constant 5 by [1, 0, 2, 3]", PAD, [CONSTANT, 5],
                  [ic.View(p), values([1, 0, 2, 3])], [6, 7], np.float32, OK,
                  np.pad(p, ((1, 2), (0, 3)), constant_values=5))
    q = rng.integers(-1000, 1000, (3, 4)).astype(np.int32)
    yield ic.Case("pad reflect int32 by int32 [0, 2, 2, 3]", PAD, [REFLECT],
                  [ic.View(q), values([0, 2, 2, 3], np.int32)], [5, 9],
                  np.int32, OK, np.pad(q, ((0, 2), (2, 3)), mode="reflect"))
    yield ic.Case("pad edge [2, 1, 0, 4]", PAD, [EDGE],
                  [ic.View(p), values([2, 1, 0, 4])], [5, 9], np.float32, OK,
                  np.pad(p, ((2, 0), (1, 4)), mode="edge"))
    yield ic.Case("pad values of another shape than y's", PAD, [CONSTANT],
                  [ic.View(p), values([1, 0, 1, 3])], [6, 7], np.float32,
                  ARGUMENT)

    e = rng.standard_normal((3, 1)).astype(np.float32)
    sentinel = ic.Case("", EXPAND, [], [], [2, 3, 4], np.float32, OK).y.flat
    yield ic.Case("expand [3, 1] by [2, 1, 4]", EXPAND, [],
                  [ic.View(e), values([2, 1, 4])], [2, 3, 4], np.float32, OK,
                  sentinel)
    yield ic.Case("expand [3, 1] by int32 [4] to [3, 4]", EXPAND, [],
                  [ic.View(e), values([4], np.int32)], [3, 4], np.float32, OK,
                  sentinel[:12])
    yield ic.Case("expand values of another shape than y's", EXPAND, [],
                  [ic.View(e), values([2, 1, 5])], [2, 3, 4], np.float32,
                  ARGUMENT)
    yield ic.Case("expand values that do not broadcast", EXPAND, [],
                  [ic.View(e), values([2, 4])], [3, 4], np.float32, ARGUMENT)

    yield range_case("range f32 1 to 5 by 2", 1, 5, 2, np.float32)
    yield range_case("range f32 0.5 to -3 by -0.75", 0.5, -3, -0.75,
                     np.float32)
    yield range_case("range f64 -2.5 to 40 by 0.25", -2.5, 40, 0.25,
                     np.float64)
    yield range_case("range int32 10 to 4 by -3", 10, 4, -3, np.int32)
    yield range_case("range int64 past int32", 2**40, 2**40 + 50, 7,
                     np.int64)
    yield range_case("range int16 -7 to 9 by 4", -7, 9, 4, np.int16)
    yield range_case("range empty", 5, 1, 2, np.int32)
    yield range_case("range of another count than y's", 1, 5, 2, np.float32,
                     n=3, status=ARGUMENT)
    yield ic.Case("range delta 0", RANGE, [],
                  [ic.View(np.array(v, np.int64)) for v in (1, 5, 0)], [2],
                  np.int64, ARGUMENT)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sim", required=True)
    ap.add_argument("--driver", required=True)
    ap.add_argument("--dir", required=True)
    args = ap.parse_args()
    ic.cases = cases
    ic.sys.argv = [sys.argv[0], "--sim", args.sim, "--driver", args.driver,
                   "--dir", args.dir]
    return ic.main()


if __name__ == "__main__":
    sys.exit(main())
