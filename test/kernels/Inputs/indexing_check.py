#!/usr/bin/python3
"""The indexing kernels (libaccelkernels.a) on accel-sim against numpy.

  indexing_check.py --sim "accel-sim [options]" --driver indexing_driver.elf
                    --dir DIR

accel_gather_elements, accel_scatter_elements, accel_gather_nd,
accel_scatter_nd, accel_trilu, accel_reverse_sequence, accel_onehot,
accel_tile, accel_maxunpool and accel_gather of types other than f32
(both its ways: as f32s and the scalar loop) on several element types, int32 and int64 indices with negative ones,
the scatters' add and mul over duplicate indices, strided inputs, and
the refusals: an index out of range (ACCEL_ERR_ARGUMENT, y untouched),
a reduction of a type it does not combine (ACCEL_ERR_UNSUPPORTED), a
depth or repeats that are not y's. The references are numpy's own
(take_along_axis, ufunc.at, triu/tril, eye, tile, take) or ONNX's definitions
written as loops; every result must be bit-identical, and y's buffer
keeps its sentinel where the kernel refused."""

import os
import struct
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_runner import batch_parser, run_batch  # noqa: E402

F32, I8, I32, F16, BF16, F64, I16, I64, U8, U16, U32, U64, BOOL = range(13)
STORE = [np.float32, np.int8, np.int32, np.float16, np.uint16, np.float64,
         np.int16, np.int64, np.uint8, np.uint16, np.uint32, np.uint64,
         np.uint8]
CODE = {np.dtype(np.float32): F32, np.dtype(np.int8): I8,
        np.dtype(np.int32): I32, np.dtype(np.float16): F16,
        np.dtype(np.float64): F64, np.dtype(np.int16): I16,
        np.dtype(np.int64): I64, np.dtype(np.uint8): U8,
        np.dtype(np.uint16): U16, np.dtype(np.uint32): U32,
        np.dtype(np.uint64): U64, np.dtype(np.bool_): BOOL}
MAXRANK = 6
NONE, ADD, MUL = 0, 1, 2
OK, ARGUMENT, UNSUPPORTED = 0, 1, 2


class View:
    """A tensor: its buffer (a flat array), dims, strides and offset in
    elements."""

    def __init__(self, a, dims=None, strides=None, offset=0, code=None):
        a = np.asarray(a)
        self.code = CODE[a.dtype] if code is None else code
        self.dims = list(a.shape) if dims is None else dims
        if strides is None:
            strides, s = [], 1
            for d in reversed(self.dims):
                strides.insert(0, s)
                s *= d
        self.strides = strides
        self.offset = offset
        self.flat = np.ascontiguousarray(a).reshape(-1)
        if self.code == BOOL:
            self.flat = self.flat.astype(np.uint8)

    def record(self):
        r = len(self.dims)
        return struct.pack("<%dq" % (3 + 2 * MAXRANK + 2), 1, self.code, r,
                           *(self.dims + [0] * (MAXRANK - r)),
                           *(self.strides + [0] * (MAXRANK - r)),
                           self.offset, len(self.flat))

    def data(self):
        b = self.flat.tobytes()
        return b + b"\0" * (-len(b) % 8)


def strided(a, pad):
    """a as a view of a buffer with pad more elements a row (its rows
    apart), every other element beyond them garbage."""
    a = np.asarray(a)
    rows, cols = int(np.prod(a.shape[:-1])), a.shape[-1]
    buf = np.full((rows, cols + pad), 99, a.dtype)
    buf[:, :cols] = a.reshape(rows, cols)
    strides, s = [1], cols + pad
    for d in reversed(a.shape[:-1]):
        strides.insert(0, s)
        s *= d
    return View(buf, list(a.shape), strides)


ABSENT = struct.pack("<%dq" % (3 + 2 * MAXRANK + 2), *([0] * 17))


