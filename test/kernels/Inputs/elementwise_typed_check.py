#!/usr/bin/python3
"""The elementwise kernels on every element type (libaccelkernels.a's typed
path) on accel-sim against numpy.

  elementwise_typed_check.py --set ops|shapes|errors --sim "accel-sim ..."
                             --driver elementwise_typed_driver.elf --dir DIR

"ops": every kind on every element type it is defined on (ONNX's), on
random values of the type's range (its limits, and NaN, +-inf and +-0 for
the floats), x of [3, 5, 7] against a [5, 1] operand (a broadcast one
value a row, one leading dimension missing). "shapes": strided inputs, a
padded y, a scalar, in place, rank 6, rank 0, empty, and rows of several
blocks. "errors": kinds on types they are not defined on, operands of two
types and a y of the wrong type: the status, y untouched, and the
kernel's one-line message (printed here for FileCheck).

The reference computes as ONNX defines each kind: floats in float32 (f16
and bf16 rounded to nearest even from it), f64 in float64, integers with
two's complement wrap (numpy's), a quotient truncated toward zero, mod with
the divisor's sign and fmod with the dividend's (a zero divisor: 0), shifts
below the width, and where, the comparisons, isnan and isinf exactly.
Results must match exactly (any NaN matches a NaN, -0 matches 0), but exp,
tanh and pow on floats, whose results (the C library's for f64, the
stream engine's or the vector unit's for the others) may differ from
numpy's in the last bits: within 2 ulp of y's type (pow: 8). y's elements outside the view must keep their
sentinel."""

import os
import struct
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_runner import batch_parser, run_batch  # noqa: E402
from typed_elements import (F32, I8, I32, F16, BF16, F64, I16,  # noqa: E402
                            I64, U8, U16, U32, U64, BOOL, NAMES, STORE)

FLOATS = [F32, F16, BF16, F64]
SIGNED = [I8, I16, I32, I64]
UNSIGNED = [U8, U16, U32, U64]
NUMERIC = FLOATS + SIGNED + UNSIGNED
MAXRANK = 6
SENTINEL = 0x5a

(ADD, SUB, MUL, DIV, MAX, MIN, POW, RELU, LEAKY, CLIP, SIGMOID, TANH, ERF,
 GELU, GELU_TANH, EXP, LOG, SQRT, RECIP, NEG, ABS, WHERE, MOD, FMOD, EQ, LT,
 LE, GT, GE, AND, OR, XOR, NOT, SHL, SHR, SIGN, ISNAN, ISINF, ISPOSINF,
 ISNEGINF) = range(40)
FLOOR = 40  # the first of the float math kinds (elementwise_math.c)
OPNAMES = ("add sub mul div max min pow relu leaky_relu clip sigmoid tanh erf "
           "gelu gelu_tanh exp log sqrt reciprocal neg abs where mod fmod "
           "equal less less_or_equal greater greater_or_equal and or xor not "
           "bitshift_left bitshift_right sign isnan isinf isposinf "
           "isneginf").split()
UNARY = {FLOOR, RELU, LEAKY, CLIP, SIGMOID, TANH, ERF, GELU, GELU_TANH, EXP, LOG,
         SQRT, RECIP, NEG, ABS, NOT, SIGN, ISNAN, ISINF, ISPOSINF, ISNEGINF}
GIVES_BOOL = {EQ, LT, LE, GT, GE, ISNAN, ISINF, ISPOSINF, ISNEGINF}
# The types each kind is defined on (the checks' ops set).
DEFINED = {ADD: NUMERIC, SUB: NUMERIC, MUL: NUMERIC, DIV: NUMERIC,
           MAX: NUMERIC, MIN: NUMERIC, POW: NUMERIC, RELU: FLOATS + SIGNED,
           CLIP: NUMERIC, NEG: FLOATS + SIGNED, ABS: NUMERIC,
           WHERE: NUMERIC + [BOOL], MOD: SIGNED + UNSIGNED, FMOD: NUMERIC,
           EQ: NUMERIC + [BOOL], LT: NUMERIC, LE: NUMERIC, GT: NUMERIC,
           GE: NUMERIC, AND: [BOOL], OR: [BOOL], XOR: [BOOL], NOT: [BOOL],
           SHL: UNSIGNED, SHR: UNSIGNED, SIGN: NUMERIC, ISNAN: FLOATS,
           ISINF: FLOATS, ISPOSINF: FLOATS, ISNEGINF: FLOATS,
           EXP: [F16, BF16, F64], TANH: [F16, F64], SQRT: [BF16, F64],
           LEAKY: [F16, F64], FLOOR: [F16, BF16]}
