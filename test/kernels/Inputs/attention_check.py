"""Runs accel_attention on accel-sim against a float64 numpy reference.

  attention_check.py --sim "accel-sim [options]" --driver attention_driver.elf
                     --dir DIR [--set all|grid|shapes|big] [--only TEXT]

For each case it makes q, k, v (a fixed seed per case, values uniform in
[-1, 1] rounded to f32) and the mask and writes the case file
attention_driver.c reads; check_runner.py runs the driver on the
simulator, reads o's buffer back and compares every element with the
reference, plain softmax(q . k^T * scale + mask) . v in float64 (a row
whose every score is -inf gives zeros, as the kernel documents), one line
per case and a summary "N cases, F failures".

Tolerance. Per query row i, with s the f32 scale times the scores plus the
mask, m_i the row's largest finite score and w = softmax weights:

  - the kernel scales q in f32 (one rounding), the matrix unit sums D
    products and then -m (its running max, at most |m_i| + Tau away) with
    one rounding each: a score less the max is off by at most
    e_s = (D + 3) u (scale sum_d |q_id k_jd| + |m_i| + 8 + |mask_ij|),
    u = 2^-24 (the mask's addition is one more rounding);
  - vexp's relative error is below 2^-20 (docs/isa.md 7.8), and so is
    vrcp's, which divides by l;
  - l and o's accumulators sum at most Sk terms, each rounding once:
    relative (Sk + 2) u of the sums of magnitudes;
  - a rescale of o and l by the same alpha cancels in o / l but for two
    roundings per rescale; there are at most a few (the max must grow by
    more than 8 each time), counted as 16 u.

An error e in a score changes the weight w_ij by at most w_ij 2e (the
numerator by e, the normalizer by at most e), so with
E_i = 2 max_j e_s + 2 * 2^-20 + (Sk + 20) u:

  |o_ij - ref_ij| <= 2 * E_i * sum_k w_ik |v_kj| + 1e-30

the factor 2 being margin (and the 1e-30 letting exact zeros compare).
Elements of o's buffer outside the view hold a sentinel and must come back
bit for bit; the inputs' buffers hold NaN outside their views, so a kernel
that reads padding shows it.

Key-chunk seams (canaries). The keys stream through the scratchpad in
chunks of CHUNK_KEYS = 512 (attention_internal.h's ChunkKeys; at these head dims
the scratchpad fits more, so the chunk is that maximum: Sk = 4096 in
eight), o's accumulators adding the chunks' P . V in turn. A key lost or
counted twice where one chunk ends and the next begins changes o by its
weight times v - o, about (1 / Sk) |v|: 1e-4 at Sk = 4096, inside the
bound (about 4e-4). So a case with more than one chunk gives the keys on
either side of every seam (s - 1 and s, s a multiple of 512) values of v
of CANARY_V = 4096 times a random sign and magnitude in [1, 2): such a key
then carries o by w |v| ~ 1 (its weight, about 1 / Sk, is unchanged: q and
k stay uniform), while the bound, 2 E sum_k w_k |v_k| with the canaries
in the sum, grows to about 1e-2 at Sk = 4096 (the ratio is 1 / (2 E n),
n the canary keys, whatever CANARY_V).
"""
import os
import struct
import sys
import zlib

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_runner import (SENTINEL, U, Output, absent_record,  # noqa: E402
                          index_of, main, record)

SPECIAL_REL_ERROR = 2.0 ** -20  # docs/isa.md 7.8: vexp.f32, vrcp.f32
TAU = 8.0  # how far the kernel's running max may trail the true one
MASK_KINDS = {"none": 0, "causal": 1, "additive": 2, "causal+additive": 3}
CHUNK_KEYS = 512  # attention_internal.h ChunkKeys: keys per chunk (docstring)
CANARY_V = 4096.0  # the seams' canaries in v (docstring)
HUGE_MASK = -1e30  # attention_internal.h: a mask value that hides a key


def seam_keys(sk, chunk=CHUNK_KEYS):
    """The keys either side of each chunk seam: s - 1 and s."""
    return [k for s in range(chunk, sk, chunk) for k in (s - 1, s)]


