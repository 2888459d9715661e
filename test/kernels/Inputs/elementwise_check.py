"""Runs the elementwise kernels (elementwise_driver.c) on accel-sim against
numpy's float64 reference.

  elementwise_check.py --set SET --sim "accel-sim [options]"
                       --driver DRIVER.elf --dir DIR [--only TEXT]

SET is "ops" (every operation over its whole range: random values from
tiny to huge of both signs and the special values +-inf, NaN, +-0,
subnormals), "shapes" (sizes 1, 15, 16, 17 and primes, every broadcasting
pattern, strided, padded, column-major and zero-stride views, in place,
tensors larger than the 2 MiB scratchpad) or "chains"; check_runner.py
runs them, one line per case and "N cases, F failures".

Tolerance per operation, in units in the last place (ulp) of the f32
result: ulp(r) = 2^(e - 23) for |r| in [2^e, 2^(e + 1)), at least 2^-149
(the subnormal spacing). BOUNDS below is what docs/kernels.md states; a
result whose float64 reference is NaN must be NaN, one whose reference
rounds to +-inf in f32 must be that infinity. pow's error grows with the
condition of the function, from the f32 rounding of an intermediate value
before a special function (documented there too): exp(b ln a), + 8
|b ln a| ulp (b ln a rounded before vexp). The operations on the stream
engine round once from double precision: 1 ulp for its functions (a
double result rounded to f32), half for division. Chains check the
interpretation, not the operations' accuracy again: within 2^-16 (|ref|
+ 1).

Outside y's view (padding, gaps, guards) the buffer holds a sentinel that
must come back bit for bit; the inputs' buffers hold NaN outside their
views, so a kernel reading padding shows it.
"""
import math
import os
import struct
import sys
import zlib

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_runner import (SENTINEL, Output, index_of, main,  # noqa: E402
                          record)

OPS = ["add", "sub", "mul", "div", "max", "min", "pow", "relu", "leaky_relu",
       "clip", "sigmoid", "tanh", "erf", "gelu", "gelu_tanh", "exp", "log",
       "sqrt", "reciprocal", "neg", "abs", "where"]
OP = {name: i for i, name in enumerate(OPS)}
BINARY = set(OPS[:7])
UNARY = set(OPS[7:21])

# Stated bounds (ulp), docs/kernels.md "Elementwise kernels".
BOUNDS = {"add": 0.5, "sub": 0.5, "mul": 0.5, "div": 0.5, "max": 0, "min": 0,
          "pow": 16, "relu": 0, "leaky_relu": 0.5, "clip": 0, "sigmoid": 1,
          "tanh": 1, "erf": 1, "gelu": 1, "gelu_tanh": 1, "exp": 1, "log": 1,
          "sqrt": 1, "reciprocal": 1, "neg": 0, "abs": 0, "where": 0}

SPECIAL = np.array([np.inf, -np.inf, np.nan, 0.0, -0.0, 1e-45, -1e-45,
                    1e-40, -3e-39, 1.1754944e-38, 3.4028235e38, -3.4028235e38,
                    1.0, -1.0, 2.0, 0.5, 1e30, -1e30, 1e-30],
                   dtype=np.float32)
erf64 = np.vectorize(math.erf, otypes=[np.float64])


# ---------------------------------------------------------------- references

def sigmoid64(x):
    with np.errstate(over="ignore"):
        return np.where(x >= 0, 1 / (1 + np.exp(-np.abs(x))),
                        np.exp(-np.abs(x)) / (1 + np.exp(-np.abs(x))))


def gelu_tanh_v(x):
    with np.errstate(over="ignore", invalid="ignore"):
        return 2 * math.sqrt(2 / math.pi) * (x + 0.044715 * x ** 3)


