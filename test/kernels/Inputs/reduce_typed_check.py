#!/usr/bin/python3
"""accel_reduce of every element type and kind, accel_argreduce,
accel_hardmax, accel_cumsum and accel_topk (libaccelkernels.a) on
accel-sim, against numpy.

  reduce_typed_check.py --set reduce|argreduce|cumsum-topk
                        --sim "accel-sim [options]"
                        --driver reduce_typed_driver.elf --dir DIR

References, from x's values:
- reduce: float64 (floats) or Python's integers (integer types). f32's
  kinds on the vector unit and the stream engine (L1, L2, SumSquare,
  LogSum, LogSumExp, Prod on positive terms), and f16's and bf16's
  (computed in f32 there), within n 2^-22 relative plus, for f16 and
  bf16, one unit in their last place (the f32 result rounded once); f64
  (and f32's LogSumExp off the engine) within 2^-40 relative; max and
  min exact. Integer kinds exact, wrapping to the
  type's width (sum, prod, SumSquare, L1), the mean truncated toward zero,
  L2, LogSum and LogSumExp in float64 truncated.
- argreduce and hardmax: numpy's argmax/argmin (ties to the first; with
  select_last on the reversed axis), exact, on values with many ties.
- cumsum: integers exact (wrapping); f32 bit-identical to numpy's cumsum
  in float32 (the same additions in the same order); f64 within 2^-45 of
  float64's; f16 and bf16 within 2^-10 (2^-7) of the running sum of |x|.
- topk: values and indices exact: the stable order by value (descending
  for largest), ties to the lower index, as ONNX specifies.
y's elements are all written (the driver fills y with 0x5a first)."""

import math
import os
import struct
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_runner import batch_parser, run_batch  # noqa: E402
from typed_elements import (F32, I8, I32, F16, BF16, F64, I16,  # noqa: E402
                            I64, U8, U16, U32, U64, NAMES, STORE, FLOATS,
                            UNSIGNED, bits, from_f64, wrap)

MAXRANK = 6
KINDS = ["sum", "mean", "max", "min", "l1", "l2", "log_sum", "log_sum_exp",
         "prod", "sum_square"]
VECTOR_KINDS = {"l1", "l2", "log_sum", "log_sum_exp", "prod", "sum_square",
                "sum", "mean"}

def to_f64(t, x):
    """x's elements (as stored) as float64 (floats) or Python ints."""
    if t == BF16:
        return (x.astype(np.uint32) << 16).view(np.float32).astype(np.float64)
    if t in FLOATS:
        return x.astype(np.float64)
    return x.astype(object)
def trunc_int(t, d):
    """float64 d toward zero as type t's value, saturated (NaN: 0)."""
    if d != d:
        return 0
    b = bits(t)
    lo, hi = (0, (1 << b) - 1) if t in UNSIGNED else (-(1 << (b - 1)),
                                                     (1 << (b - 1)) - 1)
    if d == math.inf or d == -math.inf:
        return hi if d > 0 else lo
    return wrap(t, max(-(1 << 63), min((1 << 64) - 1, int(d))))


def random_values(rng, t, n, kind=None, ties=False):
    """n stored elements of type t for a case."""
    if ties:
        v = rng.integers(0, 3, n)
        return from_f64(t, v) if t in FLOATS else v.astype(STORE[t])
    if t in FLOATS:
        lo, hi = (0.5, 2.0) if kind in ("prod", "log_sum") else (-3.0, 3.0)
        if kind == "prod" and t in (F16, BF16):
            lo, hi = 0.9, 1.1
        return from_f64(t, rng.uniform(lo, hi, n))
    if t in UNSIGNED:
        v = rng.integers(0, 40, n)
        if t == U64 and kind in ("max", "min"):
            v = v.astype(np.uint64) + np.uint64(1 << 63) * (v % 2).astype(
                np.uint64)
        return v.astype(STORE[t])
    lo = 1 if kind in ("log_sum",) else -20
    return rng.integers(lo, 20, n).astype(STORE[t])