def place(dims, kind, guard=5):
    """Strides, offset and buffer length of a tensor of `dims` laid out as
    `kind`: "contig"; "pad" (every dimension padded by 3, after a guard);
    "inner" (element stride 2, padded); "bshd" (rank 4 [B, H, S, D] stored
    as [B, S, H, D], after a guard); "cache" (rank 4, a KV cache
    [B, H, S + 9, D] viewed at its first S rows, after a guard); "bcast"
    (every dimension but the last two with stride 0)."""
    n = len(dims)
    strides = [0] * n
    if kind == "bshd":
        assert n == 4
        b, h, s, d = dims
        strides = [s * h * d, d, h * d, 1]
        off = guard
    elif kind == "cache":
        # a KV cache [B, H, S + 9, D] viewed at its first S rows
        assert n == 4
        b, h, s, d = dims
        strides = [h * (s + 9) * d, (s + 9) * d, d, 1]
        off = guard
    else:
        step = {"contig": 1, "pad": 1, "inner": 2, "bcast": 1}[kind]
        pad = 0 if kind == "contig" else 3
        off = 0 if kind == "contig" else guard
        acc = step
        for d in range(n - 1, -1, -1):
            strides[d] = acc
            acc = acc * dims[d] + pad
        if kind == "bcast":
            for d in range(n - 2):
                strides[d] = 0
    last = off + sum((x - 1) * st for x, st in zip(dims, strides)) \
        if all(dims) else off
    length = max(last + 1, off) + (0 if kind == "contig" else guard)
    return strides, off, length