def reference(op, r, a=None, b=None, alpha=0.01, lo=-np.inf, hi=np.inf):
    with np.errstate(all="ignore"):
        if op == "add":
            return r + a
        if op == "sub":
            return r - a
        if op == "mul":
            return r * a
        if op == "div":
            return r / a
        if op == "max":
            return np.maximum(r, a)
        if op == "min":
            return np.minimum(r, a)
        if op == "pow":
            return np.power(r, a)
        if op == "relu":
            return np.where(r < 0, 0.0, r)
        if op == "leaky_relu":
            return np.where(r < 0, np.float64(np.float32(alpha)) * r, r)
        if op == "clip":
            return np.where(r < lo, lo, np.where(r > hi, hi, r))
        if op == "sigmoid":
            return sigmoid64(r)
        if op == "tanh":
            return np.tanh(r)
        if op == "erf":
            return erf64(r)
        if op == "gelu":
            y = 0.5 * r * (1 + erf64(r / math.sqrt(2)))
            # The erfc tail: 1 + erf(-t) loses everything to cancellation.
            t = -r / math.sqrt(2)
            tail = np.vectorize(math.erfc, otypes=[np.float64])(
                np.where(np.isfinite(t), t, 0))
            y = np.where(r < -1, 0.5 * r * tail, y)
            return np.where(r == -np.inf, 0.0, y)
        if op == "gelu_tanh":
            y = r * sigmoid64(gelu_tanh_v(r))
            return np.where(r == -np.inf, 0.0, y)
        if op == "exp":
            return np.exp(r)
        if op == "log":
            return np.log(r)
        if op == "sqrt":
            return np.sqrt(r)
        if op == "reciprocal":
            return 1 / r
        if op == "neg":
            return -r
        if op == "abs":
            return np.abs(r)
        if op == "where":
            return np.where(r != 0, a, b)
    raise ValueError(op)


def ulp32(ref):
    with np.errstate(over="ignore"):
        mag = np.abs(ref.astype(np.float32)).astype(np.float64)
    mag = np.where(np.isfinite(mag), mag, 0)
    e = np.floor(np.log2(np.maximum(mag, 2.0 ** -126)))
    return 2.0 ** (e - 23)


def op_errors(op, got, ref, r, a):
    """Error of each element in units of its bound (<= 1 passes)."""
    bound = np.full(ref.shape, float(BOUNDS[op]))
    with np.errstate(all="ignore"):
        if op == "pow":
            k = np.abs(a * np.log(np.abs(r)))
            bound = bound + 8 * np.where(np.isfinite(k), k, 0)
    return errors_in(got, ref, ulp32(ref) * np.maximum(bound, 1e-9))


def errors_in(got, ref, tol):
    err = np.zeros(ref.shape)
    with np.errstate(all="ignore"):
        ref32 = ref.astype(np.float32)
        nan = np.isnan(ref)
        err[nan] = np.where(np.isnan(got[nan]), 0, np.inf)
        inf = ~nan & np.isinf(ref32)
        err[inf] = np.where(got[inf] == ref32[inf], 0, np.inf)
        fin = ~nan & ~inf
        diff = np.abs(got[fin].astype(np.float64) - ref[fin])
        err[fin] = np.where(np.isfinite(got[fin]), diff / tol[fin], np.inf)
    return err


# ---------------------------------------------------------------- layouts

def place(shape, kind, rng, values):
    """A buffer holding `values` (of `shape`) in the layout `kind`, NaN
    elsewhere: (strides, offset, buffer)."""
    rank = len(shape)
    guard = 5
    if kind == "contig":
        strides, guard = contiguous(shape), 0
    elif kind == "pad":  # rows 3 longer
        strides = contiguous(shape[:-1] + (shape[-1] + 3,)) if rank else []
    elif kind == "strided":  # every other element of the inner dimension
        strides = [2 * s for s in contiguous(shape)]
    elif kind == "colmajor":
        strides = contiguous(shape[::-1])[::-1]
    elif kind == "zero":  # the first full dimension repeated (stride 0)
        strides = contiguous(shape)
        for d in range(rank):
            if shape[d] > 1:
                strides[d] = 0
                values = np.broadcast_to(
                    np.take(values, [0], axis=d), shape).copy()
                break
    else:
        raise ValueError(kind)
    last = sum((n - 1) * s for n, s in zip(shape, strides)) if all(shape) else 0
    buf = np.full(guard + last + 1 + guard, np.nan, dtype=np.float32)
    if all(shape):
        idx = index_of(shape, strides, guard)
        buf[idx] = values
    return strides, guard, buf, values


def contiguous(shape):
    strides, s = [], 1
    for n in reversed(shape):
        strides.insert(0, s)
        s *= n
    return strides