# Kinds whose results may differ from numpy's in the last bits: ulp of y's
# type allowed (pow on f32: the vector unit's, within 8 ulp for these
# exponents and bases, docs/kernels.md).
LIBM = {EXP: 2, TANH: 2, POW: 8}


def size(t):
    return np.dtype(STORE[t]).itemsize


def bf16_to_f32(bits):
    return (bits.astype(np.uint32) << 16).view(np.float32)


def f32_to_bf16(x):
    u = np.asarray(x, np.float32).view(np.uint32).astype(np.uint64)
    r = ((u + 0x7fff + ((u >> 16) & 1)) >> 16).astype(np.uint16)
    nan = np.isnan(np.asarray(x, np.float32))
    return np.where(nan, (u >> 16).astype(np.uint16) | 0x40, r)


def widen(t, x):
    """Stored elements as the reference computes them (a bool's nonzero
    byte as 1)."""
    if t == BOOL:
        return (x != 0).astype(np.uint64)
    if t == BF16:
        return bf16_to_f32(x)
    if t in (F32, F16):
        return x.astype(np.float32)
    if t == F64:
        return x.astype(np.float64)
    if t in SIGNED:
        return x.astype(np.int64)
    return x.astype(np.uint64)


def narrow(t, v):
    """Reference values (float32, float64, int64, uint64) stored as t."""
    if t == BF16:
        return f32_to_bf16(v)
    if t == BOOL:
        return (v != 0).astype(np.uint8)
    with np.errstate(over="ignore", invalid="ignore"):
        return v.astype(STORE[t])


def values(t, rng, n, op):
    """n values of type t for kind op, stored."""
    if t == BOOL:
        return rng.integers(0, 2, n).astype(np.uint8)
    if t in FLOATS:
        v = rng.standard_normal(n) * 8
        if op in (POW,):
            v = rng.uniform(0.25, 3, n)
        sp = [np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, -1.0, 0.5]
        if op not in (POW, LOG, SQRT, EXP, TANH):
            v[:min(n, len(sp))] = sp[:n]
        v = v.astype(np.float32 if t == BF16 else STORE[t])
        return f32_to_bf16(v) if t == BF16 else v
    info = np.iinfo(STORE[t])
    if op in (POW,):
        lo, hi = (-4, 5) if t in SIGNED else (0, 6)
        return rng.integers(lo, hi, n).astype(STORE[t])
    if op in (DIV, MOD, FMOD):
        lo = -100 if t in SIGNED else 0
        return rng.integers(lo, 101, n).astype(STORE[t])
    v = rng.integers(info.min, info.max, n, dtype=STORE[t], endpoint=True)
    v[:min(n, 2)] = [info.min, info.max][:n]
    return v


def exponents(t, rng, n):
    if t in SIGNED + UNSIGNED:
        return rng.integers(0, 13, n).astype(STORE[t])
    return rng.uniform(-3, 3, n).astype(STORE[t])