class AttnCase:
    def __init__(self, batch, sq, sk, d, dv, mask="none", mask_dims=None,
                 mask_layout="contig", ninf=0.0, scale=0.0, lq="contig",
                 lk="contig", lv="contig", lo="contig", null_options=False,
                 values="uniform", kvh=None, left_pad=None):
        self.batch, self.sq, self.sk, self.d, self.dv = (
            tuple(batch), sq, sk, d, dv)
        # k's and v's heads (the last batch dim): grouped-query attention
        # with fewer than q's
        self.kvh = kvh
        # a padding mask [B, 1, 1, Sk] of finfo(float32).min on the first
        # left_pad[b] keys of batch b, 0 elsewhere (Hugging Face's)
        self.left_pad = left_pad
        self.mask, self.mask_dims = mask, mask_dims
        self.mask_layout, self.ninf = mask_layout, ninf
        self.scale = np.float32(scale)
        self.layouts = {"q": lq, "k": lk, "v": lv, "o": lo}
        self.null_options = null_options
        self.values = values

    def name(self):
        s = "attention %s Sq=%d Sk=%d D=%d Dv=%d" % (
            "x".join(map(str, self.batch)) or "-", self.sq, self.sk, self.d,
            self.dv)
        if self.kvh is not None:
            s += " kvh=%d" % self.kvh
        if self.null_options:
            return s + " options=NULL"
        if "additive" in self.mask:
            s += " %smask=%s[%s]" % ("causal " * ("causal" in self.mask),
                                     self.mask_layout,
                                   ",".join(map(str, self.mask_dims)))
            if self.ninf:
                s += " -inf=%g" % self.ninf
            if self.left_pad:
                s += " leftpad=%s" % ",".join(map(str, self.left_pad))
        elif self.mask != "none":
            s += " " + self.mask
        if self.scale:
            s += " scale=%g" % self.scale
        views = ["%s:%s" % (w, l) for w, l in self.layouts.items()
                 if l != "contig"]
        if views:
            s += " " + ",".join(views)
        if self.values != "uniform":
            s += " values=" + self.values
        return s

    def shapes(self):
        b = list(self.batch)
        kb = b[:-1] + [self.kvh] if self.kvh is not None else b
        return {"q": b + [self.sq, self.d], "k": kb + [self.sk, self.d],
                "v": kb + [self.sk, self.dv], "o": b + [self.sq, self.dv]}

    def make(self, path):
        """Writes the case file; returns o's Output."""
        rng = np.random.default_rng(zlib.crc32(self.name().encode()))
        records, buffers, views = [], [], {}
        for what, dims in self.shapes().items():
            strides, off, length = place(dims, self.layouts[what])
            fill = SENTINEL if what == "o" else np.nan
            buf = np.full(length, fill, dtype=np.float32)
            idx = index_of(dims, strides, off)
            if what != "o":
                vals = rng.uniform(-1.0, 1.0, dims)
                if what == "k" and self.values == "ramp":
                    # scores growing along the keys: the running max moves
                    # again and again
                    vals = vals + np.linspace(0, 6, dims[-2])[:, None]
                seams = seam_keys(self.sk)
                if what == "v" and seams and vals.size:
                    # the key-chunk seams' canaries (the docstring), from
                    # a generator of their own; v's views hold them as
                    # written (no zero strides)
                    assert self.layouts["v"] != "bcast"
                    crng = np.random.default_rng(zlib.crc32(
                        b"canaries " + self.name().encode()))
                    shape = vals[..., seams, :].shape
                    vals[..., seams, :] = CANARY_V * crng.choice(
                        [-1.0, 1.0], shape) * crng.uniform(1.0, 2.0, shape)
                buf[idx] = vals.astype(np.float32)
                views[what] = buf[idx].astype(np.float64)
            else:
                o_index, o_before = idx, buf.copy()
            records.append(record(dims, strides, off, length))
            buffers.append(buf)
        if "additive" in self.mask:
            dims = list(self.mask_dims)
            strides, off, length = place(dims, self.mask_layout)
            buf = np.full(length, np.nan, dtype=np.float32)
            idx = index_of(dims, strides, off)
            # a repeated (stride 0) element takes the last value written;
            # views[] reads back what the kernel sees
            vals = rng.uniform(-2.0, 2.0, dims)
            vals[rng.uniform(0, 1, dims) < self.ninf] = -np.inf
            if self.left_pad:
                vals = np.zeros(dims)
                for b, p in enumerate(self.left_pad):
                    vals[b, ..., :p] = np.finfo(np.float32).min
            buf[idx] = vals.astype(np.float32)
            views["mask"] = buf[idx].astype(np.float64)
            records.append(record(dims, strides, off, length))
            buffers.append(buf)
        else:
            records.append(absent_record())
        with open(path, "wb") as f:
            f.write(b"ATTNCAS1")
            f.write(struct.pack("<2q", MASK_KINDS[self.mask],
                                int(self.null_options)))
            f.write(struct.pack("<f", self.scale))
            f.write(b"".join(records))
            for b in buffers:
                f.write(b.astype("<f4").tobytes())
        return Output(o_before, o_index, *self.reference(views), what="o")

    def reference(self, views):
        """The float64 result and the per-element bound."""
        q, k, v = views["q"], views["k"], views["v"]
        if self.kvh is not None and self.kvh != self.batch[-1]:
            # query head h reads k/v head h / (H / KVH) (repeat_kv's order)
            group = self.batch[-1] // self.kvh
            k, v = (np.repeat(x, group, axis=-3) for x in (k, v))
        d = self.d
        scale = self.scale
        if self.null_options or scale == 0:
            scale = np.float32(1.0 / np.sqrt(np.float32(d))) if d else 1.0
        scale = float(scale)
        s = np.matmul(q, np.swapaxes(k, -1, -2)) * scale
        mag = np.matmul(np.abs(q), np.abs(np.swapaxes(k, -1, -2))) * abs(scale)
        mask_mag = 0.0
        if "additive" in self.mask and not self.null_options:
            s = s + views["mask"]
            # -inf and finfo.min hide a key: no rounding of theirs counts
            mask_mag = np.where(views["mask"] <= HUGE_MASK, 0.0,
                                np.abs(views["mask"]))
        if "causal" in self.mask and not self.null_options:
            i = np.arange(self.sq)[:, None]
            j = np.arange(self.sk)[None, :]
            s = np.where(j > i + (self.sk - self.sq), -np.inf, s)
        shape = s.shape
        finite = np.isfinite(s)
        m = np.max(np.where(finite, s, -np.inf), axis=-1, keepdims=True) \
            if self.sk else np.zeros(shape[:-1] + (1,))
        seen = np.isfinite(m)
        m = np.where(seen, m, 0.0)
        w = np.where(finite, np.exp(s - m), 0.0)
        l = np.sum(w, axis=-1, keepdims=True)
        w = np.where(l > 0, w / np.where(l > 0, l, 1.0), 0.0)
        ref = np.matmul(w, v)
        # a row whose every key is hidden by finfo.min: its scores are that
        # value exactly, their weights equal
        e_s = (d + 3) * U * (mag + np.where(m <= HUGE_MASK, 0.0, np.abs(m))
                             + TAU + mask_mag)
        e_s = np.max(np.where(finite, e_s, 0.0), axis=-1, keepdims=True) \
            if self.sk else np.zeros_like(m)
        err = 2 * e_s + 2 * SPECIAL_REL_ERROR + (self.sk + 20) * U
        bound = 2 * err * np.matmul(w, np.abs(v)) + 1e-30
        return ref, bound


