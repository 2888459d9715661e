"""Runs the data-movement kernels (accel_transpose, accel_concat,
accel_split, accel_slice, accel_pad, accel_gather) on accel-sim against
numpy: np.transpose, np.concatenate, np.split, basic slicing, np.pad and
np.take.

  movement_check.py --sim "accel-sim [options]" --driver movement_driver.elf
                    --dir DIR [--set all|transpose|concat|split|slice|pad|
                                     gather|big] [--only TEXT]

All the cases of a set go into one memory image (movement_driver.c's case
file), each case in its own range: the inputs' views hold random f32 values
and NaN around them (padding, the gaps of strided views, guards), the
outputs' a sentinel around them. The kernels copy bits, so the check is
exact: after the run, each case's whole range must equal, bit for bit, the
inputs as they were and the outputs' buffers with numpy's result in the
views and the sentinel everywhere else. It prints one line per case and a
summary "N cases, F failures" (check_runner.py).
"""
import itertools
import os
import struct
import sys
import zlib

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_runner import (SENTINEL, DriverRun, chosen_cases,  # noqa: E402
                          parser, report, summary)

GUARD = 5
TRANSPOSE, CONCAT, SPLIT, SLICE, PAD, GATHER, GATHER_SPM = range(7)
PAD_MODES = {"constant": 0, "reflect": 1, "edge": 2}


def strides_of(dims, layout):
    """Element strides of a view of dims laid out as layout says:
    "contig" (row-major), "padded" (rows of 3 more, gaps between outer
    slices), "step2" (every other element), "colmajor" (the first
    dimension innermost, with gaps)."""
    rank = len(dims)
    s = [0] * rank
    if layout == "colmajor":
        span = 1
        for d in range(rank):
            s[d] = span
            span = span * max(dims[d], 1) + 1
        return s
    inner, gap = {"contig": (1, 0), "padded": (1, 3), "step2": (2, 1)}[layout]
    span = inner
    for d in reversed(range(rank)):
        s[d] = span
        span = span * max(dims[d], 1) + gap
    return s


class Image:
    """The memory image: 4-byte words; records the ops."""

    def __init__(self):
        self.words = []  # arrays appended in order
        self.size = 0
        self.ops = []

    def alloc(self, n, fill):
        a = np.full(n, fill, dtype=np.float32)
        off = self.size
        self.words.append(a)
        self.size += n
        return off, a

    def tensor(self, dims, layout, fill):
        """A view in a buffer of its own: (record, buffer array, index
        array of the view's elements into the buffer)."""
        s = strides_of(dims, layout)
        last = sum((d - 1) * st for d, st in zip(dims, s)) if all(dims) else 0
        length = GUARD + last + 1 + GUARD
        off, buf = self.alloc(length, fill)
        idx = GUARD + sum(np.arange(d).reshape([-1 if e == i else 1
                                                for e in range(len(dims))])
                          * st for i, (d, st) in enumerate(zip(dims, s)))
        idx = np.broadcast_to(np.asarray(idx), tuple(dims))
        rec = [len(dims)] + list(dims) + [0] * (6 - len(dims)) + s + \
            [0] * (6 - len(dims)) + [off + GUARD]
        return rec, buf, idx

    def write(self, path):
        with open(path, "wb") as f:
            f.write(b"MOVECAS1")
            f.write(struct.pack("<2q", self.size, len(self.ops)))
            for a in self.words:
                f.write(a.tobytes())
            for op in self.ops:
                f.write(struct.pack("<%dq" % len(op), *op))


class Case:
    """One kernel call: makes its buffers in the image and the expected
    contents of its range."""

    def __init__(self, name):
        self.title = name
        self.rng = np.random.default_rng(zlib.crc32(name.encode()))

    def name(self):
        return self.title

    def input(self, img, dims, layout):
        rec, buf, idx = img.tensor(dims, layout, np.nan)
        vals = self.rng.uniform(-100, 100, dims).astype(np.float32)
        buf[idx] = vals
        return rec, vals

    def output(self, img, dims, layout, value):
        rec, buf, idx = img.tensor(dims, layout, SENTINEL)
        self.fills.append((buf, idx, np.asarray(value, dtype=np.float32)))
        return rec

    def build(self, img):
        self.fills = []
        self.begin = img.size
        self.first = len(img.words)
        op = self.make(img)
        img.ops.append(op)
        self.end = img.size
        # The expected range: the inputs as they are, outputs filled.
        expect = np.concatenate(img.words[self.first:]).copy() \
            if img.size > self.begin else np.zeros(0, np.float32)
        at = {id(a): o for a, o in zip(img.words[self.first:], offsets(
            img.words[self.first:], self.begin))}
        for buf, idx, value in self.fills:
            base = at[id(buf)] - self.begin
            expect[base + idx] = value
        self.expect = expect


