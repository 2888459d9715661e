"""Runs the kernel library's kernels on accel-sim against numpy references.

  kernel_check.py gemm --sim "accel-sim [options]" --driver gemm_driver.elf
                       --dir DIR [--set all|grid|shapes|random|big]
                       [--only TEXT]

For each case it makes the operands (a fixed seed per case, values uniform
in [-1, 1] rounded to f32) and writes the case file gemm_driver.c reads;
check_runner.py runs the driver on the simulator, reads C back and
compares every element with a float64 reference within a per-element
bound (below), one line per case and a summary "N cases, F failures".

GEMM tolerance. c = act(z), z = alpha * op(a) . op(b) + beta * c0 + bias,
computed in f32 with fused multiply-adds. Accumulating K products with one
rounding each (unit roundoff u = 2^-24) errs by at most
K * u * sum_k |a_ik b_kj| (to first order, in any order of summation, so
the library may split K into chunks and add them); alpha's product, beta's
term and the bias add at most three more roundings, each relative to the
sum of the magnitudes (past 4096, each further K chunk the library adds
through c costs two more, within the margin). With a factor 4 of margin:

  |c - ref| <= (K + 2) * u * 4 * (|alpha| sum_k |a_ik b_kj| + |beta c0_ij|
                                  + |bias|) + 1e-30

(the 1e-30 lets exact zeros compare). ReLU and clip are 1-Lipschitz and
exact in f32, so they add nothing. GELU (the tanh form of
accel_kernels.h) is evaluated with accel_vtanh, whose relative error is
below 2^-20 (docs/isa.md section 7.8; |tanh| <= 1, so the absolute error is
below 2^-20 as well); gelu = x/2 (1 + t) turns an error e in t into x/2 * e,
so the bound gains 0.5 |x| 2^-20. The f32 roundings of the formula itself
add at most 4u |x|: tanh's argument v = sqrt(2/pi) (x + 0.044715 x^3) is
off by at most 7u relative (five roundings and the two constants' own; x
and 0.044715 x^3 have the same sign, so nothing cancels), which moves t by
at most |v| sech^2(v) 7u <= 0.448 * 7u, so gelu by 0.5 |x| 3.14u; 1 + t
rounds by at most 2u (gelu: u |x|), and the last product by u |gelu| <=
u |x|; 3.6u |x| in all. And an error in x reaches gelu(x) scaled by gelu's
slope, at most 1.13, so the GEMM term is multiplied by 1.2:

  |c - ref| <= 1.2 * gemm_bound + 0.5 |x| 2^-20 + 4 u |x|,  x = ref's z.

The exact GELU, x/2 (1 + erf(x / sqrt 2)), comes from the stream engine's
vs.act.gelu, within one ulp of its f32 argument's exact value (docs/isa.md
7.13): its slope is also at most 1.13, so

  |c - ref| <= 1.2 * gemm_bound + 2 u |ref|.

SiLU, x / (1 + e^-x): accel_gemm's comes from the stream engine,
vs.act.sigmoid (the function in double precision, rounded once: u) and
a product (u); a lone last column's from the vector unit, accel_vexp, an
add, accel_vrcp and a product: each special's relative error is below
2^-20, 1 + e (e >= 0) keeps e's relative error and adds u, and the
product rounds by u, so its relative error is below 2 2^-20 + 3u (e^-x
past f32's range gives -0 where silu's magnitude is below 1e-36). Its
slope is at most 1.1 (at x = 2.4):

  |c - ref| <= 1.2 * gemm_bound + (2 2^-20 + 4 u) |ref|.

Elements of c's buffer outside the view (padding, the gaps of a strided
view, guards before and after it) hold a sentinel and must come back bit
for bit; the inputs' buffers hold NaN outside their views, so a kernel that
reads padding into a result shows it.

K-chunk seams (canaries). Past K = 4096 (MatmulMaxK, one mmac's largest
K) accel_gemm adds K in chunks [0, 4096), [4096, 8192), ..., and a product
lost or counted twice where one chunk ends and the next begins is one
term of the sum: of uniform values in [-1, 1] at most 1, far inside the
bound above (at K = 8192 about 4). So a case with K > 4096 puts canaries
in op(a) and op(b) (seam_canaries()): for each seam s, column s - 1 of
op(a) (the chunk's last) is C sigma_i and row s - 1 of op(b) C tau_j,
column s of op(a) C sigma_i and row s of op(b) 2 C tau_j, and a balancing
column h in the middle of the chunk before the seam -C sigma_i and row h
3 C tau_j (sigma, tau random signs, C = CANARY = 32). Their products P,
2 P and -3 P (P = sigma_i tau_j C^2, |P| = 1024) cancel exactly, so z and
the activations see the uniform values' sum alone, while dropping or
doubling either seam term, or both in any combination, moves z by alpha
times P, 2 P or 3 P. The bound stays the one above, derived from the
magnitudes the canaries add (6 C^2 to sum |a_ik b_kj|): at K = 8192,
(K + 2) 4 u (2048 + 6144) = 16 against a change of 1024, at K = 4097
8 against 1024 (the ratio tends to 1 / (24 (K + 2) u) as C grows). With
ReLU, clip or GELU the change shows wherever it moves z out of the
activation's flat part (half the elements or more for ReLU and GELU, the
clip's band for clip, which is why the clip case past 4096 has a band
wider than its bound).
"""
import math
import os
import struct
import sys
import zlib

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_runner import (SENTINEL, U, Output, absent_record,  # noqa: E402
                          chosen_cases, index_of, parser, record, run_cases)