# ---------------------------------------------------------------- cases

class Case:
    """kind: unary, binary, where or chain; steps: (op, in, in2, swap,
    alpha, lo, hi); inputs: (shape, layout, value maker); y: (shape,
    layout); inplace: y is input 0's view."""

    def __init__(self, name, kind, steps, inputs, y, inplace=False):
        self.title, self.kind, self.steps = name, kind, steps
        self.inputs, self.y, self.inplace = inputs, y, inplace

    def name(self):
        return self.title

    def make(self, path):
        """Writes the case file; returns y's Output."""
        rng = np.random.default_rng(zlib.crc32(self.title.encode()))
        recs, bufs, views, places = [], [], [], []
        for shape, kind, maker in self.inputs:
            vals = maker(rng, shape).astype(np.float32)
            st, off, buf, vals = place(shape, kind, rng, vals)
            recs.append(record(shape, st, off, len(buf), flagged=False))
            bufs.append(buf)
            places.append((st, off))
            views.append(vals.astype(np.float64))
        yshape, ykind = self.y
        if self.inplace:  # y is input 0's view
            st, off = places[0]
            ybuf = bufs[0].copy()
            recs.append(record(yshape, st, off, len(ybuf), flagged=False))
        else:
            st, off, ybuf, _ = place(yshape, ykind, rng, np.zeros(yshape))
            ybuf[np.isnan(ybuf)] = SENTINEL
            recs.append(record(yshape, st, off, len(ybuf), flagged=False))
        yidx = index_of(yshape, st, off) if all(yshape) else []
        kinds = {"unary": 0, "binary": 1, "where": 2, "chain": 3}
        with open(path, "wb") as f:
            f.write(b"EWCASE01")
            f.write(struct.pack("<4q", kinds[self.kind], len(self.steps),
                                len(self.inputs), 0 if self.inplace else -1))
            for op, a, b, swap, alpha, lo, hi in self.steps:
                f.write(struct.pack("<4q4f", OP[op], a, b, swap, alpha, lo,
                                    hi, 0))
            f.write(b"".join(recs))
            for buf in bufs:
                f.write(buf.tobytes())
            if not self.inplace:
                f.write(ybuf.tobytes())
        ins = [np.broadcast_to(v, yshape) for v in views]
        if self.kind == "chain":
            ref = ins[0]
            for op, a, b, swap, alpha, lo, hi in self.steps:
                other = [ins[k] if k < len(ins) else None for k in (a, b)]
                x, o = (other[0], ref) if swap else (ref, other[0])
                ref = reference(op, x, o, other[1], alpha, lo, hi)
            tol = 2.0 ** -16 * (np.abs(ref) + 1)
            errors = lambda y: errors_in(y, ref, tol)
        else:
            op, _, _, _, alpha, lo, hi = self.steps[0]
            extra = ins[1:] + [None, None]
            ref = reference(op, ins[0], extra[0], extra[1], alpha, lo, hi)
            errors = lambda y: op_errors(op, y, ref, ins[0], extra[0])
        return Output(ybuf, yidx, ref, errors=errors, detail=lambda j:
                      ", inputs %s" % [float(v[j]) for v in ins])


def step(op, a=1, b=2, swap=0, alpha=0.01, lo=-np.inf, hi=np.inf):
    return (op, a, b, swap, alpha, lo, hi)


# Value makers: rng, shape -> float64 array.
def uniform(lo, hi):
    return lambda rng, shape: rng.uniform(lo, hi, shape)


def wide(rng, shape):
    """Magnitudes from 1e-45 to 3e38, both signs, and the special values
    every 7th element."""
    mag = 10.0 ** rng.uniform(-45, 38.5, shape)
    v = np.where(rng.random(shape) < 0.5, -mag, mag)
    flat = v.reshape(-1)
    flat[::7] = np.resize(SPECIAL, flat[::7].shape)
    return v


def mixed(inner):
    """inner's range for most elements, wide() for a quarter."""
    def make(rng, shape):
        v = inner(rng, shape)
        w = wide(rng, shape)
        return np.where(rng.random(shape) < 0.25, w, v)
    return make