def offsets(arrays, start):
    out = []
    for a in arrays:
        out.append(start)
        start += len(a)
    return out


def shape_name(dims):
    return "x".join(map(str, dims)) if dims else "scalar"


def perm_name(p):
    return "(" + ",".join(map(str, p)) + ")"


class Transpose(Case):
    def __init__(self, dims, perm, lx="contig", ly="contig"):
        self.dims, self.perm, self.lx, self.ly = dims, perm, lx, ly
        super().__init__("transpose %s perm=%s x:%s y:%s" % (
            shape_name(dims), perm_name(perm) if perm is not None
            else "null", lx, ly))

    def make(self, img):
        xr, x = self.input(img, self.dims, self.lx)
        y = np.transpose(x, self.perm)
        yr = self.output(img, y.shape, self.ly, y)
        perm = list(self.perm) if self.perm is not None else []
        return [TRANSPOSE] + xr + yr + [int(self.perm is not None)] + \
            perm + [0] * (6 - len(perm))


class Parts(Case):
    """concat (the parts are inputs) or split (outputs)."""

    def __init__(self, kind, dims, axis, sizes, lw="contig", lp="contig"):
        self.kind, self.dims, self.axis, self.sizes = kind, dims, axis, sizes
        self.lw, self.lp = lw, lp
        super().__init__("%s %s axis=%d sizes=%s whole:%s parts:%s" % (
            "concat" if kind == CONCAT else "split",
            shape_name(dims), axis, perm_name(sizes), lw, lp))

    def part_dims(self, n):
        d = list(self.dims)
        d[self.axis] = n
        return d

    def make(self, img):
        recs = []
        if self.kind == CONCAT:
            xs = []
            for n in self.sizes:
                r, v = self.input(img, self.part_dims(n), self.lp)
                recs.append(r)
                xs.append(v)
            y = np.concatenate(xs, self.axis)
            whole = self.output(img, y.shape, self.lw, y)
        else:
            whole, x = self.input(img, self.dims, self.lw)
            cuts = list(itertools.accumulate(self.sizes))[:-1]
            for n, part in zip(self.sizes, np.split(x, cuts, self.axis)):
                recs.append(self.output(img, self.part_dims(n), self.lp, part))
        return [self.kind, len(self.sizes), self.axis] + whole + sum(recs, [])


class Slice(Case):
    def __init__(self, dims, start, step, lx="contig", ly="contig",
                 counts=None):
        self.dims, self.start, self.step = dims, start, step
        self.lx, self.ly = lx, ly
        super().__init__("slice %s start=%s step=%s x:%s y:%s" % (
            shape_name(dims),
            perm_name(start) if start is not None else "null",
            perm_name(step) if step is not None else "null", lx, ly))

    def make(self, img):
        xr, x = self.input(img, self.dims, self.lx)
        rank = len(self.dims)
        start = self.start or [0] * rank
        step = self.step or [1] * rank
        idx = []
        for n, a, s in zip(self.dims, start, step):
            # numpy's a::s stops at the edge; with a negative step, -1 as a
            # stop would mean the last element, so None.
            idx.append(slice(a, None, s))
        y = x[tuple(idx)]
        yr = self.output(img, y.shape, self.ly, y)
        return [SLICE] + xr + yr + \
            [int(self.start is not None)] + start + [0] * (6 - rank) + \
            [int(self.step is not None)] + step + [0] * (6 - rank)