TANH_REL_ERROR = 2.0 ** -20  # docs/isa.md 7.8: vtanh.f32
K_CHUNK = 4096  # isa/AccelMachine.td MatmulMaxK: accel_gemm's K chunks
CANARY = 32.0  # C of the K-chunk seams' canaries (docstring)
GELU_SLOPE = 1.2  # max |d/dx gelu(x)|, either form: 1.129 (at x = 1.42), up

BIAS_KINDS = {"none": 0, "col": 1, "row": 2}
ACT_KINDS = {"none": 0, "relu": 1, "gelu": 2, "clip": 3, "gelu_erf": 4,
             "silu": 5}


# ---------------------------------------------------------------- layouts

class Layout:
    """How a matrix lies in its buffer: element (i, j) of the view is at
    buffer[offset + i * s0 + j * s1]; the buffer has `length` elements.

    kinds: "contig"; "pad" (rows of cols + pad, the view after a guard);
    "inner" (every other element of padded rows); "colmajor" (s0 = 1);
    "bcast0" / "bcast1" (a zero stride: one row / one column repeated)."""

    def __init__(self, kind="contig", pad=3, guard=5):
        self.kind, self.pad, self.guard = kind, pad, guard

    def place(self, rows, cols):
        g, p = self.guard, self.pad
        if self.kind == "contig":
            s0, s1, off, tail = cols, 1, 0, 0
        elif self.kind == "pad":
            s0, s1, off, tail = cols + p, 1, g, g
        elif self.kind == "inner":
            s0, s1, off, tail = 2 * cols + p, 2, g, g
        elif self.kind == "colmajor":
            s0, s1, off, tail = 1, rows + p, g, g
        elif self.kind == "bcast0":  # every row is row 0
            s0, s1, off, tail = 0, 1, g, g
        elif self.kind == "bcast1":  # every column is column 0
            s0, s1, off, tail = 1, 0, g, g
        else:
            raise ValueError(self.kind)
        last = off + (rows - 1) * s0 + (cols - 1) * s1 if rows and cols else off
        length = max(last + 1, off) + tail
        return s0, s1, off, length

    def __str__(self):
        return self.kind


# ---------------------------------------------------------------- seams