class Case:
    def __init__(self, kernel, name, xt, yt, xdims, ydims, params, x, pad=0,
                 check=None):
        self.kernel, self.name, self.xt, self.yt = kernel, name, xt, yt
        self.xdims, self.ydims, self.params = list(xdims), list(ydims), params
        self.x, self.pad, self.checker = x, pad, check

    def record(self):
        def six(d):
            return list(d) + [1] * (MAXRANK - len(d))
        h = [self.kernel, self.xt, self.yt, len(self.xdims), len(self.ydims)]
        h += six(self.xdims) + six(self.ydims) + [self.pad]
        h += list(self.params) + [0] * (8 - len(self.params))
        raw = np.ascontiguousarray(self.x).astype(STORE[self.xt]).tobytes()
        return struct.pack("<%dq" % len(h), *h) + raw + b"\0" * (-len(raw) % 8)

    def ybytes(self, t):
        n = int(np.prod(self.ydims)) * np.dtype(STORE[t]).itemsize
        return n + (-n % 8)

    def out_bytes(self):
        return 8 + self.ybytes(self.yt) + (self.ybytes(I64)
                                           if self.kernel == 4 else 0)

    def check(self, status, data):
        if status != 0:
            return "status %d" % status
        n = int(np.prod(self.ydims))
        y = np.frombuffer(data[:n * np.dtype(STORE[self.yt]).itemsize],
                          dtype=STORE[self.yt]).reshape(self.ydims)
        extra = None
        if self.kernel == 4:
            yb = self.ybytes(self.yt)
            extra = np.frombuffer(data[yb:yb + 8 * n],
                                  dtype=np.int64).reshape(self.ydims)
        return self.checker(y, extra)


# ------------------------------------------------------------- reduce

def reduce_reference(kind, t, x, axes, keep):
    """Type t's result of the reduction, as float64 (floats) or an object
    array of Python ints; and each float output's sum of |terms| (for
    the bound)."""
    v = to_f64(t, x)
    ax = tuple(axes) if axes else tuple(range(x.ndim))
    if t in FLOATS:
        with np.errstate(all="ignore"):
            m = np.max(v, axis=ax, keepdims=True, initial=-np.inf)
            r = {"sum": lambda: np.sum(v, ax),
                 "mean": lambda: np.mean(v, ax),
                 "max": lambda: np.max(v, ax, initial=-np.inf),
                 "min": lambda: np.min(v, ax, initial=np.inf),
                 "l1": lambda: np.sum(np.abs(v), ax),
                 "l2": lambda: np.sqrt(np.sum(v * v, ax)),
                 "log_sum": lambda: np.log(np.sum(v, ax)),
                 "log_sum_exp": lambda: np.where(
                     np.isinf(np.squeeze(m, ax)), np.squeeze(m, ax),
                     np.log(np.sum(np.exp(v - m), ax)) + np.squeeze(m, ax)),
                 "prod": lambda: np.prod(v, ax),
                 "sum_square": lambda: np.sum(v * v, ax)}[kind]()
            mag = np.sum(np.abs(v) * (np.abs(v) if kind in ("l2", "sum_square")
                                      else 1), ax)
        if keep:
            r, mag = np.expand_dims(r, ax), np.expand_dims(mag, ax)
        return np.asarray(r, dtype=np.float64), np.asarray(mag)
    u = t in UNSIGNED

    def one(line):
        line = [int(e) for e in line]
        n = len(line)
        if not n:
            b = bits(t)
            lo, hi = (0, (1 << b) - 1) if u else (-(1 << (b - 1)),
                                                 (1 << (b - 1)) - 1)
            return {"max": lo, "min": hi, "prod": 1}.get(kind, 0)
        if kind == "sum":
            return wrap(t, sum(line))
        if kind == "mean":
            s = wrap(I64 if not u else U64, sum(line))
            q = abs(s) // n
            return wrap(t, q if s >= 0 else -q)
        if kind in ("max", "min"):
            return (max if kind == "max" else min)(line)
        if kind == "l1":
            return wrap(t, sum(abs(e) for e in line))
        if kind == "sum_square":
            return wrap(t, sum(e * e for e in line))
        if kind == "prod":
            p = 1
            for e in line:
                p *= e
            return wrap(t, p)
        if kind == "l2":
            return trunc_int(t, math.sqrt(float(sum(e * e for e in line))))
        if kind == "log_sum":
            s = float(sum(line))
            return trunc_int(t, math.log(s) if s > 0 else
                             (-math.inf if s == 0 else math.nan))
        mx = max(line)
        return trunc_int(t, mx + math.log(sum(math.exp(e - mx)
                                              for e in line)))
    moved = np.moveaxis(v, ax, tuple(range(x.ndim - len(ax), x.ndim)))
    kept = moved.shape[:x.ndim - len(ax)]
    flat = moved.reshape(kept + (-1,))
    out = np.empty(kept, dtype=object)
    for idx in np.ndindex(*kept):
        out[idx] = one(flat[idx])
    if keep:
        out = np.expand_dims(out, ax)
    return out, None


