"""Runs the elementwise kernels' float math operations (ACCEL_EW_FLOOR to
ACCEL_EW_PRELU; elementwise_driver.c) on accel-sim against numpy's float64
reference, with elementwise_check.py's cases, layouts and checks.

  elementwise_math_check.py --set SET --sim "accel-sim [options]"
                            --driver DRIVER.elf --dir DIR [--only TEXT]

SET is "ops" (every operation on 20011 elements: its own range, with the
hard parts of each, for three quarters, and the whole f32 range with the
special values for the rest; and sin, cos and tan in the vector unit's
range alone, near multiples of pi/2 too), "edges" (each operation's hard inputs alone)
or "shapes" (prelu's broadcast slopes, a strided view, a chain).

Tolerance per operation, in ulp of the f32 result (elementwise_check.py's
ulp32), from how each is computed (elementwise_math.c):
- floor, ceil, round, thresholded_relu: exact, the sign of a zero included
  (floor(-0.0) and ceil(-0.5) are -0.0; round ties to even).
- shrink and prelu: one f32 operation, half an ulp.
- sin, cos, tan: on the vector unit for |x| < 1e5, r = x - j pi/2 with
  pi/2 in three parts (the first product exact, two roundings of r: 2^-23
  |r|, which sin carries as is near its zeros and cos scales down), and
  Cephes' polynomials on [-pi/4, pi/4] (within 1 ulp with their roundings):
  2 ulp; tan is their quotient, relative errors of both and the refined
  quotient's added: 4 ulp (measured 1.35, 1.44 and 2.86).
- asin, acos, atan: on the vector unit (Cephes' polynomials; asin and acos
  through sqrt((1 - |x|) / 2) above 1/2, atan reduced by tan(pi/8) and
  tan(3 pi/8)): a refined division or root (1 ulp, carried at most once),
  the polynomial's 1 and the rounded pi/2 or pi/4 it is added to (1): 3 ulp
  (measured 2.2, 1.0, 2.6).
- asinh, acosh, atanh: on the vector unit as log1p of an argument within
  2 ulp (a refined root or division, and the sums), log1p by Goldberg's
  log(1 + t) t / ((1 + t) - 1) (log's 1 ulp, the quotient's 1, the
  product's half): 4 ulp (measured 2.4, 2.5, 2.3).
- sinh, cosh: (e -+ 1/e) / 2 from the stream engine's e = exp(|x|) (1 ulp)
  and a refined reciprocal (1), the difference for |x| >= 0.35 at most
  doubling them, and a Taylor polynomial below: 3 and 2 ulp (measured 1.3,
  1.0).
- Out of those ranges (|x| beyond 10^5 for sin, cos and tan, 2^12 for
  asinh and acosh, 88 for sinh and cosh, |x| >= 1 for atanh, > 1 for asin
  and acos, x < 1 for acosh, infinities, NaN): in f64 by picolibc's libm
  (its double functions are within an f64 ulp, 2^-29 of an f32 one) and
  rounded once to f32: half an ulp, plus 2^-20 for the f64 error.
- elu: alpha expm1(x), expm1 from the stream engine's exp (within 1 ulp,
  docs/kernels.md): e - 1 for x <= -0.35, exact, carries e's ulp, 2 of
  the result's at most (e in [1/2, 1), the result in [1/4, 1/2)); below
  that a Taylor polynomial within 1; the product by alpha half: 2.5 ulp.
- celu: elu's with x / alpha as x (1 / alpha), an argument off by 2
  roundings, which expm1 carries at most once for a negative argument:
  3.5 ulp.
- softplus: max(x, 0) + log1p(exp(-|x|)), log1p(e) as log(1 + e) e /
  ((1 + e) - 1): exp's ulp (carried at most once), log's (fdlibm's
  polynomial, 1), the refined quotient's 1, the product's and the sum's
  halves: 4 ulp.
NaN where the reference is NaN, and the infinity where it overflows f32.
"""
import math
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import elementwise_check as ew  # noqa: E402
from check_runner import main  # noqa: E402

MATH = ["floor", "ceil", "round", "sin", "cos", "tan", "asin", "acos",
        "atan", "sinh", "cosh", "asinh", "acosh", "atanh", "softplus", "elu",
        "celu", "thresholded_relu", "shrink", "prelu"]
ew.OP.update({name: 40 + i for i, name in enumerate(MATH)})
ew.BOUNDS.update({"floor": 0, "ceil": 0, "round": 0, "thresholded_relu": 0,
                  "shrink": 0.5, "prelu": 0.5})
ew.BOUNDS.update({"sin": 2, "cos": 2, "tan": 4, "asin": 3, "acos": 3,
                  "atan": 3, "sinh": 3, "cosh": 2, "asinh": 4, "acosh": 4,
                  "atanh": 4})
