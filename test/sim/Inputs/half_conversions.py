"""The vector unit's half-precision conversions against numpy.

  half_conversions.py make IN      the words: every f16 pattern (65 536,
                                   two a word) and a sweep of f32 values
  half_conversions.py check IN OUT compares half-conversions.elf's output

References, independent of the simulator's code:
  - f32 -> f16: numpy's astype(float16) (to nearest even, overflow to
    infinity, IEEE subnormals), bit for bit; a NaN must be the quiet NaN of
    its sign with the f32 payload's top 10 bits (numpy only says it is a
    NaN, which is checked too).
  - f32 -> bf16: the nearer of the two bf16 values around x, compared in
    float64 (exact for these), the even one on a tie, past the largest
    finite bf16 the infinity as the next value; a NaN as for f16 (bits
    31-16 | 0x40).
  - f16 -> f32: numpy's astype(float32) bit for bit; a NaN with its payload
    moved up unchanged (numpy may quiet it, so the NaN's bits are checked
    against that rule and numpy only for being a NaN of the same sign).
The f32 sweep: every f16 value's f32 neighbours that round to it or its
neighbour (the exact midpoints between consecutive f16 values and one f32
ulp either side of them, both signs), the same for bf16 on a sample of
exponents, 2^-25 and the subnormal edges, 65504..65520 and past, f32
subnormals, zeros, infinities, quiet and signaling NaNs of both signs with
payloads, and random words of every exponent.
"""
import struct
import sys

import numpy as np

BLOCK, OUT = 32, 96


def f32_sweep():
    words = []
    # f16: midpoints of consecutive finite f16 values (and the one between
    # 65504 and the 65536 an unbounded exponent would give), +-1 ulp.
    h = np.arange(0, 0x7c00, dtype=np.uint32).astype(np.uint16)
    v = h.view(np.float16).astype(np.float64)
    nxt = np.append(v[1:], 65536.0)
    mid = ((v + nxt) / 2).astype(np.float32)  # exact: 12 significant bits
    m = mid.view(np.uint32)
    for d in (-1, 0, 1):
        words.append((m.astype(np.int64) + d).clip(0, 0x7f7fffff)
                     .astype(np.uint32))
    # bf16: midpoints and their neighbours over every 4th exponent.
    e = np.arange(0, 255, 4, dtype=np.uint32)
    mant = np.arange(0, 128, dtype=np.uint32)
    b = ((e[:, None] << 23) | (mant[None, :] << 16)).ravel()
    for d in (0x7fff, 0x8000, 0x8001, 0x18000, 0x0):
        words.append(b + d)
    special = [0, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00000,
               0x7f800001, 0xff800001, 0x7fc12345, 0x7fbfffff, 0xffa02000,
               0x7f802000, 0x7f801fff, 0x33000000, 0x33000001, 0x32ffffff,
               0x33800000, 0x387fe000, 0x387fefff, 0x387ff000, 0x38800000,
               0x477fe000, 0x477fefff, 0x477ff000, 0x477fffff, 0x47800000,
               0x7f7fffff, 0x7f7f8000, 0x7f7f7fff, 0x00000001, 0x007fffff,
               0x00800000, 0x3f800000, 0xbf800000]
    words.append(np.array(special, dtype=np.uint32))
    rng = np.random.default_rng(39)
    words.append(rng.integers(0, 1 << 32, 65536, dtype=np.uint64)
                  .astype(np.uint32))
    w = np.concatenate(words).astype(np.uint32)
    w = np.concatenate([w, w ^ np.uint32(0x80000000)])
    pad = -len(w) % BLOCK
    return np.concatenate([w, np.zeros(pad, np.uint32)])


def f16_words():
    p = np.arange(0, 1 << 16, dtype=np.uint32)
    return p[0::2] | (p[1::2] << 16)  # pattern 2k low, 2k + 1 high


def make(path):
    f32 = f32_sweep()
    f16 = f16_words()
    with open(path, "wb") as f:
        f.write(struct.pack("<q", len(f32)))
        f.write(f32.tobytes())
        f.write(f16.tobytes())


def read_in(path):
    data = open(path, "rb").read()
    n = struct.unpack("<q", data[:8])[0]
    w = np.frombuffer(data[8:], dtype=np.uint32)
    return n, w


def nan_bits16(x, bf16):
    if bf16:
        return ((x >> 16) | 0x40) & 0xffff
    return ((x >> 16) & 0x8000) | 0x7e00 | ((x >> 13) & 0x3ff)