def reduce_case(kind, t, dims, axes, keep, rng, pad=0, x=None):
    if x is None:
        x = random_values(rng, t, int(np.prod(dims)), kind).reshape(dims)
    ref, mag = reduce_reference(kind, t, x, axes, keep)
    ax = set(a % len(dims) for a in axes) if axes else set(range(len(dims)))
    ydims = [1 if d in ax else n for d, n in enumerate(dims)
             if keep or d not in ax]
    count = int(np.prod([dims[d] for d in ax])) if dims else 1
    name = "%s %s %s axes=%s%s%s" % (
        kind, NAMES[t], "x".join(map(str, dims)),
        ",".join(map(str, axes)) or "all", "" if keep else " nokeep",
        " pad" if pad else "")

    def check(y, _):
        if t not in FLOATS:
            got = y.astype(object).reshape(-1)
            want = np.asarray(ref, dtype=object).reshape(-1)
            for i, (g, w) in enumerate(zip(got, want)):
                if int(g) != int(w):
                    return "element %d is %d, expected %d" % (i, g, w)
            return None
        got = to_f64(t, y).reshape(-1)
        want, m = ref.reshape(-1), np.asarray(mag).reshape(-1)
        eps = {F32: 2.0 ** -24, F64: 2.0 ** -53, F16: 2.0 ** -11,
               BF16: 2.0 ** -8}[t]
        for i, (g, w) in enumerate(zip(got, want)):
            if math.isnan(w) and math.isnan(g):
                continue
            if kind in ("max", "min") or math.isinf(w):
                ok = g == w
            else:
                vec = t in (F32, F16, BF16) and kind in VECTOR_KINDS
                rel = count * 2.0 ** -22 if vec else (
                    2.0 ** -40 if t in (F32, F64) else 0.0)
                scale = abs(w) if kind in ("prod", "l2", "log_sum",
                                           "log_sum_exp") else m[i]
                if kind == "mean":
                    scale = m[i] / count
                if kind == "log_sum":
                    scale = 1.0  # log's error: the sum's relative one
                bound = rel * max(scale, 1e-30) + eps * abs(w)
                ok = abs(g - w) <= bound * 1.0001 + 1e-300
            if not ok:
                return "element %d is %r, expected %r" % (i, g, w)
        return None
    return Case(0, name, t, t, dims, ydims,
                [KINDS.index(kind), len(axes)] + list(axes), x, pad, check)