# ---------------------------------------------------------------- cases

def grid():
    """Sq and Sk in {1, 15, 16, 17} (either side of a 16-row block), with
    head dims that are not multiples of 16 and both kinds of mask."""
    sizes = (1, 15, 16, 17)
    dims = ((1, 1), (7, 33), (16, 16), (17, 5), (33, 64))
    cases = []
    n = 0
    for sq in sizes:
        for sk in sizes:
            d, dv = dims[n % len(dims)]
            mask = ("none", "causal")[n % 2]
            cases.append(AttnCase((1, 2), sq, sk, d, dv, mask=mask))
            n += 1
    return cases


def shapes():
    P = "pad"
    return [
        # odd and prime, several heads and batches
        AttnCase((2, 3), 37, 53, 29, 41),
        AttnCase((2, 3), 37, 53, 29, 41, mask="causal"),
        AttnCase((3,), 61, 61, 13, 11, mask="causal"),
        AttnCase((1, 1, 2), 31, 47, 5, 3),
        AttnCase((), 100, 77, 40, 24),
        # Sq != Sk: causal's diagonal from the bottom right; with Sq > Sk
        # the first rows see no key (zeros)
        AttnCase((1, 2), 20, 50, 16, 16, mask="causal"),
        AttnCase((1, 2), 50, 20, 16, 16, mask="causal"),
        AttnCase((1, 1), 1, 300, 32, 32, mask="causal"),
        # a diagonal block (or a last partial one) after full blocks, its
        # hidden scores -inf from S^T's initial tile: sequences not a
        # multiple of 16, the diagonal 16 keys or 1 and 17 keys off a
        # block's start, the max moving in and after it
        AttnCase((1, 2), 129, 129, 64, 64, mask="causal"),
        AttnCase((1, 1), 18, 18, 8, 8, mask="causal"),
        AttnCase((1, 2), 20, 36, 16, 16, mask="causal"),
        AttnCase((1, 1), 40, 57, 16, 16, mask="causal"),
        AttnCase((1, 1), 100, 100, 24, 40, scale=4.0, values="ramp",
                 mask="causal"),
        AttnCase((1, 2), 33, 129, 24, 40),
        AttnCase((1, 1), 47, 47, 20, 70, mask="causal"),
        # the benchmark's shape; o wider than 64 columns (passes)
        AttnCase((1, 2), 128, 128, 64, 64),
        AttnCase((1, 2), 128, 128, 64, 64, mask="causal"),
        AttnCase((1, 1), 40, 70, 24, 100),
        AttnCase((1, 1), 33, 33, 130, 130, mask="causal"),
        # empty and degenerate: no keys (zeros), no queries, D = 0
        AttnCase((1, 2), 5, 0, 8, 8),
        AttnCase((1, 2), 0, 5, 8, 8),
        AttnCase((2, 0), 5, 5, 8, 8),
        AttnCase((1, 1), 9, 21, 0, 7),
        # scale, and default scale with null options
        AttnCase((1, 2), 30, 40, 20, 20, scale=0.5),
        AttnCase((1, 2), 30, 40, 20, 20, scale=-1.5),
        AttnCase((1, 2), 30, 40, 20, 20, null_options=True),
        # the running max moves again and again (lazy rescaling)
        AttnCase((1, 2), 45, 300, 24, 40, scale=4.0, values="ramp"),
        AttnCase((1, 1), 45, 300, 24, 40, scale=4.0, values="ramp",
                 mask="causal"),
        # additive masks, broadcast by dims of 1 and by zero strides, with
        # -inf entries (and so rows fully masked)
        AttnCase((2, 3), 21, 37, 16, 16, mask="additive",
                 mask_dims=(21, 37)),
        AttnCase((2, 3), 21, 37, 16, 16, mask="additive",
                 mask_dims=(1, 3, 21, 37), ninf=0.3),
        AttnCase((2, 3), 21, 37, 16, 16, mask="additive",
                 mask_dims=(2, 3, 21, 37), mask_layout="bcast", ninf=0.3),
        AttnCase((2, 3), 21, 37, 16, 16, mask="additive",
                 mask_dims=(2, 1, 1, 37), mask_layout=P, ninf=0.5),
        AttnCase((1, 1), 17, 33, 8, 8, mask="additive",
                 mask_dims=(17, 33), ninf=0.97),
        AttnCase((1, 1), 17, 600, 8, 8, mask="additive",
                 mask_dims=(17, 600), mask_layout="inner", ninf=0.2),
        # strided views, sentinels around o's
        AttnCase((2, 3), 33, 45, 24, 20, lq=P, lk=P, lv=P, lo=P),
        AttnCase((2, 3), 33, 45, 24, 20, lq="inner", lk="inner",
                 lv="inner", lo="inner", mask="causal"),
        AttnCase((2, 3), 33, 45, 24, 20, lq="bshd", lk="bshd", lv="bshd",
                 lo="bshd"),
        AttnCase((2, 3), 33, 45, 24, 20, lk="bcast", lv="bcast", lo=P),
        # heads of one tile (Sq, Sk, D, Dv <= 16: the path without
        # streaming), over two batch dims, with each mask, scales, views
        # and broadcast k and v
        AttnCase((2, 3), 16, 16, 16, 16),
        AttnCase((2, 3), 11, 16, 16, 9, mask="causal"),
        AttnCase((3, 2), 16, 5, 3, 16, mask="causal"),
        AttnCase((2, 3), 13, 9, 16, 16, mask="additive",
                 mask_dims=(1, 3, 13, 9), ninf=0.3),
        AttnCase((2, 3), 13, 9, 16, 16, mask="additive",
                 mask_dims=(2, 1, 13, 9), mask_layout=P, ninf=0.97),
        AttnCase((2, 3), 16, 16, 16, 16, scale=-1.5, values="ramp"),
        AttnCase((2, 3), 14, 16, 12, 16, lq="bshd", lk="bshd", lv="bshd",
                 lo="bshd"),
        AttnCase((2, 3), 16, 12, 16, 10, lq=P, lk="bcast", lv="bcast",
                 lo=P),
        AttnCase((2, 3), 16, 16, 16, 16, null_options=True),
        # three groups of heads (up to four a group, their buffers taken
        # by turns), the last one short
        AttnCase((1, 11), 16, 16, 16, 16, mask="additive",
                 mask_dims=(1, 11, 16, 16), ninf=0.3),
        AttnCase((3, 3), 15, 16, 16, 16, mask="causal"),
        # groups of heads along the last batch dim, each tensor's blocks one
        # transfer a group
        AttnCase((1, 8), 16, 16, 16, 16),
        AttnCase((2, 8), 11, 13, 16, 16, mask="causal"),
        # heads of a few tiles (Sq, Sk, D, Dv <= 64 without a mask: their
        # own path): a small ViT's and an audio encoder's heads, the
        # largest, groups of up to eight heads (the last short), head dims
        # not multiples of 16, scales, views and broadcast k and v
        AttnCase((1, 3), 17, 17, 32, 32),
        AttnCase((1, 4), 32, 32, 16, 16),
        AttnCase((1, 9), 64, 64, 64, 64, scale=0.5, values="ramp"),
        AttnCase((1, 12), 17, 17, 32, 32, lq="bshd", lk="bshd", lv="bshd",
                 lo="bshd"),
        AttnCase((2, 5), 50, 33, 47, 61, scale=-1.5, lq=P, lk=P, lv=P,
                 lo=P),
        AttnCase((2, 3), 64, 17, 1, 64, lk="bcast", lv="bcast"),
        AttnCase((1, 2), 18, 64, 64, 1, lq="inner", lk="inner", lv="inner",
                 lo="inner"),
    ]