def reference(op, ts, xs, yt, opts):
    """y's values stored as yt, from inputs xs (stored, broadcast)."""
    vt = ts[1] if op == WHERE else ts[0]
    w = [widen(t, x) for t, x in zip(ts, xs)]
    a = w[0]
    b = w[1] if len(w) > 1 else None
    floats = vt in FLOATS
    if op == POW and vt not in FLOATS and ts[1] in FLOATS:
        a, b = xs[0].astype(np.float64), widen(ts[1], xs[1]).astype(
            np.float64)
        with np.errstate(all="ignore"):
            # To the integer as accel_cast converts: truncated, saturated,
            # NaN to 0.
            r = np.trunc(np.nan_to_num(np.power(a, b), nan=0.0))
            info = np.iinfo(STORE[yt])
            big = r >= float(info.max)
            r = np.clip(r, float(info.min), float(info.max))
            return np.where(big, info.max, r.astype(STORE[yt]))
    if op == POW and vt in FLOATS:
        b = b.astype(a.dtype)
    with np.errstate(all="ignore"):
        if op == ADD:
            r = a + b
        elif op == SUB:
            r = a - b
        elif op == MUL:
            r = a * b
        elif op == DIV:
            if floats:
                r = a / b
            else:
                bz = np.where(b == 0, 1, b)
                q = np.abs(a) // np.abs(bz) if vt in SIGNED else a // bz
                if vt in SIGNED:
                    q = np.where((a < 0) != (b < 0), -q, q)
                r = np.where(b == 0, 0, q)
        elif op == MAX:
            r = np.maximum(a, b)
        elif op == MIN:
            r = np.minimum(a, b)
        elif op == POW:
            if floats:
                r = np.power(a, b)
            else:
                r = np.ones_like(a)
                base, e = a.copy(), b.copy()
                for _ in range(64):  # by squaring, wrapping
                    r = np.where(e & 1, r * base, r)
                    base = base * base
                    e = e >> 1
        elif op == RELU:
            r = np.where(a < 0, 0, a).astype(a.dtype)
        elif op == LEAKY:
            r = np.where(a < 0, a * a.dtype.type(opts[0]), a)
        elif op == CLIP:
            lo, hi = opts[1], opts[2]
            if vt == BOOL:  # only as the graph's Expand: +-inf
                r = a
            elif floats:
                r = np.minimum(np.maximum(a, a.dtype.type(lo)),
                               a.dtype.type(hi))
                r = np.where(np.isnan(a), a, r)
            else:
                info = np.iinfo(a.dtype)
                r = np.clip(a, info.min if lo == -np.inf else
                            a.dtype.type(lo),
                            info.max if hi == np.inf else a.dtype.type(hi))
        elif op == FLOOR:
            r = np.floor(a)
        elif op == TANH:
            r = np.tanh(a)
        elif op == EXP:
            r = np.exp(a)
        elif op == SQRT:
            r = np.sqrt(a)
        elif op == NEG:
            r = -a
        elif op == ABS:
            r = np.abs(a)
        elif op == WHERE:
            r = np.where(xs[0] != 0, w[1], w[2])
        elif op in (MOD, FMOD):
            if floats:
                r = np.fmod(a, b)
            else:
                bz = np.where(b == 0, 1, b)
                m = np.fmod(a, bz) if (op == FMOD or vt in UNSIGNED) else \
                    np.mod(a, bz)
                r = np.where(b == 0, 0, m)
        elif op == EQ:
            r = a == b
        elif op == LT:
            r = a < b
        elif op == LE:
            r = a <= b
        elif op == GT:
            r = a > b
        elif op == GE:
            r = a >= b
        elif op == AND:
            r = a & b
        elif op == OR:
            r = a | b
        elif op == XOR:
            r = a ^ b
        elif op == NOT:
            r = a == 0
        elif op in (SHL, SHR):
            r = (a << b) if op == SHL else (a >> b)
        elif op == SIGN:
            r = np.sign(a)
        elif op == ISNAN:
            r = np.isnan(a)
        elif op == ISINF:
            r = np.isinf(a)
        elif op == ISPOSINF:
            r = a == np.inf
        elif op == ISNEGINF:
            r = a == -np.inf
        else:
            raise ValueError(op)
    return narrow(yt, np.asarray(r))


def f32_bits(f):
    return struct.unpack("<I", struct.pack("<f", f))[0]