def reduce_cases(rng):
    every = [F32, F16, BF16, F64, I8, I16, I32, I64, U8, U16, U32, U64]
    for t in every:
        for kind in KINDS:
            yield reduce_case(kind, t, [3, 4, 5], [1], True, rng)
    for kind in KINDS:
        # f32's vector kinds: both tile layouts, many outputs, long lines.
        yield reduce_case(kind, F32, [37, 70], [0], False, rng)
        yield reduce_case(kind, F32, [5, 300], [1], True, rng, pad=3)
        yield reduce_case(kind, F32, [2, 3, 40], [0, 2], False, rng)
        yield reduce_case(kind, F32, [6, 17], [], True, rng)
        yield reduce_case(kind, F64, [4, 2, 6], [-1, 0], False, rng)
        yield reduce_case(kind, I32, [4, 9], [], False, rng, pad=2)
        yield reduce_case(kind, F16, [3, 33], [1], True, rng)
    # LogSumExp of a line of -inf (-inf), one with +inf (+inf) and values
    # whose exp overflows f32 without the maximum subtracted, on the
    # engine (whole contiguous lines) and off it (a column).
    x = np.full([4, 20], -np.inf, np.float32)
    x[1] = 0.5
    x[2] = 1000.0
    x[2, 3] = 1001.0
    x[3, 7] = np.inf
    yield reduce_case("log_sum_exp", F32, [4, 20], [1], True, rng, x=x)
    yield reduce_case("log_sum_exp", F32, [20, 4], [0], True, rng,
                      x=np.ascontiguousarray(x.T))
    # Empty reductions: each kind's identity.
    for t in (F32, F64, I32, U8):
        for kind in KINDS:
            if t not in FLOATS and kind in ("log_sum", "log_sum_exp"):
                continue
            yield reduce_case(kind, t, [3, 0], [1], True, rng)


# ------------------------------------------------------- arg reductions

def argreduce_case(t, dims, axis, is_min, last, keep, rng, ties=True,
                   nan=False, inf=False):
    x = random_values(rng, t, int(np.prod(dims)), ties=ties).reshape(dims)
    if nan:
        x = x.copy()
        x.reshape(-1)[1::7] = np.nan
    if inf:
        x = x.copy()
        x.reshape(-1)[5::97] = np.inf
        x.reshape(-1)[7::89] = -np.inf
    v = to_f64(t, x).astype(np.float64 if t in FLOATS else object)
    a = axis % len(dims)

    def arg(vv):
        if t not in FLOATS:
            vv = vv.astype(object)
            moved = np.moveaxis(vv, a, -1)
            out = np.empty(moved.shape[:-1], dtype=np.int64)
            for idx in np.ndindex(*moved.shape[:-1]):
                line = list(moved[idx])
                best = (min if is_min else max)(line)
                out[idx] = line.index(best)
            return out
        return np.argmin(vv, a) if is_min else np.argmax(vv, a)
    if last:
        r = dims[a] - 1 - arg(np.flip(v, a))
    else:
        r = arg(v)
    ydims = [1 if d == a else n for d, n in enumerate(dims)
             if keep or d != a]
    want = r.reshape(ydims)
    name = "arg%s %s %s axis=%d%s%s%s%s" % (
        "min" if is_min else "max", NAMES[t], "x".join(map(str, dims)), axis,
        " last" if last else "", "" if keep else " nokeep",
        " nan" if nan else "", " inf" if inf else "")

    def check(y, _):
        bad = np.nonzero(y.reshape(-1) != want.reshape(-1))[0]
        if bad.size:
            i = bad[0]
            return "element %d is %d, expected %d" % (
                i, y.reshape(-1)[i], want.reshape(-1)[i])
        return None
    return Case(1, name, t, I64, dims, ydims,
                [axis, int(is_min), int(last)], x, 0, check)