def integers_or(inner):
    def make(rng, shape):
        v = inner(rng, shape)
        return np.where(rng.random(shape) < 0.3,
                        np.round(rng.uniform(-12, 12, shape)), v)
    return make


def positive_wide(rng, shape):
    return np.abs(wide(rng, shape))


# The range where each operation does something, for 3/4 of the elements.
RANGES = {"add": uniform(-1e3, 1e3), "sub": uniform(-1e3, 1e3),
          "mul": uniform(-1e3, 1e3), "div": uniform(-1e3, 1e3),
          "max": uniform(-5, 5), "min": uniform(-5, 5),
          "pow": uniform(0, 4), "relu": uniform(-5, 5),
          "leaky_relu": uniform(-5, 5), "clip": uniform(-5, 5),
          "sigmoid": uniform(-110, 110), "tanh": uniform(-12, 12),
          "erf": uniform(-6, 6), "gelu": uniform(-20, 20),
          "gelu_tanh": uniform(-20, 20), "exp": uniform(-110, 90),
          "log": uniform(0, 10), "sqrt": uniform(0, 100),
          "reciprocal": uniform(-10, 10), "neg": uniform(-5, 5),
          "abs": uniform(-5, 5), "where": uniform(-1, 1)}


def op_cases():
    n = 20011  # a prime: three tiles and a piece
    for op in OPS:
        values = mixed(RANGES[op])
        if op in UNARY:
            s = step(op, alpha=0.125, lo=-1.5, hi=2.25) \
                if op in ("leaky_relu", "clip") else step(op)
            yield Case("%s [%d]" % (op, n), "unary", [s],
                       [((n,), "contig", values)], ((n,), "contig"))
        elif op == "where":
            cond = lambda rng, shape: np.where(rng.random(shape) < 0.4, 0.0,
                                               wide(rng, shape))
            yield Case("where [%d]" % n, "where", [step(op)],
                       [((n,), "contig", cond), ((n,), "contig", wide),
                        ((n,), "contig", wide)], ((n,), "contig"))
        else:
            second = integers_or(uniform(-10, 10)) if op == "pow" else values
            yield Case("%s [%d]" % (op, n), "binary", [step(op)],
                       [((n,), "contig", values), ((n,), "contig", second)],
                       ((n,), "contig"))
    # Whole ranges alone: every special value against every other.
    sp = SPECIAL.astype(np.float64)
    grid_a = lambda rng, shape: np.repeat(sp, len(sp)).reshape(shape)
    grid_b = lambda rng, shape: np.tile(sp, len(sp)).reshape(shape)
    m = len(sp) * len(sp)
    for op in sorted(BINARY):
        yield Case("%s special x special" % op, "binary", [step(op)],
                   [((m,), "contig", grid_a), ((m,), "contig", grid_b)],
                   ((m,), "contig"))
    yield Case("pow negative base, integer exponents", "binary", [step("pow")],
               [((4096,), "contig", uniform(-3, 0)),
                ((4096,), "contig", lambda rng, s: np.round(
                    rng.uniform(-20, 20, s)))], ((4096,), "contig"))


def bcast(shape, mask, drop=0):
    """shape with the dims in mask set to 1 and drop leading dims gone."""
    return tuple(1 if (mask >> d) & 1 else n
                 for d, n in enumerate(shape))[drop:]