class Tensor:
    """A view of a buffer: its type, dims, strides, offset and buffer."""

    def __init__(self, t, dims, strides=None, off=0, length=None):
        self.t, self.dims = t, list(dims)
        if strides is None:
            strides, s = [], 1
            for d in reversed(self.dims):
                strides.insert(0, s)
                s *= d
        self.strides, self.off = list(strides), off
        span = sum((d - 1) * s for d, s in zip(self.dims, self.strides)) + 1
        if 0 in self.dims:
            span = 0
        self.length = length if length is not None else off + span
        self.buf = None

    def record(self):
        pad = MAXRANK - len(self.dims)
        return [self.t, len(self.dims)] + self.dims + [0] * pad + \
            self.strides + [0] * pad + [self.off, self.length]

    def view(self, buf):
        if 0 in self.dims:
            return np.zeros(self.dims, buf.dtype)
        return np.lib.stride_tricks.as_strided(
            buf[self.off:], self.dims,
            [s * buf.itemsize for s in self.strides])

    def fill(self, rng, op, k, ts):
        self.buf = np.zeros(self.length, STORE[self.t])
        if self.length == 0:
            return
        n = self.length
        if getattr(self, "edges", False):
            self.buf[:] = edge_values(self.t, rng, n)
        elif op == POW and k == 1:
            self.buf[:] = exponents(self.t, rng, n)
            if ts[0] in FLOATS:  # |b log a| below 7: pow's bound holds
                self.buf[:] = np.minimum(self.buf, 6)
        elif op in (SHL, SHR) and k == 1:
            bits = 8 * size(self.t)
            self.buf[:] = rng.integers(0, bits, n).astype(STORE[self.t])
        elif op == WHERE and k == 0:
            self.buf[:] = values(self.t, rng, n, EQ)
        else:
            self.buf[:] = values(self.t, rng, n, op)


def edge_values(t, rng, n):
    """n values of t drawn from a few that the vector paths could confuse:
    bools of any nonzero byte; integers equal in one 32-bit half and not
    the other, of both signs, and the extremes."""
    if t == BOOL:
        return rng.choice(np.array([0, 1, 2, 0x80, 0xff], np.uint8), n)
    info = np.iinfo(STORE[t])
    pool = [0, 1, -1, 2, info.min, info.max, info.min + 1, info.max - 1]
    if t == I64:
        pool += [1 << 32, -(1 << 32), (1 << 32) + 1, -(1 << 32) + 1,
                 1 << 31, -(1 << 31), (1 << 31) - 1, 7 << 32]
    return rng.choice(np.array(pool, STORE[t]), n)


def edges(t):
    t.edges = True
    return t


def padded(b):
    return b + bytes(-len(b) % 8)


class Case:
    def __init__(self, name, op, ins, y, opts=(0.01, -np.inf, np.inf),
                 in_place=False, want=0, msg=None):
        self.name, self.op, self.ins, self.y = name, op, ins, y
        self.opts, self.in_place, self.want = opts, in_place, want

    def record(self, rng):
        ts = [t.t for t in self.ins]
        for k, t in enumerate(self.ins):
            t.fill(rng, self.op, k, ts)
        words = [self.op, len(self.ins)] + [f32_bits(o) for o in self.opts]
        for t in self.ins:
            words += t.record()
        yr = self.y.record()
        if self.in_place:
            yr[-2] = -1
        words += yr
        out = struct.pack("<%dq" % len(words), *words)
        for t in self.ins:
            out += padded(t.buf.tobytes())
        if not self.in_place:
            self.y.buf = np.frombuffer(bytes([SENTINEL]) * (
                self.y.length * size(self.y.t)), STORE[self.y.t]).copy()
            out += padded(self.y.buf.tobytes())
        return out

    def out_bytes(self):
        src = self.ins[0] if self.in_place else self.y
        return 8 + len(padded(bytes(src.length * size(src.t))))

    def check(self, status, got):
        if status != self.want:
            return "status %d, expected %d" % (status, self.want)
        ybuf = self.ins[0].buf if self.in_place else self.y.buf
        n = ybuf.size * ybuf.itemsize
        got = np.frombuffer(got[:n], ybuf.dtype).copy()
        if self.want != 0:
            return None if got.tobytes() == ybuf.tobytes() else \
                "y changed on an error"
        dims = self.y.dims
        xs = [np.broadcast_to(t.view(t.buf), dims) for t in self.ins]
        want = np.broadcast_to(reference(self.op, [t.t for t in self.ins],
                                         xs, self.y.t, self.opts), dims)
        expect = ybuf.copy()
        if 0 not in dims:
            self.y.view(expect)[...] = want
        yt = self.y.t
        if yt in FLOATS:
            g = widen(yt, got).astype(np.float64)
            e = widen(yt, expect).astype(np.float64)
            ulp = {F64: 2.0 ** -52, F32: 2.0 ** -23, F16: 2.0 ** -10,
                   BF16: 2.0 ** -7}[yt]
            with np.errstate(invalid="ignore"):
                tol = LIBM.get(self.op, 0) * ulp * np.abs(e)
                ok = (g == e) | (np.isnan(g) & np.isnan(e)) | \
                    (np.abs(g - e) <= tol)
        else:
            ok = got == expect
        bad = np.flatnonzero(~ok)
        if bad.size:
            i = bad[0]
            return "%d elements wrong, first at %d: %r, expected %r" % (
                bad.size, i, got[i], expect[i])
        return None