def hardmax_case(dims, axis, rng):
    x = random_values(rng, F32, int(np.prod(dims)), ties=True).reshape(dims)
    a = axis % len(dims)
    am = np.argmax(x, a)
    want = np.zeros(dims, np.float32)
    np.put_along_axis(want, np.expand_dims(am, a), 1.0, a)

    def check(y, _):
        if not np.array_equal(y, want):
            return "differs from numpy's one-hot argmax"
        return None
    return Case(2, "hardmax %s axis=%d" % ("x".join(map(str, dims)), axis),
                F32, F32, dims, dims, [axis], x, 0, check)


def argreduce_cases(rng):
    for t in (F32, F16, BF16, F64, I8, I16, I32, I64, U8, U16, U32, U64):
        for is_min in (0, 1):
            for last in (0, 1):
                yield argreduce_case(t, [3, 4, 5], 1, is_min, last, True, rng)
    for is_min in (0, 1):
        yield argreduce_case(F32, [2, 3, 40], -1, is_min, 1, False, rng)
        yield argreduce_case(F32, [50, 7], 0, is_min, 0, False, rng,
                             ties=False)
        yield argreduce_case(F64, [4, 9], 1, is_min, 0, True, rng, nan=True)
        yield argreduce_case(F64, [4, 9], 1, is_min, 1, True, rng, nan=True)
        yield argreduce_case(I64, [1], 0, is_min, 0, False, rng)
        # f32 lines of 32 and more on the vector unit: ties at either end,
        # values without ties, NaN (the scalar rule's).
        for last in (0, 1):
            yield argreduce_case(F32, [4, 100], 1, is_min, last, True, rng)
            yield argreduce_case(F32, [3, 64], -1, is_min, last, True, rng,
                                 nan=True)
        yield argreduce_case(F32, [5, 333], 1, is_min, 0, False, rng,
                             ties=False)
        # A batch's vocabulary rows (the greedy token): lines past four
        # vectors a step, with and without ties.
        yield argreduce_case(F32, [8, 1024], -1, is_min, 0, True, rng)
        yield argreduce_case(F32, [3, 1030], -1, is_min, 1, False, rng,
                             ties=False)
        # ArgMax's rows on the stream engine: more rows than one pass
        # takes (64), a batch's [B, 1, V] logits, rows with infinities.
        yield argreduce_case(F32, [70, 48], -1, is_min, 0, True, rng)
        yield argreduce_case(F32, [8, 1, 1024], -1, is_min, 1, True, rng)
        yield argreduce_case(F32, [6, 200], 1, is_min, 0, True, rng, inf=True)
    for dims, axis in (([3, 4, 5], 0), ([3, 4, 5], 1), ([3, 4, 5], -1),
                       ([1, 4], 1), ([6, 33], 0)):
        yield hardmax_case(dims, axis, rng)


# ---------------------------------------------------- cumsum and topk

def cumsum_case(t, dims, axis, exclusive, reverse, rng):
    x = random_values(rng, t, int(np.prod(dims))).reshape(dims)
    a = axis % len(dims)
    v = to_f64(t, x)

    def scan(vals, typ):
        w = np.flip(vals, a) if reverse else vals
        c = np.cumsum(w, a, dtype=typ)
        if exclusive:
            c = np.concatenate([np.zeros_like(np.take(c, [0], a)),
                                np.delete(c, -1, a)], a)
        return np.flip(c, a) if reverse else c
    name = "cumsum %s %s axis=%d%s%s" % (
        NAMES[t], "x".join(map(str, dims)), axis,
        " exclusive" if exclusive else "", " reverse" if reverse else "")

    def check(y, _):
        if t not in FLOATS:
            want = [wrap(t, int(e)) for e in scan(v, object).reshape(-1)]
            got = [int(e) for e in y.reshape(-1)]
            for i, (g, w) in enumerate(zip(got, want)):
                if g != w:
                    return "element %d is %d, expected %d" % (i, g, w)
            return None
        if t == F32:
            want = scan(x, np.float32)
            if not np.array_equal(y, want):
                return "differs from numpy's float32 cumsum"
            return None
        want = scan(v, np.float64)
        mag = scan(np.abs(v), np.float64)
        eps = {F64: 2.0 ** -45, F16: 2.0 ** -10, BF16: 2.0 ** -7}[t]
        err = np.abs(to_f64(t, y) - want) - eps * mag
        if np.any(err > 1e-300):
            i = int(np.argmax(err))
            return "element %d off by %g" % (i, err.reshape(-1)[i])
        return None
    return Case(3, name, t, t, dims, dims,
                [axis, int(exclusive), int(reverse)], x, 0, check)