class Pad(Case):
    def __init__(self, dims, widths, mode, value=0.0, lx="contig",
                 ly="contig"):
        self.dims, self.widths, self.mode = dims, widths, mode
        self.value, self.lx, self.ly = np.float32(value), lx, ly
        super().__init__("pad %s widths=%s %s%s x:%s y:%s" % (
            shape_name(dims), perm_name(widths), mode,
            "(%g)" % value if mode == "constant" else "", lx, ly))

    def make(self, img):
        xr, x = self.input(img, self.dims, self.lx)
        pairs = [(self.widths[2 * d], self.widths[2 * d + 1])
                 for d in range(len(self.dims))]
        if not pairs:  # numpy's pad takes no widths for a scalar
            y = x.copy()
        elif self.mode == "constant":
            y = np.pad(x, pairs, "constant", constant_values=self.value)
        else:
            y = np.pad(x, pairs, self.mode)
        yr = self.output(img, y.shape, self.ly, y)
        bits = struct.unpack("<i", struct.pack("<f", self.value))[0]
        w = list(self.widths) + [0] * (12 - len(self.widths))
        return [PAD] + xr + yr + [PAD_MODES[self.mode], bits] + w


class Gather(Case):
    def __init__(self, dims, axis, indices, lx="contig", ly="contig",
                 spm=False):
        self.dims, self.axis, self.indices = dims, axis, indices
        self.lx, self.ly, self.spm = lx, ly, spm
        shown = perm_name(indices) if len(indices) <= 8 else \
            "%d indices" % len(indices)
        super().__init__("gather %s axis=%d %s x:%s y:%s%s" % (
            shape_name(dims), axis, shown, lx, ly,
            " (scratchpad indices, run checked)" if spm else ""))

    def make(self, img):
        xr, x = self.input(img, self.dims, self.lx)
        ind = np.asarray(self.indices, dtype=np.int32)
        at, buf = img.alloc(len(ind) + 1, np.nan)
        buf.view(np.int32)[:len(ind)] = ind
        y = np.take(x, ind, self.axis)
        yr = self.output(img, y.shape, self.ly, y)
        return [GATHER_SPM if self.spm else GATHER] + xr + yr + [
            self.axis, len(ind), at]


SIZES = [1, 15, 16, 17, 3, 7]
LAYOUTS = ["contig", "padded", "step2", "colmajor"]


def dims_for(rank, k):
    """Dims of a rank, varied by k, with few elements in all at rank 6."""
    pool = SIZES if rank <= 3 else [1, 2, 3, 5]
    return [pool[(k * 7 + d * 3) % len(pool)] for d in range(rank)]


def transposes():
    for d in [[1, 1], [15, 17], [16, 16], [17, 33], [1, 37], [37, 1],
              [13, 64], [0, 5]]:
        yield Transpose(d, (1, 0))
    yield Transpose([17, 19], None, "padded", "step2")
    yield Transpose([16, 31], (1, 0), "colmajor", "padded")
    yield Transpose([23], (0,), "step2", "contig")
    yield Transpose([], ())
    # Many small matrices, each a row picked in the scratchpad.
    yield Transpose([40, 16, 16], (0, 2, 1))
    yield Transpose([17, 3, 7], (0, 2, 1), "padded", "contig")
    for rank in range(1, 7):
        for k in range(3):
            perms = list(itertools.permutations(range(rank)))
            perm = perms[(k * 5 + 1) % len(perms)]
            yield Transpose(dims_for(rank, k), perm, LAYOUTS[k % 4],
                            LAYOUTS[(k + rank) % 4])
        yield Transpose(dims_for(rank, 3), None)


def parts(kind):
    yield Parts(kind, [17], 0, [17])
    yield Parts(kind, [32], 0, [15, 17])
    yield Parts(kind, [16, 15], 0, [1, 0, 15], "padded", "step2")
    yield Parts(kind, [16, 15], 1, [7, 8], "step2", "padded")
    yield Parts(kind, [5, 33], 1, [16, 17], "contig", "colmajor")
    for rank in range(1, 7):
        for axis in range(rank):
            dims = dims_for(rank, axis)
            dims[axis] = 6
            yield Parts(kind, dims, axis, [1, 2, 3], LAYOUTS[axis % 4],
                        LAYOUTS[(axis + 1) % 4])
    yield Parts(kind, [2, 3], 1, [1] * 3 + [0] * 250 + [0])
    # Copies of 8 KiB to 64 KiB as one transfer, over the four channels
    # (move_plan.c): a decoding step's key cache and its new row (two rows
    # split by bursts), rows not a burst's multiple, and 40 rows split by
    # rows.
    yield Parts(kind, [1, 2, 128, 64], 2, [127, 1])
    yield Parts(kind, [3, 3001], 1, [2999, 2])
    yield Parts(kind, [40, 100], 1, [90, 10])


