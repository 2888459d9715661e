"""The kernel benchmark's checks of its own runs (kernels.py): each case's
inputs, seeded random values, and the errors of its output against a
float64 numpy reference.

A family module's case (kernels.py's docstring) carries
  "inputs": a function of a numpy Generator (seeded from the case's name)
            returning the driver's inputs, f32 arrays in the order it reads
            them (bench_io.h);
  "errors": a function of those inputs and the driver's output (flat f32)
            returning each output element's error in units of its bound
            (0 for an exact match; a bound of 0 asks for one) and None, or
            a line saying what failed if an error is above 1 (attach()).
The references and bounds are the kernel tests' (test/kernels/Inputs/
*_check.py, whose docstrings derive the bounds from the kernels'
arithmetic: e.g. accel_gemm's (K + 2) 4 u sum_k |a_ik b_kj|), taken from
there so that a benchmark checks exactly what its test does; the one
derived here is the elementwise chain's (chain_errors)."""
import os
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(
    __file__))))
sys.path.insert(0, os.path.join(ROOT, "test", "kernels", "Inputs"))
import attention_check  # noqa: E402
import conv2d_check  # noqa: E402
import elementwise_check  # noqa: E402
import elementwise_math_check  # noqa: E402,F401 (its kinds' references)
import gemm_norm_check  # noqa: E402
import kernel_check  # noqa: E402
import norm_check  # noqa: E402
import pool_check  # noqa: E402
from check_runner import U, Tensor, errors_in_bounds  # noqa: E402


def uniform(rng, shape, lo=-1.0, hi=1.0):
    """Uniform values in [lo, hi) rounded to f32."""
    return rng.uniform(lo, hi, shape).astype(np.float32)


def f64(*arrays):
    return [np.asarray(a, np.float64) for a in arrays]


def against(got, ref, bound):
    """got's errors (flat; got of ref's size) against a reference and a
    bound broadcast to its shape."""
    ref = np.asarray(ref, np.float64)
    bound = np.broadcast_to(np.asarray(bound, np.float64), ref.shape)
    return errors_in_bounds(got, ref.reshape(-1), bound.reshape(-1))


def problem(errors, got, ref):
    """None if every error is at most 1, else what failed: how many
    elements, the worst with its value and reference."""
    ref = np.asarray(ref, np.float64).reshape(-1)
    bad = int(np.count_nonzero(errors > 1))
    if not bad:
        return None
    w = int(np.argmax(errors))
    return ("%d of %d elements outside the bound; worst [%d] = %r, "
            "reference %r (%.3g of its bound)"
            % (bad, errors.size, w, float(got[w]), float(ref[w]), errors[w]))


# ---------------------------------------------------------------- families
# Each returns (inputs, reference): reference(inputs) is (ref, bound) for
# the output's elements, or (ref, errors function) where the bound is not
# absolute (elementwise).

def gemm(m, n, k):
    """C = A . B, A M x K and B K x N uniform in [-1, 1]: accel_gemm's
    bound (kernel_check.py)."""
    def inputs(rng):
        return [uniform(rng, (m, k)), uniform(rng, (k, n))]

    def reference(ins):
        a, b = f64(*ins)
        return kernel_check.GemmCase(m, n, k).reference({"a": a, "b": b})
    return inputs, reference