def seam_canaries(k, chunk):
    """The canaries of a reduction of length k added in chunks of `chunk`
    (the docstring): (index, weight in a, weight in b) for each seam s
    (s - 1, 1, 1), (s, 1, 2) and its balancing index (the middle of the
    chunk before it, -1, 3), whose products 1 + 2 - 3 cancel."""
    out = []
    for s in range(chunk, k, chunk):
        out += [(s - 1, 1.0, 1.0), (s, 1.0, 2.0), (s - chunk // 2, -1.0, 3.0)]
    return out


def put_canaries(opa, opb, canaries, rng, c=CANARY):
    """Writes canaries (seam_canaries()) into op(a) (M x K) and op(b)
    (K x N), in place (views of the arrays that hold them): a's column i
    c sigma wa, b's row i c tau wb, sigma and tau random signs per row of
    op(a) and column of op(b)."""
    sigma = rng.choice([-1.0, 1.0], opa.shape[0])
    tau = rng.choice([-1.0, 1.0], opb.shape[1])
    for i, wa, wb in canaries:
        opa[:, i] = c * wa * sigma
        opb[i, :] = c * wb * tau


# ---------------------------------------------------------------- GEMM

class GemmCase:
    def __init__(self, m, n, k, ta=0, tb=0, alpha=1.0, beta=0.0, bias="none",
                 act="none", lo=0.0, hi=0.0, la=None, lb=None, lc=None,
                 lbias=None, null_options=False, c0="random"):
        self.m, self.n, self.k = m, n, k
        self.ta, self.tb = ta, tb
        self.alpha, self.beta = np.float32(alpha), np.float32(beta)
        self.bias, self.act = bias, act
        self.lo, self.hi = np.float32(lo), np.float32(hi)
        self.la, self.lb, self.lc = la or Layout(), lb or Layout(), lc or Layout()
        self.lbias = lbias or Layout()
        self.null_options = null_options
        self.c0 = c0

    def name(self):
        s = "gemm %dx%dx%d tA=%d tB=%d" % (self.m, self.n, self.k, self.ta,
                                          self.tb)
        if self.null_options:
            return s + " options=NULL"
        if self.alpha != 1 or self.beta != 0:
            s += " alpha=%g beta=%g" % (self.alpha, self.beta)
        if self.bias != "none":
            s += " bias=%s" % self.bias
            if str(self.lbias) == "bcast0":
                s += "(stride 0)"
            elif str(self.lbias) != "contig":
                s += "(strided)"
        if self.act == "clip":
            s += " act=clip(%g,%g)" % (self.lo, self.hi)
        elif self.act != "none":
            s += " act=%s" % self.act
        views = ["%s:%s" % (w, l) for w, l in
                 (("a", self.la), ("b", self.lb), ("c", self.lc))
                 if str(l) != "contig"]
        if views:
            s += " " + ",".join(views)
        if self.c0 != "random":
            s += " c0=%s" % self.c0
        return s

    def make(self, path):
        """Writes the case file; returns c's Output."""
        rng = np.random.default_rng(zlib.crc32(self.name().encode()))
        m, n, k = self.m, self.n, self.k
        a_shape = (k, m) if self.ta else (m, k)
        b_shape = (n, k) if self.tb else (k, n)
        records, buffers, views = [], [], {}
        values = {w: rng.uniform(-1.0, 1.0, shape).astype(np.float32)
                  for w, shape in (("a", a_shape), ("b", b_shape))}
        # K-chunk seams: canaries (the docstring), from a generator of
        # their own; the views must hold them as written (no zero stride)
        canaries = seam_canaries(k, K_CHUNK)
        if canaries and m and n:
            assert not {str(self.la), str(self.lb)} & {"bcast0", "bcast1"}
            put_canaries(values["a"].T if self.ta else values["a"],
                         values["b"].T if self.tb else values["b"],
                         canaries, np.random.default_rng(
                             zlib.crc32(b"canaries " + self.name().encode())))
        for what, shape, layout, fill in (
                ("a", a_shape, self.la, np.nan),
                ("b", b_shape, self.lb, np.nan),
                ("c", (m, n), self.lc, SENTINEL)):
            s0, s1, off, length = layout.place(*shape)
            buf = np.full(length, fill, dtype=np.float32)
            idx = index_of(shape, (s0, s1), off)
            if what == "c" and self.c0 == "nan":
                buf[idx] = np.nan
            elif what in values:
                buf[idx] = values[what]
            else:
                buf[idx] = rng.uniform(-1.0, 1.0, shape).astype(np.float32)
            views[what] = buf[idx].astype(np.float64)
            records.append(record(shape, (s0, s1), off, length, rank=2))
            buffers.append(buf)
            if what == "c":
                c_index = idx
                c_buffer = buf.copy()
        if self.bias != "none":
            blen = n if self.bias == "col" else m
            g = self.lbias.guard
            if str(self.lbias) == "contig":
                s0, off, length = 1, 0, blen
            elif str(self.lbias) == "bcast0":  # one value, stride 0
                s0, off, length = 0, g, g + 1 + g
            else:  # stride 3 after a guard
                s0, off = 3, g
                length = off + 3 * (blen - 1) + 1 + g
            buf = np.full(length, np.nan, dtype=np.float32)
            idx = off + np.arange(blen) * s0
            buf[idx] = rng.uniform(-1.0, 1.0, blen).astype(np.float32)
            views["bias"] = buf[idx].astype(np.float64)
            records.append(record((blen,), (s0,), off, length, rank=2))
            buffers.append(buf)
        else:
            records.append(absent_record(2))
        with open(path, "wb") as f:
            f.write(b"GEMMCAS1")
            f.write(struct.pack("<8q", m, n, k, self.ta, self.tb,
                                BIAS_KINDS[self.bias], ACT_KINDS[self.act],
                                int(self.null_options)))
            f.write(struct.pack("<4f", self.alpha, self.beta, self.lo,
                                self.hi))
            f.write(b"".join(records))
            for b in buffers:
                f.write(b.astype("<f4").tobytes())
        return Output(c_buffer, c_index, *self.reference(views), what="c")

    def reference(self, views):
        """The float64 result and the per-element bound."""
        a = views["a"].T if self.ta else views["a"]
        b = views["b"].T if self.tb else views["b"]
        alpha, beta = float(self.alpha), float(self.beta)
        if self.null_options:
            alpha, beta = 1.0, 0.0
        z = alpha * (a @ b)
        mag = abs(alpha) * (np.abs(a) @ np.abs(b))
        if beta != 0:
            z = z + beta * views["c"]
            mag = mag + np.abs(beta * views["c"])
        if self.bias != "none" and not self.null_options:
            bias = views["bias"]
            bias = bias[None, :] if self.bias == "col" else bias[:, None]
            z = z + bias
            mag = mag + np.abs(bias)
        bound = (self.k + 2) * U * 4 * mag + 1e-30
        act = "none" if self.null_options else self.act
        if act == "relu":
            ref = np.maximum(z, 0.0)
        elif act == "clip":
            ref = np.minimum(np.maximum(z, float(self.lo)), float(self.hi))
        elif act == "gelu":
            v = np.sqrt(2.0 / np.pi) * (z + 0.044715 * z ** 3)
            ref = 0.5 * z * (1.0 + np.tanh(v))
            bound = (GELU_SLOPE * bound + 0.5 * np.abs(z) * TANH_REL_ERROR
                     + 4 * U * np.abs(z))
        elif act == "gelu_erf":
            erf = np.vectorize(math.erf)
            ref = 0.5 * z * (1.0 + erf(z / np.sqrt(2.0)))
            bound = GELU_SLOPE * bound + 2 * U * np.abs(ref)
        elif act == "silu":
            ref = z / (1.0 + np.exp(-z))
            bound = (GELU_SLOPE * bound
                     + (2 * TANH_REL_ERROR + 4 * U) * np.abs(ref))
        else:
            ref = z
        return np.broadcast_to(ref, (self.m, self.n)), \
            np.broadcast_to(bound, (self.m, self.n))


# ---------------------------------------------------------------- cases

def gemm_grid():
    """Every M, N, K in {1, 15, 16, 17}, the four transpose combinations
    spread over them (each combination meets every size)."""
    sizes = (1, 15, 16, 17)
    cases = []
    for mi, m in enumerate(sizes):
        for ni, n in enumerate(sizes):
            for ki, k in enumerate(sizes):
                t = (mi + ni + ki) % 4
                cases.append(GemmCase(m, n, k, ta=t >> 1, tb=t & 1))
    return cases


def gemm_shapes():
    P = Layout("pad")
    cases = [
        # odd, prime and edge sizes
        GemmCase(100, 300, 77),
        GemmCase(31, 47, 53),
        GemmCase(1, 257, 3),
        GemmCase(257, 1, 3),
        GemmCase(1, 1, 1000),
        GemmCase(64, 64, 64),
        GemmCase(33, 65, 129),
        GemmCase(16, 16, 4097),  # K past one mmac's MatmulMaxK
        GemmCase(17, 33, 8192, beta=1.5),  # two whole K chunks
        GemmCase(3, 5, 5000),
        # empty: no rows; K = 0 (c = beta c + bias, or 0)
        GemmCase(0, 5, 3),
        GemmCase(5, 7, 0),
        GemmCase(5, 7, 0, beta=1.5, bias="col", act="clip", lo=-0.25, hi=0.5),
    ]
    # every transpose combination, odd sizes, with padded views
    for ta in (0, 1):
        for tb in (0, 1):
            cases.append(GemmCase(37, 29, 41, ta=ta, tb=tb))
            cases.append(GemmCase(70, 90, 130, ta=ta, tb=tb, la=P, lb=P, lc=P))
    cases += [
        # alpha and beta
        GemmCase(45, 38, 27, alpha=0.5),
        GemmCase(45, 38, 27, beta=1.5),
        GemmCase(45, 38, 27, alpha=0.5, beta=1.5),
        GemmCase(45, 38, 27, alpha=-2.0, beta=-1.0, ta=1, tb=1),
        GemmCase(20, 30, 40, alpha=0.0, beta=1.5),
        GemmCase(17, 17, 17, null_options=True),
        # beta = 0 does not read c (BLAS): NaN there must not come out
        GemmCase(21, 19, 18, c0="nan"),
        GemmCase(21, 19, 18, c0="nan", alpha=0.5, bias="col", act="gelu"),
        # bias, both ways, contiguous and strided
        GemmCase(45, 38, 27, bias="col"),
        GemmCase(45, 38, 27, bias="row"),
        GemmCase(33, 18, 50, bias="col", lbias=Layout("pad")),
        GemmCase(33, 18, 50, bias="row", lbias=Layout("pad"), ta=1),
        GemmCase(33, 18, 50, bias="col", lbias=Layout("bcast0"), act="relu"),
        # activations, alone and with the whole epilogue
        GemmCase(45, 38, 27, act="relu"),
        GemmCase(45, 38, 27, act="gelu"),
        GemmCase(45, 38, 27, act="clip", lo=-0.25, hi=0.5),
        GemmCase(60, 50, 200, act="gelu", alpha=0.5, beta=1.5, bias="row"),
        GemmCase(50, 60, 100, act="relu", beta=1.5, bias="col", tb=1),
        GemmCase(19, 23, 31, act="clip", lo=-0.25, hi=0.5, alpha=0.5,
                 bias="col", ta=1, tb=1),
        GemmCase(1, 17, 16, act="gelu", bias="col"),
        GemmCase(45, 38, 27, act="gelu_erf"),
        GemmCase(60, 50, 200, act="gelu_erf", alpha=0.5, beta=1.5,
                 bias="row"),
        GemmCase(1, 17, 16, act="gelu_erf", bias="col"),
        GemmCase(45, 38, 27, act="silu"),
        GemmCase(60, 50, 200, act="silu", alpha=0.5, beta=1.5, bias="row"),
        GemmCase(1, 17, 16, act="silu", bias="col"),
        GemmCase(32, 352, 128, act="silu"),
        # strided views
        GemmCase(40, 35, 50, la=P, lb=P, lc=P, beta=1.5),
        GemmCase(40, 35, 50, la=Layout("inner"), lb=Layout("inner"),
                 lc=Layout("inner"), beta=1.5),
        GemmCase(23, 41, 19, la=Layout("colmajor"), lb=Layout("colmajor"),
                 lc=Layout("colmajor"), beta=1.5),
        GemmCase(20, 30, 40, la=Layout("bcast0"), lb=Layout("bcast1")),
        GemmCase(20, 30, 40, la=Layout("bcast1"), lb=Layout("bcast0"), ta=1,
                 tb=1),
        GemmCase(17, 33, 18, ta=1, tb=1, la=Layout("inner"),
                 lb=Layout("colmajor"), lc=P, act="relu", bias="row"),
        # a lone last column (N = 16 q + 1) on the vector unit, with each
        # bias and activation, in a second panel (1024 = 16 blocks of K)
        GemmCase(40, 49, 64),
        GemmCase(33, 33, 32, act="relu", bias="row"),
        GemmCase(20, 65, 48, act="gelu", bias="col"),
        GemmCase(20, 65, 48, act="gelu_erf", bias="row"),
        GemmCase(70, 49, 256, act="clip", lo=-0.25, hi=0.5, bias="row", lc=P),
        GemmCase(24, 305, 1024, bias="col"),
        # panels loaded under the previous panel's last row of tiles (with
        # the next panel's first A tile: one row of tiles, two, three)
        GemmCase(16, 200, 2048),
        GemmCase(40, 300, 1024, bias="row", act="relu"),
        GemmCase(33, 260, 1024, bias="col", act="gelu"),
        GemmCase(32, 128, 64, bias="col", act="gelu_erf"),
        # a first panel streamed under the first row of tiles, which then
        # leaves with the second: one block, a few, and two panels (the
        # second loaded under the second row, the last)
        GemmCase(50, 7, 33, bias="row", act="clip", lo=-0.25, hi=0.5),
        GemmCase(35, 40, 90, act="relu"),
        GemmCase(20, 1100, 128, bias="row", act="gelu"),
        # one row of tiles streamed too (M <= 16), its tiles sent after
        # the row: the last held past the row (GELU, kc >= 128), each
        # bias, a row of one
        GemmCase(5, 70, 160, bias="row", act="gelu"),
        GemmCase(16, 40, 256, bias="col", act="clip", lo=-0.25, hi=0.5),
        GemmCase(1, 300, 64, bias="col", act="relu"),
        # and its panel through both halves of the panel buffer (an MLP's
        # first layer)
        GemmCase(8, 256, 784, bias="col", act="relu"),
        GemmCase(3, 500, 300),
        # rows of tiles as one sequence (kc >= 128: each row's first mmac
        # under the previous row's last), with an even and an odd number
        # of tiles a row (the accumulators swap), two tiles a row, a
        # streamed first panel, each bias, a transposed A
        GemmCase(61, 83, 128),
        GemmCase(100, 300, 200),
        GemmCase(33, 20, 128),
        GemmCase(61, 45, 160, bias="col"),
        GemmCase(47, 35, 129, bias="row", act="relu", ta=1),
        GemmCase(70, 50, 140, bias="row", lc=P),
        # with GELU, clip or a lone column (no sequence), kc >= 128: each
        # row's last tile sent after the next row's first mmac, with an
        # odd number of tiles a row (the accumulators swap), an even one,
        # one tile a row
        GemmCase(50, 80, 144, act="gelu"),
        GemmCase(45, 33, 160, act="relu", bias="col"),
        GemmCase(40, 16, 128, act="clip", lo=-0.25, hi=0.5),
        # fewer rows than a tile against a transposed B (a Linear layer at
        # batch 1): computed as c^T = B^T A^T, the biases swapped
        GemmCase(1, 1000, 512, tb=1, bias="col"),
        GemmCase(5, 70, 48, tb=1, alpha=0.5, beta=1.5, bias="row",
                 act="relu"),
    ]
    return cases


def gemm_big():
    """Operands larger than the 2 MiB scratchpad, and the library's own
    seams: more than one K chunk (MatmulMaxK = 4096), more than one B panel
    (1024 columns), many A tiles."""
    return [
        # B alone is 2.6 MB, A 1.3 MB
        GemmCase(300, 600, 1100, beta=1.5, bias="col", act="relu",
                 la=Layout("pad"), lc=Layout("pad")),
        # transposed, 2.2 MB of A^T
        GemmCase(130, 700, 800, ta=1, tb=1, alpha=0.5, bias="row"),
        # two K chunks and 18 panels: partial sums in a strided c between
        # chunks; beta and the bias once, the activation at the end; 20 MB
        # of B
        GemmCase(40, 1100, 4500, alpha=0.5, beta=1.5, bias="row", act="gelu",
                 lc=Layout("inner")),
        # (a clip band wider than the bound, about 4 here: a seam's
        # canary moved out of it shows)
        GemmCase(20, 40, 4200, alpha=0.5, act="clip", lo=-4.0, hi=8.0,
                 c0="nan", tb=1),
        # two K chunks computed transposed (fewer rows than a tile against
        # a transposed B: c^T's partial sums in c's columns)
        GemmCase(5, 70, 4500, tb=1, bias="col", act="relu"),
        # three panels with a strided per-column bias
        GemmCase(3, 2100, 5, tb=1, bias="col", lbias=Layout("pad"),
                 act="relu"),
        # many A tiles, per-row bias
        GemmCase(1000, 17, 33, ta=1, bias="row", act="clip", lo=-0.25,
                 hi=0.5, beta=1.5),
    ]


def gemm_random(count=40, seed=22):
    """Random combinations of everything above on small odd shapes."""
    rng = np.random.default_rng(seed)
    in_kinds = ["contig", "pad", "inner", "colmajor", "bcast0", "bcast1"]
    out_kinds = ["contig", "pad", "inner", "colmajor"]
    cases = []
    for _ in range(count):
        m, n = (int(x) for x in rng.integers(1, 80, 2))
        k = int(rng.integers(1, 300))
        act = str(rng.choice(list(ACT_KINDS)))
        cases.append(GemmCase(
            m, n, k, ta=int(rng.integers(2)), tb=int(rng.integers(2)),
            alpha=float(rng.choice([1.0, 0.5, -1.25])),
            beta=float(rng.choice([0.0, 1.5, -0.5])),
            bias=str(rng.choice(list(BIAS_KINDS))),
            lbias=Layout(str(rng.choice(["contig", "pad"]))),
            act=act, lo=-0.25 if act == "clip" else 0.0,
            hi=0.5 if act == "clip" else 0.0,
            la=Layout(str(rng.choice(in_kinds))),
            lb=Layout(str(rng.choice(in_kinds))),
            lc=Layout(str(rng.choice(out_kinds)))))
    return cases


SETS = {
    "grid": gemm_grid,
    "shapes": gemm_shapes,
    "random": gemm_random,
    "big": gemm_big,
}


def main():
    ap = parser(__doc__, SETS)
    ap.add_argument("kernel", choices=["gemm"])
    args = ap.parse_args()
    return run_cases(args, chosen_cases(args, SETS), "gemm")


if __name__ == "__main__":
    sys.exit(main())