ew.BOUNDS.update({"elu": 2.5, "celu": 3.5, "softplus": 4})
EXACT_ZEROS = {"floor", "ceil", "round", "thresholded_relu"}

# The options of each operation's cases: alpha, lo, hi.
OPTIONS = {"elu": dict(alpha=0.75), "celu": dict(alpha=1.5),
           "thresholded_relu": dict(alpha=0.625),
           "shrink": dict(alpha=1.25, lo=-0.5, hi=0.5)}

base_reference = ew.reference
base_op_errors = ew.op_errors


def reference(op, r, a=None, b=None, alpha=0.01, lo=-np.inf, hi=np.inf):
    alpha = float(np.float32(alpha))
    with np.errstate(all="ignore"):
        simple = {"floor": np.floor, "ceil": np.ceil, "round": np.round,
                  "sin": np.sin, "cos": np.cos, "tan": np.tan,
                  "asin": np.arcsin, "acos": np.arccos, "atan": np.arctan,
                  "sinh": np.sinh, "cosh": np.cosh, "asinh": np.arcsinh,
                  "acosh": np.arccosh, "atanh": np.arctanh}
        if op in simple:
            return simple[op](r)
        if op == "softplus":
            return np.logaddexp(0.0, r)
        if op == "elu":
            return np.where(r < 0, alpha * np.expm1(r), r)
        if op == "celu":
            return np.where(r < 0, alpha * np.expm1(r / alpha), r)
        if op == "thresholded_relu":
            return np.where(r > alpha, r, 0.0)
        if op == "shrink":
            return np.where(r < lo, r + alpha, np.where(r > hi, r - alpha,
                                                        0.0))
        if op == "prelu":
            return np.where(r < 0, r * a, r)
    return base_reference(op, r, a, b, alpha, lo, hi)


def op_errors(op, got, ref, r, a):
    err = base_op_errors(op, got, ref, r, a)
    if op in EXACT_ZEROS:  # a zero's sign too
        with np.errstate(all="ignore"):
            ref32 = ref.astype(np.float32)
        sign = ~np.isnan(ref32) & (np.signbit(got) != np.signbit(ref32))
        err = np.where(sign, np.inf, err)
    return err


ew.reference = reference
ew.op_errors = op_errors
step, uniform, mixed = ew.step, ew.uniform, ew.mixed


def below_one(rng, shape):
    """|x| near 1 from below (1 - 2^-k) and above, both signs."""
    k = rng.integers(1, 25, shape)
    v = 1.0 - 2.0 ** -k.astype(np.float64)
    v = np.where(rng.random(shape) < 0.1, 1.0 + 2.0 ** -k, v)
    return np.where(rng.random(shape) < 0.5, -v, v)


def ties(rng, shape):
    """Halves (round's ties) of both signs, up to 2^23."""
    big = rng.random(shape) < 0.2
    v = np.where(big, np.ldexp(rng.integers(0, 2 ** 22, shape), 1),
                 rng.integers(-40, 40, shape)) + 0.5
    v = np.where(big, np.minimum(v, 2.0 ** 23 - 0.5), v)
    return np.where(rng.random(shape) < 0.5, -v, v)


def near_zero(rng, shape):
    """Magnitudes from 1e-8 to 1e-2 of both signs: exp(x) - 1 cancels."""
    mag = 10.0 ** rng.uniform(-8, -2, shape)
    return np.where(rng.random(shape) < 0.5, -mag, mag)


def either(*makers):
    def make(rng, shape):
        vs = [m(rng, shape) for m in makers]
        pick = rng.integers(0, len(vs), shape)
        return np.choose(pick, vs)
    return make


RANGES = {"floor": either(uniform(-10, 10), ties),
          "ceil": either(uniform(-10, 10), ties),
          "round": either(uniform(-10, 10), ties),
          "sin": uniform(-10, 10), "cos": uniform(-10, 10),
          "tan": uniform(-10, 10), "asin": either(uniform(-1, 1), below_one),
          "acos": either(uniform(-1, 1), below_one), "atan": uniform(-50, 50),
          "sinh": uniform(-90, 90), "cosh": uniform(-90, 90),
          "asinh": either(uniform(-1e3, 1e3), near_zero),
          "acosh": either(uniform(1, 1e3), lambda rng, s: 1 + np.abs(
              near_zero(rng, s))),
          "atanh": either(uniform(-1, 1), below_one, near_zero),
          "softplus": uniform(-100, 100),
          "elu": either(uniform(-20, 5), near_zero),
          "celu": either(uniform(-20, 5), near_zero),
          "thresholded_relu": uniform(-3, 3), "shrink": uniform(-3, 3),
          "prelu": uniform(-5, 5)}