def result_type(op, vt):
    return BOOL if op in GIVES_BOOL else vt


def op_cases():
    for op in sorted(DEFINED):
        for vt in DEFINED[op]:
            yt = result_type(op, vt)
            name = "%s %s" % (OPNAMES[op] if op < len(OPNAMES) else
                              "floor", NAMES[vt])
            y = Tensor(yt, [3, 5, 7])
            opts = (0.25, -20.0, 30.0) if op in (CLIP, LEAKY) else \
                (0.01, -np.inf, np.inf)
            if op == CLIP and vt in UNSIGNED:
                opts = (0.01, 20.0, 200.0)
            if op in UNARY:
                yield Case(name, op, [Tensor(vt, [3, 5, 7])], y, opts)
            elif op == WHERE:
                yield Case(name, op, [Tensor(BOOL, [5, 1]),
                                      Tensor(vt, [3, 5, 7]),
                                      Tensor(vt, [7])], y)
            else:
                yield Case(name, op, [Tensor(vt, [3, 5, 7]),
                                      Tensor(vt, [5, 1])], y)
    # Pow's exponent of another type than its base's (ONNX's Pow).
    for bt, et in [(F32, I32), (F32, I64), (F32, U64), (I32, F32),
                   (I64, F32), (I64, I64), (F16, I8), (U8, I32)]:
        yield Case("pow %s ^ %s" % (NAMES[bt], NAMES[et]), POW,
                   [Tensor(bt, [3, 5, 7]), Tensor(et, [5, 1])],
                   Tensor(bt, [3, 5, 7]))
    # Where's condition of another type: nonzero is true (NaN too).
    yield Case("where f32 condition int64", WHERE,
               [Tensor(F32, [5, 7]), Tensor(I64, [3, 5, 7]),
                Tensor(I64, [3, 1, 7])], Tensor(I64, [3, 5, 7]))