class Case:
    def __init__(self, name, op, params, ins, y_shape, y_dtype, status,
                 expected=None):
        self.name, self.op, self.params = name, op, params + [0] * (4 - len(params))
        self.ins = ins
        sentinel = np.arange(int(np.prod(y_shape)), dtype=np.int64) % 7 + 40
        self.y = View(sentinel.astype(y_dtype).reshape(y_shape))
        self.status = status
        self.expected = expected

    def record(self):
        ts = self.ins + [self.y]
        b = struct.pack("<6q", self.op, *self.params, len(ts))
        for t in ts:
            b += t.record() if t is not None else ABSENT
        for t in ts:
            if t is not None:
                b += t.data()
        return b

    def out_bytes(self):
        return 8 + len(self.y.data())

    def check(self, status, raw):
        if status != self.status:
            return "status %d, expected %d" % (status, self.status)
        want = self.y.flat if self.status else \
            np.asarray(self.expected).astype(self.y.flat.dtype).reshape(-1)
        got = np.frombuffer(raw[:want.nbytes], want.dtype)
        if not np.array_equal(got.view(np.uint8), want.view(np.uint8)):
            bad = np.nonzero(got != want)[0][:4]
            return "y differs at %s: %s, expected %s" % (
                bad.tolist(), got[bad].tolist(), want[bad].tolist())
        return None


def wrapped(idx, size):
    return np.where(idx < 0, idx + size, idx)


def gather_elements_ref(x, idx, axis):
    """take_along_axis of x cut to the indices' extent off the axis."""
    cut = tuple(slice(None) if d == axis else slice(0, n)
                for d, n in enumerate(idx.shape))
    return np.take_along_axis(x[cut], wrapped(idx, x.shape[axis]), axis)


def scatter_elements_ref(x, idx, upd, axis, red):
    y = x.copy()
    idx = wrapped(idx, x.shape[axis])
    for p in np.ndindex(*idx.shape):
        q = list(p)
        q[axis] = idx[p]
        q = tuple(q)
        if red == NONE:
            y[q] = upd[p]
        elif red == ADD:
            np.add.at(y, q, upd[p])
        else:
            np.multiply.at(y, q, upd[p])
    return y


def gather_nd_ref(x, idx, b):
    k = idx.shape[-1]
    out = np.zeros(idx.shape[:-1] + x.shape[b + k:], x.dtype)
    for p in np.ndindex(*idx.shape[:-1]):
        tup = tuple(int(i) for i in wrapped(idx[p], np.array(x.shape[b:b + k])))
        out[p] = x[p[:b] + tup]
    return out


def scatter_nd_ref(x, idx, upd, red):
    y = x.copy()
    k = idx.shape[-1]
    for p in np.ndindex(*idx.shape[:-1]):
        tup = tuple(int(i) for i in wrapped(idx[p], np.array(x.shape[:k])))
        if red == NONE:
            y[tup] = upd[p]
        elif red == ADD:
            np.add.at(y, tup, upd[p])
        else:
            np.multiply.at(y, tup, upd[p])
    return y


def reverse_sequence_ref(x, lens, batch_axis, time_axis):
    y = x.copy()
    for b, n in enumerate(lens):
        for t in range(n):
            dst = [slice(None)] * x.ndim
            src = [slice(None)] * x.ndim
            dst[batch_axis] = src[batch_axis] = b
            dst[time_axis], src[time_axis] = t, n - 1 - t
            y[tuple(dst)] = x[tuple(src)]
    return y


def onehot_ref(idx, depth, values, axis):
    i = np.asarray(idx).astype(np.int64)
    i = np.where(i < 0, i + depth, i)
    hot = (np.arange(depth) == i[..., None]) & (i[..., None] >= 0)
    hot = np.moveaxis(hot, -1, axis)
    return np.where(hot, values[1], values[0])