def conv2d(c, h, w, cout, k, pad, groups, stride):
    """y = conv2d(x, w), batch 1, values uniform in [-1, 1]:
    conv2d_check.py's reference (explicit im2col) and bound."""
    x_dims, w_dims = (1, c, h, w), (cout, c // groups, k, k)

    def inputs(rng):
        return [uniform(rng, x_dims), uniform(rng, w_dims)]

    def reference(ins):
        x, wt = f64(*ins)
        case = conv2d_check.ConvCase(1, c, h, w, cout, k, k,
                                     stride=(stride, stride),
                                     pad=(pad,) * 4, groups=groups)
        return case.reference({"x": x.reshape(x_dims),
                               "w": wt.reshape(w_dims)})
    return inputs, reference


def attention(b, heads, s, d, causal, kvh=None, sq=None):
    """o = softmax(q k^T / sqrt(D)) v over B x H heads, q, k, v uniform in
    [-1, 1]: attention_check.py's reference and bound. kvh: k and v's
    heads (grouped-query), sq: the queries (s unless given)."""
    kvh = heads if kvh is None else kvh
    sq = s if sq is None else sq
    qdims, kdims = (b, heads, sq, d), (b, kvh, s, d)

    def inputs(rng):
        return [uniform(rng, qdims), uniform(rng, kdims), uniform(rng, kdims)]

    def reference(ins):
        q, k, v = f64(*ins)
        q, k, v = q.reshape(qdims), k.reshape(kdims), v.reshape(kdims)
        case = attention_check.AttnCase(
            (b, heads), sq, s, d, d, mask="causal" if causal else "none",
            kvh=kvh)
        return case.reference({"q": q, "k": k, "v": v})
    return inputs, reference


def gemm_norm(m, k, n, h):
    """y = layernorm(a . b + bias + residual) g + shift (h = 0), or
    layernorm(relu(a . w1 + b1) . w2 + bias + residual) (h hidden units):
    a, b, w1, bias, shift, residual uniform in [-1, 1], the scale in
    [0.5, 2], epsilon 1e-5; gemm_norm_check.py's reference and bound. The
    driver reads a, b (its w2 with h), the residual, bias|scale|shift and,
    with h, w1 and b1."""
    k2 = h or k

    def inputs(rng):
        ins = [uniform(rng, (m, k)), uniform(rng, (k2, n)),
               uniform(rng, (m, n)),
               np.concatenate([uniform(rng, n), uniform(rng, n, 0.5, 2.0),
                               uniform(rng, n)])]
        if h:
            ins += [uniform(rng, (k, h)), uniform(rng, h)]
        return ins

    def reference(ins):
        a, b, r, p = ins[:4]
        if h:
            case = gemm_norm_check.MlpCase([m], k, h, n, "relu")
            case.x, case.w1 = Tensor(a), Tensor(ins[4])
            case.w2, case.c1 = Tensor(b), Tensor(ins[5])
        else:
            case = gemm_norm_check.Case([m], k, n)
            case.a, case.bm = Tensor(a), b
        case.r = Tensor(r)
        case.c, case.g, case.h = (Tensor(p[i * n:(i + 1) * n])
                                  for i in range(3))
        return case.reference()
    return inputs, reference


def normalization(op, rows, cols):
    """Along the rows of x (uniform in [-3, 3]): softmax (op 0), layer norm
    with scale (uniform in [0.5, 2]) and shift ([-1, 1]) (op 1), RMS norm
    with scale (op 2); epsilon 1e-5: norm_check.py's references and
    bounds. The driver reads x, the scale and the shift."""
    name = ("softmax", "layernorm", "rmsnorm")[op]

    def inputs(rng):
        return [uniform(rng, (rows, cols), -3.0, 3.0),
                uniform(rng, cols, 0.5, 2.0), uniform(rng, cols)]

    def reference(ins):
        x, g, sh = ins
        case = norm_check.Case(name, [rows, cols], scale=op > 0,
                               shift=op == 1)
        case.x, case.r = Tensor(x), None
        case.g = g if op > 0 else None
        case.h = sh if op == 1 else None
        return case.reference()
    return inputs, reference


def pooling(op, dims, k=(1, 1), s=(1, 1), pads=(0, 0, 0, 0), axes=None):
    """pool_check.py's reference and bound for op (its OPS: maxpool,
    avgpool, global_avg, sum, mean, ...) on x of dims, uniform in [-3, 3];
    the reductions drop the reduced axes (the driver's y is rank 1)."""
    def inputs(rng):
        return [uniform(rng, dims, -3.0, 3.0)]

    def reference(ins):
        case = pool_check.Case(op, list(dims), k=k, s=s, pads=pads,
                               axes=axes, keep=0)
        case.x = Tensor(ins[0].reshape(dims))
        return case.reference()
    return inputs, reference


def elementwise(case, rows, cols):
    """elementwise_bench.c's cases on x (uniform in [-3, 3]), w ([-1, 1]),
    a bias row ([-1, 1]) and a scale ([0.5, 2]), which the driver reads in
    that order: add (x + w), exp, gelu (erf), gelu_tanh, each within its
    stated bound in ulps (elementwise_check.py's BOUNDS, docs/kernels.md),
    and the chain gelu_tanh(x * w + bias) * scale, as one call or four,
    within chain_errors'."""
    def inputs(rng):
        return [uniform(rng, (rows, cols), -3.0, 3.0),
                uniform(rng, (rows, cols)), uniform(rng, cols),
                uniform(rng, 1, 0.5, 2.0)]

    def reference(ins):
        x, w, bias, scale = f64(*ins)
        if case in ("chain4", "separate4"):
            ref = elementwise_check.reference(
                "gelu_tanh", x * w + bias) * scale
            return ref, lambda got: chain_errors(got, x, w, bias, scale)
        op = case
        ref = elementwise_check.reference(op, x, w if op == "add" else None)
        return ref, lambda got: elementwise_check.op_errors(
            op, got.reshape(ref.shape), ref, x, w)
    return inputs, reference


def chain_errors(got, x, w, bias, scale):
    """y = gelu_tanh(x w + bias) s, each step rounded to f32 (one call or
    four): t = fl(fl(x w) + bias) errs by at most u |x w| + u |t| (half an
    ulp each, an ulp being at most 2 u of the value); gelu_tanh's slope is
    at most 1.13 (GELU_SLOPE, 1.2, taken) and its own error an ulp, 2 u |g|;
    the product by s scales that and adds u |y|. Doubled for margin, plus
    the smallest subnormal's spacing for results near 0:
      |y - ref| <= 2 (|s| (1.2 (u |x w| + u |t|) + 2 u |g|) + u |y|)
                   + 2^-149."""
    t = x * w + bias
    g = elementwise_check.reference("gelu_tanh", t)
    y = g * scale
    bound = 2 * (np.abs(scale) * (kernel_check.GELU_SLOPE * U *
                                  (np.abs(x * w) + np.abs(t)) +
                                  2 * U * np.abs(g)) + U * np.abs(y)) + \
        2.0 ** -149
    return against(got, y, bound)


def movement(kind, *args):
    """movement_bench.c's cases, exact copies (bound 0): transpose R C,
    concat R C AXIS (two R x C matrices), gather ROWS C N (rows i * 7919
    mod ROWS of the table, as the driver picks them), pad R C W MODE
    (constant 0, reflect, edge); x uniform in [-1, 1]."""
    if kind == "concat":
        r, c, axis = args
        x_dims = (2, r, c)
    elif kind == "gather":
        rows, c, count = args
        x_dims = (rows, c)
    else:
        x_dims = tuple(args[:2])

    def inputs(rng):
        return [uniform(rng, x_dims)]

    def reference(ins):
        x = ins[0].reshape(x_dims).astype(np.float64)
        if kind == "transpose":
            ref = x.T
        elif kind == "concat":
            ref = np.concatenate([x[0], x[1]], axis=axis)
        elif kind == "gather":
            ref = x[(np.arange(count) * 7919) % rows]
        else:
            width, mode = args[2], args[3]
            ref = np.pad(x, width, mode=("constant", "reflect",
                                         "edge")[mode])
        return ref, 0.0
    return inputs, reference


def attach(case, inputs_reference):
    """The case (a dict) with its "inputs" and "errors" (the module
    docstring), from a family's (inputs, reference) above."""
    inputs, reference = inputs_reference

    def errors(ins, got):
        ref, bound = reference(ins)
        if got.size != np.size(ref):
            return np.full(1, np.inf), "%d elements out, expected %d" % (
                got.size, np.size(ref))
        errs = bound(got) if callable(bound) else against(got, ref, bound)
        errs = np.asarray(errs, np.float64).reshape(-1)
        return errs, problem(errs, got, ref)
    case["inputs"], case["errors"] = inputs, errors
    return case