def shape_cases():
    yield Case("add int32 strided a, padded y", ADD,
               [Tensor(I32, [3, 5, 7], [80, 16, 2]), Tensor(I32, [7])],
               Tensor(I32, [3, 5, 7], [48, 8, 1], 3))
    yield Case("less f16 transposed a", LT,
               [Tensor(F16, [6, 9], [1, 6]), Tensor(F16, [6, 9])],
               Tensor(BOOL, [6, 9]))
    yield Case("mul uint8 scalar", MUL,
               [Tensor(U8, [4, 33]), Tensor(U8, [])], Tensor(U8, [4, 33]))
    yield Case("max int64 both broadcast", MAX,
               [Tensor(I64, [4, 1]), Tensor(I64, [1, 6])],
               Tensor(I64, [4, 6]))
    yield Case("sub int16 in place", SUB,
               [Tensor(I16, [5, 40]), Tensor(I16, [40])],
               Tensor(I16, [5, 40]), in_place=True)
    yield Case("equal bool rank 6", EQ,
               [Tensor(BOOL, [2, 1, 3, 2, 1, 3]), Tensor(BOOL, [3, 1, 1, 3])],
               Tensor(BOOL, [2, 1, 3, 2, 3, 3]))
    yield Case("neg f64 rank 0", NEG, [Tensor(F64, [])], Tensor(F64, []))
    yield Case("add bf16 empty", ADD, [Tensor(BF16, [3, 0]),
                                      Tensor(BF16, [0])],
               Tensor(BF16, [3, 0]))
    yield Case("mod int32 5000", MOD, [Tensor(I32, [5000]),
                                      Tensor(I32, [5000])],
               Tensor(I32, [5000]))
    yield Case("add f16 9000 (stream engine)", ADD,
               [Tensor(F16, [3, 3000]), Tensor(F16, [3000])],
               Tensor(F16, [3, 3000]))
    # Conditions whose low byte is 0 but not they (INT_MIN among them).
    yield Case("where int8 by an int32 condition", WHERE,
               [Tensor(I32, [70]), Tensor(I8, [70]), Tensor(I8, [70])],
               Tensor(I8, [70]))
    yield Case("where f64 by an int64 condition", WHERE,
               [Tensor(I64, [70]), Tensor(F64, [70]), Tensor(F64, [1])],
               Tensor(F64, [70]))
    # The graph's Expand: clip to +-inf, broadcasting, of any type.
    yield Case("expand bool (clip)", CLIP, [Tensor(BOOL, [3, 1])],
               Tensor(BOOL, [2, 3, 5]))
    yield Case("expand int64 (clip)", CLIP, [Tensor(I64, [5])],
               Tensor(I64, [4, 5]))
    # The vector unit's logical operations, int64 and int32 comparisons and
    # where on 4-byte values (elementwise_vector_typed.c): sizes around its
    # groups of 16 and 64 and a block's 2048, scalars on either side, the
    # attention mask of a decoding step (an int64 mask == 1, and'ed with
    # a constant, where'd to 0 or f32's lowest).
    for n in (1, 17, 64, 65, 130, 2049):
        yield Case("and bool [%d]" % n, AND, [edges(Tensor(BOOL, [n])),
                                              edges(Tensor(BOOL, [n]))],
                   Tensor(BOOL, [n]))
        yield Case("less int64 [%d]" % n, LT, [edges(Tensor(I64, [n])),
                                               edges(Tensor(I64, [n]))],
                   Tensor(BOOL, [n]))
        yield Case("where f32 [%d]" % n, WHERE,
                   [edges(Tensor(BOOL, [n])), Tensor(F32, [n]),
                    Tensor(F32, [n])], Tensor(F32, [n]))
    for op in (OR, XOR):
        yield Case("%s bool [70] and a scalar" % OPNAMES[op], op,
                   [edges(Tensor(BOOL, [70])), edges(Tensor(BOOL, []))],
                   Tensor(BOOL, [70]))
    yield Case("not bool [100]", NOT, [edges(Tensor(BOOL, [100]))],
               Tensor(BOOL, [100]))
    for op in (EQ, LE, GT, GE):
        yield Case("%s int64 [99] and a scalar" % OPNAMES[op], op,
                   [edges(Tensor(I64, [99])), edges(Tensor(I64, []))],
                   Tensor(BOOL, [99]))
        yield Case("%s int32 scalar and [99]" % OPNAMES[op], op,
                   [edges(Tensor(I32, [])), edges(Tensor(I32, [99]))],
                   Tensor(BOOL, [99]))
    yield Case("where int32 scalar condition [33]", WHERE,
               [edges(Tensor(BOOL, [])), Tensor(I32, [33]), Tensor(I32, [])],
               Tensor(I32, [33]))
    yield Case("where uint32 (2, 2100) by a row condition", WHERE,
               [edges(Tensor(BOOL, [2100])), Tensor(U32, [2, 2100]),
                Tensor(U32, [2, 1])], Tensor(U32, [2, 2100]))
    yield Case("decode mask: equal int64 (1, 1, 1, 128) == 1", EQ,
               [Tensor(I64, [1, 1, 1, 128]), edges(Tensor(I64, []))],
               Tensor(BOOL, [1, 1, 1, 128]))
    yield Case("decode mask: and bool (1, 1, 1, 128)", AND,
               [edges(Tensor(BOOL, [1, 1, 1, 128])),
                edges(Tensor(BOOL, [1, 1, 1, 128]))],
               Tensor(BOOL, [1, 1, 1, 128]))
    yield Case("decode mask: where (1, 1, 1, 128) ? 0 : lowest", WHERE,
               [edges(Tensor(BOOL, [1, 1, 1, 128])), Tensor(F32, []),
                Tensor(F32, [])], Tensor(F32, [1, 1, 1, 128]))
    # By the core's loads and stores (elementwise_direct.h): a lone input
    # of 4 to 512 bytes and past, results of 60 to 2048 bytes and past.
    for n in (1, 20, 128, 129):
        yield Case("neg int32 [%d]" % n, NEG, [Tensor(I32, [n])],
                   Tensor(I32, [n]))
    for n in (15, 512, 513):
        yield Case("where int32 [%d] of scalars" % n, WHERE,
                   [edges(Tensor(BOOL, [n])), Tensor(I32, []),
                    Tensor(I32, [])], Tensor(I32, [n]))
    yield Case("not bool [8]", NOT, [edges(Tensor(BOOL, [8]))],
               Tensor(BOOL, [8]))
    yield Case("equal int32 [70] and a scalar", EQ,
               [edges(Tensor(I32, [70])), edges(Tensor(I32, []))],
               Tensor(BOOL, [70]))
    yield Case("where uint16 2x3000 strided condition", WHERE,
               [Tensor(BOOL, [2, 3000], [6001, 2]), Tensor(U16, [2, 3000]),
                Tensor(U16, [1])], Tensor(U16, [2, 3000]))