def shape_cases():
    u = uniform(-4, 4)
    for n in (1, 15, 16, 17, 31, 8191, 8193):
        yield Case("add [%d]" % n, "binary", [step("add")],
                   [((n,), "contig", u), ((n,), "contig", u)],
                   ((n,), "contig"))
    yield Case("exp rank 0", "unary", [step("exp")], [((), "contig", u)],
               ((), "contig"))
    yield Case("add empty [3, 0]", "binary", [step("add")],
               [((3, 0), "contig", u), ((3, 0), "contig", u)],
               ((3, 0), "contig"))
    # Every broadcasting pattern of a rank-3 y against a full a: each
    # subset of b's dims 1, and each number of missing leading dims.
    y = (5, 7, 17)
    for mask in range(8):
        for drop in range(4):
            b = bcast(y, mask, drop)
            yield Case("add %s + %s" % (y, b), "binary", [step("add")],
                       [(y, "contig", u), (b, "contig", u)], (y, "contig"))
    # Both sides broadcasting, and y larger than either.
    for a, b, yy in [((3, 1), (1, 4), (3, 4)), ((13, 1, 17), (1, 11, 1),
                                                (13, 11, 17)),
                     ((17,), (3, 1), (2, 3, 17)), ((1,), (), (4, 5)),
                     ((2, 1, 3, 1, 5, 1), (1, 4, 1, 3, 1, 7),
                      (2, 4, 3, 3, 5, 7))]:
        yield Case("mul %s * %s -> %s" % (a, b, yy), "binary",
                   [step("mul")], [(a, "contig", u), (b, "contig", u)],
                   (yy, "contig"))
    # Views: every layout of a, b and y.
    for la in ("contig", "pad", "strided", "colmajor", "zero"):
        for ly in ("contig", "pad", "strided", "colmajor"):
            yield Case("sub (9, 23) %s - %s -> %s" % (la, "pad", ly),
                       "binary", [step("sub")],
                       [((9, 23), la, u), ((9, 23), "pad", u)],
                       ((9, 23), ly))
    yield Case("gelu (3, 5, 7) strided -> colmajor", "unary",
               [step("gelu")], [((3, 5, 7), "strided", u)],
               ((3, 5, 7), "colmajor"))
    yield Case("where (1, 7, 1) ? (6, 1, 5) : (5,)", "where", [step("where")],
               [((1, 7, 1), "contig", lambda rng, s: np.round(
                   rng.uniform(-1, 1, s))), ((6, 1, 5), "contig", u),
                ((5,), "contig", u)], ((6, 7, 5), "contig"))
    # The small path's forms (elementwise_small.c): a scalar against a row
    # (a rotary angle), a row of odd length down y, y of exactly its most
    # elements, 3 elements on the vector unit.
    yield Case("mul (1, 1, 1) * (1, 1, 32)", "binary", [step("mul")],
               [((1, 1, 1), "contig", u), ((1, 1, 32), "contig", u)],
               ((1, 1, 32), "contig"))
    yield Case("add (1000, 7) + (7,)", "binary", [step("add")],
               [((1000, 7), "contig", u), ((7,), "contig", u)],
               ((1000, 7), "contig"))
    yield Case("max [8192] (vector unit)", "binary", [step("max")],
               [((8192,), "contig", u), ((8192,), "contig", u)],
               ((8192,), "contig"))
    yield Case("abs [3]", "unary", [step("abs")], [((3,), "contig", u)],
               ((3,), "contig"))
    # A lone input by the core's loads up to 128 floats (a whole number of
    # vectors, a part of one, one past), the result by its stores up to
    # 512 floats (elementwise_direct.h).
    for n in (20, 128, 129, 512, 513):
        yield Case("relu [%d]" % n, "unary", [step("relu")],
                   [((n,), "contig", u)], ((n,), "contig"))
    # In place: y is a itself (contiguous and strided).
    for lay in ("contig", "strided"):
        yield Case("add in place (37, 41) %s" % lay, "binary", [step("add")],
                   [((37, 41), lay, u), ((41,), "contig", u)],
                   ((37, 41), lay), inplace=True)
    # Larger than the scratchpad: 4.4 MB each, per-column bias, per-row
    # broadcast through the inner dimension, and a strided unary.
    big = (1100, 1000)
    yield Case("add %s + (1000,)" % (big,), "binary", [step("add")],
               [(big, "contig", u), ((1000,), "contig", u)], (big, "contig"))
    yield Case("mul %s * (1100, 1)" % (big,), "binary", [step("mul")],
               [(big, "contig", u), ((1100, 1), "contig", u)],
               (big, "contig"))
    yield Case("sigmoid (640, 1001) pad -> pad", "unary", [step("sigmoid")],
               [((640, 1001), "pad", u)], ((640, 1001), "pad"))
    yield Case("add NCHW (2, 64, 56, 56) + bias (64, 1, 1)", "binary",
               [step("add")], [((2, 64, 56, 56), "contig", u),
                               ((64, 1, 1), "contig", u)],
               ((2, 64, 56, 56), "contig"))
    # A value a row, spread along rows shorter than a vector, over more
    # rows than a tile stages (on the engine and on the vector unit, the
    # values contiguous and strided), and a scalar on the vector unit.
    for op in ("mul", "max"):
        for lay in ("contig", "strided"):
            yield Case("%s (3000, 5) * (3000, 1) %s" % (op, lay), "binary",
                       [step(op)], [((3000, 5), "contig", u),
                                    ((3000, 1), lay, u)],
                       ((3000, 5), "contig"))
    yield Case("max (300, 1000) * ()", "binary", [step("max")],
               [((300, 1000), "contig", u), ((), "contig", u)],
               ((300, 1000), "contig"))