def slices():
    yield Slice([17], [0], [1])
    yield Slice([17], [16], [-1])
    yield Slice([17], [2], [3], "step2", "padded")
    yield Slice([16, 17], [15, 0], [-2, 1])
    yield Slice([16, 17], [1, 16], [5, -4], "padded", "colmajor")
    yield Slice([15, 16], None, None, "colmajor", "contig")
    yield Slice([15, 16], [3, 4], None)
    yield Slice([15, 16], None, [-1, -1])
    yield Slice([7, 7], [7 - 1, 0], [1, 100])
    yield Slice([], [], [])
    # A step along the last axis, both sides contiguous along it: x's rows
    # picked in the scratchpad (a reversal, steps; rows longer than its
    # buffers in blocks of columns; a long single row in rows and a rest).
    yield Slice([40, 300], [1, 299], [2, -1])
    yield Slice([33, 100], [0, 3], [1, 4])
    yield Slice([5000], [1], [2])
    yield Slice([20, 8000], [0, 7999], [1, -2])
    yield Slice([3, 18, 50], [2, 0, 49], [-1, 1, -3], "padded", "contig")
    for rank in range(1, 7):
        for k in range(2):
            dims = dims_for(rank, k + 1)
            start = [(n - 1) if (d + k) % 2 else n // 3
                     for d, n in enumerate(dims)]
            step = [-1 - (d % 2) if (d + k) % 2 else 1 + (d % 3)
                    for d in range(rank)]
            yield Slice(dims, start, step, LAYOUTS[k + 1], LAYOUTS[rank % 4])


def pads():
    for mode in ["constant", "edge", "reflect"]:
        yield Pad([17], [3, 5], mode, 2.5)
        yield Pad([1], [0, 0], mode)
        yield Pad([15, 16], [2, 0, 0, 15], mode, -1.0, "padded", "step2")
        yield Pad([16, 17], [15, 1, 3, 16], mode, 0.0, "colmajor", "padded")
        yield Pad([3, 5, 7], [1, 2, 2, 1, 0, 6], mode, 7.0)
        for rank in range(1, 7):
            dims = [n + 2 for n in dims_for(rank, 1)]
            widths = [(d * 5 + e) % 3 for d in range(rank) for e in range(2)]
            yield Pad(dims, widths, mode, -3.5, LAYOUTS[rank % 4],
                      LAYOUTS[(rank + 1) % 4])
    yield Pad([4, 0], [1, 1, 2, 3], "constant", 9.0)
    yield Pad([], [], "reflect")
    yield Pad([2, 2], [1, 1, 1, 1], "constant", float("-inf"))
    yield Pad([1, 3], [0, 0, 5, 4], "edge")
    # The last axis padded in the scratchpad: a column of the border at a
    # time (16 rows an instruction, the rest one by one), a row at a time
    # (16 elements an instruction), the outer axes' borders after.
    yield Pad([50, 40], [1, 2, 2, 1], "edge", 0.0, "contig", "padded")
    yield Pad([37, 33], [0, 3, 3, 4], "reflect")
    yield Pad([40, 300], [2, 3, 40, 17], "reflect")
    yield Pad([3, 33, 70], [1, 0, 2, 1, 20, 5], "edge")
    yield Pad([2, 21, 40], [0, 1, 1, 1, 33, 16], "constant", 2.0)