def topk_case(t, dims, axis, k, largest, rng, ties=False, inf=False):
    x = random_values(rng, t, int(np.prod(dims)), ties=ties).reshape(dims)
    if inf:
        x = x.copy()
        x.reshape(-1)[::9] = -np.inf
        x.reshape(-1)[4::13] = np.inf
    a = axis % len(dims)
    v = to_f64(t, x)
    moved = np.moveaxis(v, a, -1)
    idx = np.empty(moved.shape[:-1] + (k,), np.int64)
    for i in np.ndindex(*moved.shape[:-1]):
        line = list(moved[i])
        order = sorted(range(len(line)),
                       key=lambda j: ((-line[j] if largest else line[j]), j))
        idx[i] = order[:k]
    want_i = np.moveaxis(idx, -1, a)
    want_v = np.take_along_axis(x, want_i, a)
    ydims = list(dims)
    ydims[a] = k
    name = "topk %s %s axis=%d k=%d%s%s%s" % (
        NAMES[t], "x".join(map(str, dims)), axis, k,
        "" if largest else " smallest", " ties" if ties else "",
        " inf" if inf else "")

    def check(y, ix):
        if not np.array_equal(ix, want_i):
            return "indices differ"
        if not np.array_equal(y, want_v):
            return "values differ"
        return None
    return Case(4, name, t, t, dims, ydims, [axis, k, int(largest)], x, 0,
                check)


def cumsum_topk_cases(rng):
    for t in (F32, F16, BF16, F64, I8, I16, I32, I64, U8, U16, U32, U64):
        for exclusive in (0, 1):
            for reverse in (0, 1):
                yield cumsum_case(t, [3, 17], 1, exclusive, reverse, rng)
        yield cumsum_case(t, [9, 4], 0, 0, 0, rng)
        yield topk_case(t, [3, 11], 1, 4, 1, rng)
        yield topk_case(t, [3, 11], -1, 3, 0, rng, ties=True)
    yield cumsum_case(F32, [2, 3, 300], -1, 1, 1, rng)
    yield cumsum_case(I8, [200], 0, 0, 0, rng)  # wraps
    yield topk_case(F32, [40, 5], 0, 40, 1, rng, ties=True)
    yield topk_case(F32, [4, 100], 1, 0, 1, rng)
    yield topk_case(I64, [2, 3, 9], 2, 9, 0, rng, ties=True)
    # f32 lines of 32 and more on the vector unit (k up to 64): ties,
    # both directions, and a line with infinities (the insertion's).
    for largest in (1, 0):
        yield topk_case(F32, [4, 100], 1, 5, largest, rng, ties=True)
        yield topk_case(F32, [3, 200], -1, 64, largest, rng)
    yield topk_case(F32, [2, 50], 1, 7, 1, rng, inf=True)


def main():
    ap = batch_parser()
    ap.add_argument("--set", required=True,
                    choices=["reduce", "argreduce", "cumsum-topk"])
    args = ap.parse_args()
    rng = np.random.default_rng(39)
    cases = list({"reduce": reduce_cases, "argreduce": argreduce_cases,
                  "cumsum-topk": cumsum_topk_cases}[args.set](rng))
    return run_batch(args, "reduce-typed-" + args.set, b"ACREDT01", cases)


if __name__ == "__main__":
    sys.exit(main())