EDGES = {
    "floor": [-0.0, 0.0, -0.5, 0.5, -1.0, 1.0, -1.5, 8388607.5, -8388607.5,
              8388608.0, 16777217.0, 1e-45, -1e-45],
    "round": [0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 4194303.5, 8388607.5,
              -8388607.5, 0.49999997, -0.49999997, 8388608.0, -0.0],
    "asin": [1.0, -1.0, 0.99999994, -0.99999994, 1.0000001, 0.5, 1e-30],
    "atanh": [1.0, -1.0, 0.99999994, -0.99999994, 1e-30, 1.0000001],
    "acosh": [1.0, 1.0000001, 0.99999994, 3e38],
    "softplus": [88.0, 89.0, 100.0, 1e30, -87.0, -104.0, -110.0, 0.0, 16.0,
                 17.0, -16.0],
    "elu": [-1e-7, -1e-30, -0.0, 0.0, 1e-7, -88.0, -104.0],
    "sinh": [89.0, 89.5, -89.5, 1e-7, -1e-30],
    "tan": [1.5707964, -1.5707964, 1e30, 4.712389],
}
EDGES["ceil"] = EDGES["floor"]
EDGES["acos"] = EDGES["asin"]
EDGES["celu"] = EDGES["elu"]
EDGES["cosh"] = EDGES["sinh"]


def unary_step(op):
    return step(op, **OPTIONS.get(op, {}))


def op_cases():
    n = 20011  # a prime: three tiles and a piece
    for op in MATH:
        values = mixed(RANGES[op])
        if op == "prelu":
            yield ew.Case("prelu [%d]" % n, "binary", [step(op)],
                          [((n,), "contig", values),
                           ((n,), "contig", mixed(uniform(-1, 1)))],
                          ((n,), "contig"))
        else:
            yield ew.Case("%s [%d]" % (op, n), "unary", [unary_step(op)],
                          [((n,), "contig", values)], ((n,), "contig"))


def near_half_pi(rng, shape):
    """The f32 values nearest k pi/2 (|k| < 2000) and a few ulps off, where
    sin, cos or tan is near 0 and the reduction cancels most."""
    k = rng.integers(-2000, 2000, shape)
    v = (k * (np.pi / 2)).astype(np.float32)
    return np.nextafter(v, np.float32(np.inf) * rng.choice([-1, 1], shape))


def in_range_cases():
    """The functions on the vector unit alone: every group of vectors in
    its range (their own ranges, without the whole-range quarter whose
    lanes send most groups to libm)."""
    n = 20011
    trig = either(uniform(-10, 10), uniform(-1e5, 1e5), near_half_pi,
                  near_zero)
    for op in MATH[3:14]:
        values = trig if op in ("sin", "cos", "tan") else RANGES[op]
        yield ew.Case("%s in range [%d]" % (op, n), "unary", [step(op)],
                      [((n,), "contig", values)], ((n,), "contig"))


def edge_cases():
    for op, values in sorted(EDGES.items()):
        v = np.array(values + [-x for x in values], dtype=np.float64)
        yield ew.Case("%s edges" % op, "unary", [unary_step(op)],
                      [((len(v),), "contig", lambda rng, s, v=v: v)],
                      ((len(v),), "contig"))


def shape_cases():
    u = uniform(-4, 4)
    # PRelu's slopes: per channel of NCHW, a scalar, and the full shape.
    x = (2, 5, 7, 9)
    for slope in [(5, 1, 1), (1,), (9,), x]:
        yield ew.Case("prelu %s slope %s" % (x, slope), "binary",
                      [step("prelu")], [(x, "contig", u),
                                        (slope, "contig", u)], (x, "contig"))
    yield ew.Case("round (3, 5, 7) strided -> colmajor", "unary",
                  [step("round")], [((3, 5, 7), "strided",
                                     either(u, ties))],
                  ((3, 5, 7), "colmajor"))
    yield ew.Case("sin (640, 101) pad -> pad", "unary", [step("sin")],
                  [((640, 101), "pad", u)], ((640, 101), "pad"))
    yield ew.Case("chain elu(floor(x) * w) then sin, shrink", "chain",
                  [step("floor"), step("mul", 1), step("elu", alpha=0.5),
                   step("sin"), step("shrink", alpha=0.25, lo=-0.3, hi=0.3)],
                  [((33, 257), "contig", u), ((257,), "contig", u)],
                  ((33, 257), "contig"))
    yield ew.Case("chain prelu with the running value as the slope",
                  "chain", [step("abs"), step("prelu", 1, swap=1)],
                  [((33, 257), "contig", u), ((33, 257), "contig", u)],
                  ((33, 257), "contig"))


SETS = {"ops": lambda: list(op_cases()) + list(in_range_cases()),
        "edges": edge_cases, "shapes": shape_cases}


if __name__ == "__main__":
    sys.exit(main(__doc__, SETS, "ewm"))