def gathers():
    yield Gather([10], 0, [3, 3, 0, -1, 9, -10])
    yield Gather([17, 16], 0, [16, 0, 5])
    yield Gather([17, 16], 1, [15, 0, -16, 7], "padded", "colmajor")
    yield Gather([15, 3], 0, [], "contig", "padded")
    yield Gather([30, 768], 0, list(range(29, -1, -3)) + [5] * 7)
    # As a graph program calls it (an embedding's row; a last axis, whose
    # indices the kernel turns into offsets in its own copy).
    yield Gather([1024, 384], 0, [7], spm=True)
    yield Gather([30, 768], 0, [29, -30, 5], "padded", "contig", spm=True)
    yield Gather([3, 7, 64], 2, [63, 0, -1, 5], spm=True)
    # Along the last axis, x's rows picked in the scratchpad.
    yield Gather([50, 200], 1, [(i * 37) % 200 - (200 if i % 3 else 0)
                                for i in range(40)])
    yield Gather([3, 7, 64], 2, [63, 0, -1, 5, 5, 17, -64, 30, 31, 2])
    for rank in range(1, 7):
        for axis in range(rank):
            dims = dims_for(rank, axis + 2)
            n = dims[axis]
            yield Gather(dims, axis, [(i * 7) % n - (n if i % 2 else 0)
                                      for i in range(5)],
                         LAYOUTS[axis % 4], LAYOUTS[(axis + rank) % 4])


def bigs():
    # Larger than the 2 MiB scratchpad and the 1.75 MiB arena.
    yield Transpose([1024, 700], (1, 0))
    yield Transpose([3, 300, 700], (2, 0, 1), "contig", "padded")
    # Pitches of whole DRAM bursts on both sides: the tile stream, its
    # partial tiles at the edges of the burst grid, rows of tiles left
    # over from its groups, a first and last row of partial tiles.
    yield Transpose([528, 640], (1, 0))
    yield Transpose([48, 1056], (1, 0))
    yield Transpose([2, 256, 704], (0, 2, 1))
    # The fewest tiles a row the stream takes; rows longer than its slots
    # (in blocks of columns).
    yield Transpose([48, 320], (1, 0))
    yield Transpose([32, 4128], (1, 0))
    yield Parts(CONCAT, [600, 1024], 0, [300, 300])
    yield Parts(CONCAT, [600, 1024], 1, [512, 512])
    yield Parts(SPLIT, [3, 700, 512], 1, [100, 600], "padded", "contig")
    yield Slice([1000, 700], [999, 3], [-1, 2])
    yield Slice([1 << 20], [5], [1])
    yield Pad([700, 800], [3, 4, 1, 2], "reflect")
    yield Pad([700, 800], [3, 4, 1, 200], "constant", 1.0)
    yield Pad([700, 800], [0, 4, 30, 0], "edge")
    # Constant rows longer than the 16 KiB fill buffer, contiguous and not.
    yield Pad([3, 5000], [2, 1, 0, 0], "constant", 4.0)
    yield Pad([3, 5000], [2, 1, 3, 0], "constant", 4.0, "contig", "padded")
    yield Gather([3000, 768], 0, [(i * 997) % 3000 for i in range(700)])
    yield Gather([20, 70000], 1, [(i * 31) % 70000 for i in range(80000)])


SETS = {"transpose": transposes, "concat": lambda: parts(CONCAT),
        "split": lambda: parts(SPLIT), "slice": slices, "pad": pads,
        "gather": gathers, "big": bigs}


def main():
    args = parser(__doc__, SETS).parse_args()
    cases = chosen_cases(args, SETS)
    img = Image()
    for c in cases:
        c.build(img)
    run = DriverRun(args, "move-" + args.set)
    img.write(run.path(0))
    if run.run().problem:
        report("movement " + args.set, run.problem)
        run.finish(False)
        return summary(len(cases), len(cases))
    failed_ops = {}
    for line in run.output.splitlines():
        if line.startswith("op "):
            n, status = line[3:].split(": status ")
            failed_ops[int(n)] = status
    got = run.got()
    failures = 0
    for i, c in enumerate(cases):
        part = got[c.begin:c.end]
        bad = np.flatnonzero(part.view(np.uint32) != c.expect.view(np.uint32))
        problem = None
        if i in failed_ops:
            problem = "status %s" % failed_ops[i]
        elif len(bad):
            problem = "%d words differ, first at %d: %r, expected %r" % (
                len(bad), bad[0], part[bad[0]], c.expect[bad[0]])
        failures += not report(c.name(), problem)
    run.finish(not failures)
    return summary(len(cases), failures)


if __name__ == "__main__":
    sys.exit(main())