def big():
    """k and v larger than the scratchpad: 4096 keys of 128 (2 MiB each),
    in chunks; and many chunks with a mask."""
    return [
        AttnCase((1, 1), 20, 4096, 128, 128),
        AttnCase((1, 1), 40, 2000, 96, 40, mask="causal"),
        AttnCase((1, 1), 20, 1500, 64, 24, mask="additive",
                 mask_dims=(20, 1500), ninf=0.1),
    ]


def gqa():
    """Grouped-query attention: k and v with KVH = H, H / 2, H / 4 and 1
    heads, query head h reading k/v head h / (H / KVH); on the streamed path
    (one chunk shared by the group's heads, several chunks, several column
    passes) and on the one-tile heads', with both masks and strided views."""
    P = "pad"
    return [
        AttnCase((1, 4), 32, 32, 32, 32, mask="causal", kvh=4),
        AttnCase((1, 4), 32, 32, 32, 32, mask="causal", kvh=2),
        AttnCase((1, 4), 32, 32, 32, 32, mask="causal", kvh=1),
        AttnCase((2, 8), 37, 45, 24, 20, kvh=2),
        AttnCase((2, 8), 37, 45, 24, 20, mask="causal", kvh=4, lq="bshd",
                 lk="bshd", lv="bshd", lo="bshd"),
        AttnCase((2, 4), 21, 37, 16, 16, mask="additive",
                 mask_dims=(2, 1, 1, 37), mask_layout=P, ninf=0.3, kvh=2),
        AttnCase((2, 4), 21, 37, 16, 16, mask="additive",
                 mask_dims=(2, 4, 21, 37), ninf=0.3, kvh=1),
        AttnCase((1, 6), 1, 40, 32, 32, kvh=2),
        # decoding (one query a head): the group's query heads one block
        # of queries of their k/v head, each key block read once for them
        AttnCase((2, 8), 1, 1100, 64, 64, kvh=2),
        AttnCase((2, 8), 1, 300, 32, 80, mask="causal", kvh=4, lq="bshd",
                 lk="bshd", lv="bshd", lo="bshd"),
        AttnCase((2, 8), 1, 77, 32, 32, mask="additive",
                 mask_dims=(2, 8, 1, 77), mask_layout="pad", ninf=0.3, kvh=2),
        AttnCase((2, 8), 1, 77, 32, 32, mask="causal+additive",
                 mask_dims=(2, 1, 1, 77), ninf=0.3, kvh=1),
        AttnCase((1, 32), 1, 600, 16, 16, kvh=2, lq=P, lk=P, lv=P, lo=P),
        AttnCase((2, 8), 1, 13, 16, 16, mask="additive",
                 mask_dims=(2, 8, 1, 13), ninf=0.3, kvh=2),
        AttnCase((2, 8), 1, 16, 16, 16, mask="causal", kvh=1),
        # causal and a padding mask [B, 1, 1, Sk] together, as Hugging
        # Face's decoders build them for a batch of padded prompts
        AttnCase((2, 4), 32, 32, 32, 32, mask="causal+additive",
                 mask_dims=(2, 1, 1, 32), ninf=0.3, kvh=2),
        AttnCase((3, 4), 45, 45, 24, 24, mask="causal+additive",
                 mask_dims=(3, 1, 1, 45), ninf=0.2, kvh=1),
        AttnCase((2, 4), 13, 13, 16, 16, mask="causal+additive",
                 mask_dims=(2, 1, 1, 13), ninf=0.3, kvh=2),
        # prompts padded on the left by finfo.min (Hugging Face's padding
        # mask): whole blocks of keys hidden before a query's first
        # visible key, and padded queries that see only padded keys
        # (uniform weights over them, as PyTorch)
        AttnCase((3, 4), 48, 48, 32, 32, mask="causal+additive",
                 mask_dims=(3, 1, 1, 48), kvh=2, left_pad=(0, 20, 37)),
        AttnCase((2, 2), 20, 300, 24, 24, mask="additive",
                 mask_dims=(2, 1, 1, 300), left_pad=(17, 100)),
        AttnCase((2, 4), 16, 16, 16, 16, mask="causal+additive",
                 mask_dims=(2, 1, 1, 16), kvh=1, left_pad=(5, 16)),
        AttnCase((1, 6), 20, 1100, 32, 80, mask="causal", kvh=3),
        AttnCase((1, 4), 40, 600, 24, 24, scale=4.0, values="ramp", kvh=2,
                 lk=P, lv=P),
        # one-tile heads: groups of four q heads over one, two or four
        # k/v heads, the last group short
        AttnCase((2, 4), 16, 16, 16, 16, kvh=2),
        AttnCase((2, 4), 16, 16, 16, 16, kvh=1),
        AttnCase((1, 6), 11, 13, 16, 16, mask="causal", kvh=2),
        AttnCase((2, 6), 13, 9, 16, 16, mask="additive",
                 mask_dims=(2, 1, 1, 9), ninf=0.3, kvh=3),
        AttnCase((2, 8), 16, 16, 16, 16, kvh=4, lq="bshd", lk="bshd",
                 lv="bshd", lo="bshd"),
    ]


SETS = {"grid": grid, "shapes": shapes, "big": big, "gqa": gqa}


if __name__ == "__main__":
    sys.exit(main(__doc__, SETS, "attn"))