def ref_f16(x):
    with np.errstate(over="ignore"):
        r = x.view(np.float32).astype(np.float16).view(np.uint16)
    r = r.astype(np.uint32)
    nan = (x & 0x7fffffff) > 0x7f800000
    assert np.isnan(r[nan].astype(np.uint16).view(np.float16)).all()
    r[nan] = nan_bits16(x[nan], False)
    return r


def ref_bf16(x):
    a = x & 0x7fffffff
    down = (x >> 16).astype(np.uint32)
    up = down + 1
    with np.errstate(invalid="ignore"):
        xv = x.view(np.float32).astype(np.float64)

    def value(b):
        b = b & 0xffff
        mag = (b & 0x7fff).astype(np.uint32) << 16
        with np.errstate(invalid="ignore"):
            val = mag.view(np.float32).astype(np.float64)
        val[(b & 0x7fff) == 0x7f80] = 2.0 ** 128  # the next value past max
        return np.where(b & 0x8000, -val, val)

    lo, hi = value(down), value(up)
    dl, dh = np.abs(xv - lo), np.abs(hi - xv)
    r = np.where(dl < dh, down, np.where(dh < dl, up,
                                         np.where(down & 1, up, down)))
    r = r & 0xffff
    exact = (x & 0xffff) == 0
    r[exact] = down[exact] & 0xffff
    r[a >= 0x7f800000] = (x[a >= 0x7f800000] >> 16) & 0xffff
    nan = a > 0x7f800000
    r[nan] = nan_bits16(x[nan], True)
    return r.astype(np.uint32)


def ref_f32(h):
    r = h.astype(np.uint16).view(np.float16).astype(np.float32)
    rb = r.view(np.uint32).copy()
    nan = (h & 0x7fff) > 0x7c00
    assert np.isnan(r[nan]).all()
    assert (np.signbit(r[nan]) == ((h[nan] & 0x8000) != 0)).all()
    rb[nan] = ((h[nan] & 0x8000) << 16) | 0x7f800000 | ((h[nan] & 0x3ff) << 13)
    return rb


def check(inp, outp):
    n, w = read_in(inp)
    o = np.fromfile(outp, dtype=np.uint32)
    blocks = len(w) // BLOCK
    if len(o) != blocks * OUT:
        print("FAILED: %d words out, expected %d" % (len(o), blocks * OUT))
        return 1
    wb = w.reshape(blocks, BLOCK)
    ob = o.reshape(blocks, OUT)
    lo, hi = wb[:, :16].ravel(), wb[:, 16:].ravel()
    failures = 0

    def report(name, got, want, src):
        nonlocal failures
        bad = np.nonzero(got != want)[0]
        if len(bad):
            failures += 1
            i = bad[0]
            print("%s FAILED: %d of %d differ; 0x%08x -> 0x%x, want 0x%x"
                  % (name, len(bad), len(got), src[i], got[i], want[i]))
        else:
            print("%s: %d ok" % (name, len(got)))

    fb = n // BLOCK  # the f32 sweep's blocks
    packed = ob[:fb, 0:16].ravel()
    lo32, hi32 = wb[:fb, :16].ravel(), wb[:fb, 16:].ravel()
    src = np.concatenate([lo32, hi32])
    report("f32 -> f16", np.concatenate([packed & 0xffff, packed >> 16]),
           ref_f16(src), src)
    packed = ob[:fb, 16:32].ravel()
    report("f32 -> bf16", np.concatenate([packed & 0xffff, packed >> 16]),
           ref_bf16(src), src)
    ties = src[(src & 0x1fff) == 0x1000]
    print("f32 -> f16 ties: %d" % len(ties))
    # Every f16 pattern, in order: word k holds 2k (low) and 2k + 1 (high).
    hb = wb[fb:]
    widen = np.stack([ob[fb:, 32:48], ob[fb:, 48:64], ob[fb:, 64:80],
                      ob[fb:, 80:96]], axis=1)  # [block, lo/hi of w0, w1]
    got = np.empty((len(hb), 32, 2), np.uint32)
    got[:, :16, 0], got[:, :16, 1] = widen[:, 0], widen[:, 1]
    got[:, 16:, 0], got[:, 16:, 1] = widen[:, 2], widen[:, 3]
    pats = np.stack([hb & 0xffff, hb >> 16], axis=2).ravel()
    report("f16 -> f32", got.ravel(), ref_f32(pats), pats)
    print("f16 patterns: %d" % len(np.unique(pats)))
    print("%d failures" % failures)
    return failures != 0


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(sys.argv[2])
    else:
        sys.exit(check(sys.argv[2], sys.argv[3]))