def error_cases():
    e = []
    yield Case("bitshift_left on f32", SHL, [Tensor(F32, [4]),
                                             Tensor(F32, [4])],
               Tensor(F32, [4]), want=2)
    yield Case("and on int32", AND, [Tensor(I32, [4]), Tensor(I32, [4])],
               Tensor(I32, [4]), want=2)
    yield Case("mod on f32", MOD, [Tensor(F32, [4]), Tensor(F32, [4])],
               Tensor(F32, [4]), want=2)
    yield Case("isnan on int64", ISNAN, [Tensor(I64, [4])],
               Tensor(BOOL, [4]), want=2)
    yield Case("neg on uint8", NEG, [Tensor(U8, [4])], Tensor(U8, [4]),
               want=2)
    yield Case("add int32 and int64", ADD, [Tensor(I32, [4]),
                                            Tensor(I64, [4])],
               Tensor(I32, [4]), want=2)
    yield Case("less into f32", LT, [Tensor(F32, [4]), Tensor(F32, [4])],
               Tensor(F32, [4]), want=1)
    yield Case("add int8 into int16", ADD, [Tensor(I8, [4]),
                                            Tensor(I8, [4])],
               Tensor(I16, [4]), want=1)
    yield Case("sigmoid on int32", SIGMOID, [Tensor(I32, [4])],
               Tensor(I32, [4]), want=2)
    yield Case("not as binary", NOT, [Tensor(BOOL, [4]), Tensor(BOOL, [4])],
               Tensor(BOOL, [4]), want=1)


def main():
    ap = batch_parser()
    ap.add_argument("--set", choices=["ops", "shapes", "errors"],
                    required=True)
    args = ap.parse_args()
    rng = np.random.default_rng(39)
    cases = list({"ops": op_cases, "shapes": shape_cases,
                  "errors": error_cases}[args.set]())
    return run_batch(args, "ewtyped-" + args.set, b"ACEWTY01", cases,
                     write=lambda c: c.record(rng), echo=messages)


def messages(out):
    """The refusals' lines of the simulator's output."""
    return "".join("message: %s\n" % line for line in out.splitlines()
                   if line.startswith("accel_elementwise"))


if __name__ == "__main__":
    raise SystemExit(main())