def chain_cases():
    u = uniform(-2, 2)
    n = (33, 257)
    yield Case("chain gelu((x * w + b)) * s", "chain",
               [step("mul", 1), step("add", 2), step("gelu"),
                step("mul", 3)],
               [(n, "contig", u), (n, "contig", u), ((257,), "contig", u),
                ((33, 1), "contig", u)], (n, "contig"))
    yield Case("chain swapped: (w - x), (b / r), pow(s, r)", "chain",
               [step("sub", 1, swap=1), step("abs"), step("add", 2),
                step("div", 2, swap=1), step("pow", 3, swap=1)],
               [(n, "contig", u), (n, "contig", u),
                ((257,), "contig", uniform(1, 2)),
                ((1,), "contig", uniform(0.5, 2))], (n, "contig"))
    yield Case("chain of 8 unary steps", "chain",
               [step("tanh"), step("neg"), step("sigmoid"), step("sqrt"),
                step("log"), step("exp"), step("leaky_relu", alpha=0.5),
                step("clip", lo=-0.7, hi=0.9)],
               [(n, "contig", u)], (n, "contig"))
    yield Case("chain with where and five inputs, strided views", "chain",
               [step("sub", 1), step("where", 2, 3), step("max", 4),
                step("min", 1)],
               [(n, "strided", u), (n, "pad", u), ((33, 1), "contig", u),
                ((257,), "contig", u), ((), "contig", u)], (n, "colmajor"))
    yield Case("chain on the stream engine: a scalar, a swapped row",
               "chain",
               [step("mul", 2), step("sub", 1, swap=1), step("tanh"),
                step("add", 2)],
               [(n, "contig", u), ((257,), "contig", u), ((), "contig", u)],
               (n, "contig"))
    small = (7, 129)
    yield Case("small chain: five inputs, a scalar, a row, where, swapped",
               "chain",
               [step("mul", 1), step("sub", 2, swap=1), step("where", 3, 4),
                step("tanh"), step("max", 2), step("add", 3)],
               [(small, "contig", u), ((), "contig", u),
                ((129,), "contig", uniform(0.5, 2)), (small, "contig", u),
                ((1, 129), "contig", u)], (small, "contig"))
    # The small path's column (each element over a run of y's): a decode
    # step's positions times the rotary frequencies, runs of 7 (a spread
    # past its run, overwritten by the next), a column that is not the
    # first input.
    yield Case("small chain: tanh of a column times a row", "chain",
               [step("mul", 1), step("tanh")],
               [((8, 1, 1), "contig", uniform(0, 10)),
                ((32,), "contig", uniform(0, 1))], ((8, 1, 32), "contig"))
    yield Case("small chain: a column of runs of 7", "chain",
               [step("mul", 1), step("exp")],
               [((5, 1), "contig", u), ((5, 7), "contig", u)], ((5, 7), "contig"))
    yield Case("small chain: x - a column, then tanh", "chain",
               [step("sub", 1), step("tanh")],
               [((6, 40), "contig", u), ((6, 1), "contig", u)],
               ((6, 40), "contig"))
    yield Case("chain larger than the scratchpad", "chain",
               [step("mul", 1), step("add", 2), step("relu"),
                step("sigmoid")],
               [((600, 1024), "contig", u), ((600, 1024), "contig", u),
                ((1024,), "contig", u)], ((600, 1024), "contig"))


SETS = {"ops": op_cases, "shapes": shape_cases, "chains": chain_cases}


if __name__ == "__main__":
    sys.exit(main(__doc__, SETS, "ew"))