def cases(rng):
    x34 = rng.standard_normal((3, 4)).astype(np.float32)
    # GatherElements.
    for axis, itype in ((0, np.int64), (1, np.int32)):
        idx = rng.integers(-x34.shape[axis], x34.shape[axis],
                           (2, 3)).astype(itype)
        yield Case("gather_elements f32 axis %d %s" % (axis, itype.__name__),
                   0, [axis], [View(x34), View(idx)], idx.shape, np.float32,
                   OK, gather_elements_ref(x34, idx, axis))
    x = rng.integers(-100, 100, (2, 3, 5)).astype(np.int8)
    idx = rng.integers(-3, 3, (2, 2, 4)).astype(np.int64)
    yield Case("gather_elements int8 rank 3 axis 1", 0, [1],
               [View(x), View(idx)], idx.shape, np.int8, OK,
               gather_elements_ref(x, idx, 1))
    xf = rng.standard_normal((4, 5))
    idx = rng.integers(0, 4, (4, 3)).astype(np.int64)
    yield Case("gather_elements f64 strided x", 0, [0],
               [strided(xf, 3), View(idx)], idx.shape, np.float64, OK,
               gather_elements_ref(xf, idx, 0))
    bad = np.array([[0, 3], [1, -4]], np.int64)
    yield Case("gather_elements index 3 of 3", 0, [0], [View(x34), View(bad)],
               bad.shape, np.float32, ARGUMENT)
    # ScatterElements.
    for red in (NONE, ADD, MUL):
        for dt in (np.float32, np.int64, np.int32):
            x = (rng.integers(1, 5, (3, 4))).astype(dt)
            idx = np.array([[0, 1, 0, 2], [2, 0, 0, 1]], np.int64)
            idx[1, 1] = -3  # row 0 again, from the end
            upd = rng.integers(1, 6, (2, 4)).astype(dt)
            if dt == np.float32:
                upd = (upd + rng.standard_normal((2, 4))).astype(dt)
            yield Case("scatter_elements %s %s duplicates" %
                       (["none", "add", "mul"][red], np.dtype(dt).name),
                       1, [0, red], [View(x), View(idx), View(upd)], x.shape,
                       dt, OK, scatter_elements_ref(x, idx, upd, 0, red))
    x = rng.standard_normal((2, 5)).astype(np.float32)
    idx = np.array([[-1, 0], [4, -5]], np.int32)
    upd = rng.standard_normal((2, 2)).astype(np.float32)
    yield Case("scatter_elements axis 1 int32 negative", 1, [1, NONE],
               [View(x), View(idx), View(upd)], x.shape, np.float32, OK,
               scatter_elements_ref(x, idx, upd, 1, NONE))
    yield Case("scatter_elements index -6 of 5", 1, [1, NONE],
               [View(x), View(np.array([[0, -6], [1, 1]], np.int64)),
                View(upd)], x.shape, np.float32, ARGUMENT)
    h = rng.standard_normal((2, 2)).astype(np.float16)
    yield Case("scatter_elements f16 add refused", 1, [0, ADD],
               [View(h), View(np.zeros((1, 2), np.int64)),
                View(h[:1].copy())], h.shape, np.float16, UNSUPPORTED)
    # GatherND.
    x = rng.integers(-1000, 1000, (3, 4, 5)).astype(np.int32)
    for k in (1, 2, 3):
        idx = np.stack([rng.integers(-x.shape[d], x.shape[d], (2, 3))
                        for d in range(k)], -1).astype(np.int64)
        yield Case("gather_nd int32 k %d" % k, 2, [0], [View(x), View(idx)],
                   idx.shape[:-1] + x.shape[k:], np.int32, OK,
                   gather_nd_ref(x, idx, 0))
    xh = rng.standard_normal((3, 4, 5)).astype(np.float16)
    idx = np.stack([rng.integers(-4, 4, (3, 2))], -1).astype(np.int32)
    yield Case("gather_nd f16 batch_dims 1", 2, [1], [View(xh), View(idx)],
               (3, 2, 5), np.float16, OK, gather_nd_ref(xh, idx, 1))
    yield Case("gather_nd index 4 of 4", 2, [0],
               [View(x), View(np.array([[1, 4]], np.int64))], (1, 5),
               np.int32, ARGUMENT)
    # ScatterND.
    for red in (NONE, ADD, MUL):
        for dt in (np.float32, np.int64):
            x = rng.integers(1, 5, (4, 3, 2)).astype(dt)
            idx = np.array([[1], [3], [1], [-4]], np.int64)
            upd = rng.integers(1, 4, (4, 3, 2)).astype(dt)
            if dt == np.float32:
                upd = (upd + rng.standard_normal(upd.shape)).astype(dt)
            yield Case("scatter_nd %s %s duplicates" %
                       (["none", "add", "mul"][red], np.dtype(dt).name),
                       3, [0, red], [View(x), View(idx), View(upd)], x.shape,
                       dt, OK, scatter_nd_ref(x, idx, upd, red))
    x = rng.standard_normal((3, 4)).astype(np.float64)
    idx = np.array([[0, -1], [2, 1]], np.int32)
    upd = rng.standard_normal(2)
    yield Case("scatter_nd f64 elements", 3, [0, NONE],
               [View(x), View(idx), View(upd)], x.shape, np.float64, OK,
               scatter_nd_ref(x, idx, upd, NONE))
    yield Case("scatter_nd index -5 of 3", 3, [0, NONE],
               [View(x), View(np.array([[-5, 0]], np.int64)),
                View(upd[:1].copy())], x.shape, np.float64, ARGUMENT)
    # Trilu.
    for upper in (1, 0):
        for k in (-1, 0, 2, 7, -9):
            x = rng.integers(-50, 50, (2, 4, 5)).astype(np.int64)
            ref = np.triu(x, k) if upper else np.tril(x, k)
            yield Case("trilu int64 %s k %d" % (["lower", "upper"][upper], k),
                       4, [0, 0, k, upper], [View(x)], x.shape, np.int64, OK,
                       ref)
    xb = rng.integers(0, 2, (5, 3)).astype(np.bool_)
    yield Case("trilu bool upper k 1", 4, [0, 0, 1, 1], [View(xb)], xb.shape,
               np.bool_, OK, np.triu(xb, 1))
    xf = rng.standard_normal((3, 6)).astype(np.float32)
    yield Case("trilu f32 strided lower", 4, [0, 0, 0, 0], [strided(xf, 5)],
               xf.shape, np.float32, OK, np.tril(xf))
    # ReverseSequence.
    x = rng.standard_normal((4, 3, 2)).astype(np.float32)
    lens = np.array([4, 1, 0], np.int64)
    yield Case("reverse_sequence f32 time 0 batch 1", 5, [1, 0],
               [View(x), View(lens)], x.shape, np.float32, OK,
               reverse_sequence_ref(x, lens, 1, 0))
    x = rng.integers(-9, 9, (3, 5)).astype(np.int64)
    lens = np.array([2, 5, 3], np.int32)
    yield Case("reverse_sequence int64 batch 0 time 1", 5, [0, 1],
               [View(x), View(lens)], x.shape, np.int64, OK,
               reverse_sequence_ref(x, lens, 0, 1))
    yield Case("reverse_sequence length 6 of 5", 5, [0, 1],
               [View(x), View(np.array([2, 6, 3], np.int64))], x.shape,
               np.int64, ARGUMENT)
    # OneHot.
    idx = np.array([[0, -1, 9], [10, -11, 3]], np.int64)
    values = np.array([-1.5, 2.5], np.float32)
    for axis in (0, 1, 2):
        shape = list(idx.shape)
        shape.insert(axis, 10)
        yield Case("onehot int64 axis %d" % axis, 6, [axis],
                   [View(idx), None, View(values)], tuple(shape), np.float32,
                   OK, onehot_ref(idx, 10, values, axis))
    fidx = np.array([1.7, -2.2, 3.0], np.float32)
    ivalues = np.array([0, 7], np.int32)
    yield Case("onehot f32 indices int32 values depth tensor", 6, [1],
               [View(fidx), View(np.array([5.0], np.float32)),
                View(ivalues)], (3, 5), np.int32, OK,
               onehot_ref(fidx, 5, ivalues, 1))
    yield Case("onehot depth 4 where y's is 5", 6, [1],
               [View(fidx), View(np.array([4], np.int64)), View(ivalues)],
               (3, 5), np.int32, ARGUMENT)

    # Tile.
    x = rng.integers(-99, 99, (2, 3)).astype(np.int16)
    yield Case("tile int16 by 2, 3", 7, [], [View(x), None], (4, 9),
               np.int16, OK, np.tile(x, (2, 3)))
    xb = rng.integers(0, 2, (2, 1, 3)).astype(np.bool_)
    yield Case("tile bool by repeats 1, 4, 2", 7, [],
               [View(xb), View(np.array([1, 4, 2], np.int64))], (2, 4, 6),
               np.bool_, OK, np.tile(xb, (1, 4, 2)))
    xf = rng.standard_normal((3, 4)).astype(np.float32)
    yield Case("tile f32 strided by 3, 1", 7, [], [strided(xf, 2), None],
               (9, 4), np.float32, OK, np.tile(xf, (3, 1)))
    yield Case("tile repeats 2, 2 where y's are 2, 3", 7, [],
               [View(x), View(np.array([2, 2], np.int32))], (4, 9),
               np.int16, ARGUMENT)

    # Gather of other types than f32.
    for name, x, axis, idx in (
            ("int64 axis 0 (as f32 pairs)",
             rng.integers(-2**62, 2**62, (5, 3)).astype(np.int64), 0,
             [4, -1, 0, 2]),
            ("f64 axis 1 (as f32 pairs)", rng.standard_normal((3, 4)), 1,
             [3, -4, 1]),
            ("int32 axis 1 rank 3 (as f32)",
             rng.integers(-9999, 9999, (2, 4, 3)).astype(np.int32), 1,
             [1, 3, -2]),
            ("f16 axis 0 rows of 6 (as f32s)",
             rng.standard_normal((7, 6)).astype(np.float16), 0,
             [6, 0, -7, 3, 3]),
            ("f16 axis 0 rows of 5 (scalar)",
             rng.standard_normal((7, 5)).astype(np.float16), 0, [6, -1, 2]),
            ("int8 last axis (scalar)",
             rng.integers(-128, 128, (3, 9)).astype(np.int8), 1,
             [8, 0, -9, 4, 4, 1]),
            ("bool axis 1 rank 3 (scalar)",
             rng.integers(0, 2, (2, 3, 3)).astype(np.bool_), 1, [2, 0])):
        idx = np.array(idx, np.int32)
        ref = np.take(x, idx, axis)
        yield Case("gather " + name, 8, [axis], [View(x), View(idx)],
                   ref.shape, x.dtype, OK, ref)
    xu = rng.integers(0, 65535, (4, 6)).astype(np.uint16)
    yield Case("gather uint16 strided x (scalar)", 8, [0],
               [strided(xu, 1), View(np.array([3, 1], np.int32))], (2, 6),
               np.uint16, OK, np.take(xu, [3, 1], 0))
    yield Case("gather int8 index 3 of 3", 8, [0],
               [View(np.zeros((3, 2), np.int8)),
                View(np.array([0, 3], np.int32))], (2, 2), np.int8, ARGUMENT)

    # MaxUnpool: indices of MaxPool's input's shape, y that or larger.
    x = rng.standard_normal((2, 3, 2, 2)).astype(np.float32)
    flat = np.stack([rng.choice(16, 4, replace=False) for _ in range(6)])
    idx = flat.reshape(2, 3, 2, 2).astype(np.int64)
    ref = np.zeros((2, 3, 16), np.float32)
    for n in range(2):
        for c in range(3):
            ref[n, c, flat[n * 3 + c]] = x[n, c].reshape(-1)
    # MaxPool's Indices count over the whole input: n and c included.
    idx = idx + (np.arange(6) * 16).reshape(2, 3, 1, 1)
    yield Case("maxunpool f32 4x4", 9, [0, 0, 0, 0],
               [View(x), View(idx), None], (2, 3, 4, 4), np.float32, OK,
               ref.reshape(2, 3, 4, 4))
    big = np.zeros((2, 3, 5, 6), np.float32)
    big[:, :, :4, :4] = ref.reshape(2, 3, 4, 4)
    yield Case("maxunpool f32 4x4 into 5x6, output_shape checked", 9,
               [2, 3, 4, 4],
               [View(x), View(idx), View(np.array([2, 3, 5, 6], np.int64))],
               (2, 3, 5, 6), np.float32, OK, big)
    xi = rng.integers(-9, 9, (1, 1, 2)).astype(np.int16)
    yield Case("maxunpool int16 1-D", 9, [0, 0, 0, 0],
               [View(xi), View(np.array([[[4, 1]]], np.int32)), None],
               (1, 1, 5), np.int16, OK,
               np.array([[[0, xi[0, 0, 1], 0, 0, xi[0, 0, 0]]]], np.int16))
    yield Case("maxunpool index 5 of 5", 9, [0, 0, 0, 0],
               [View(xi), View(np.array([[[5, 1]]], np.int64)), None],
               (1, 1, 5), np.int16, ARGUMENT)
    yield Case("maxunpool output_shape not y's", 9, [0, 0, 0, 0],
               [View(xi), View(np.array([[[0, 1]]], np.int64)),
                View(np.array([1, 1, 6], np.int64))], (1, 1, 5), np.int16,
               ARGUMENT)


def main():
    args = batch_parser().parse_args()
    cs = list(cases(np.random.default_rng(39)))
    # The simulator's output: the refusals' messages.
    return run_batch(args, "indexing", b"ACINDX01", cs, echo=lambda out: out)


if __name__ == "__main__":
    sys.exit(main())
