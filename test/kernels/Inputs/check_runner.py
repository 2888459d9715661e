"""What the kernel checkers (kernel_check.py, conv2d_check.py,
attention_check.py, norm_check.py, pool_check.py, elementwise_check.py,
batched_check.py, movement_check.py) share: their command line, running a
driver on accel-sim over a case file, the checks of the buffer it writes
back, and the lines they print.

  *_check.py --sim "accel-sim [options]" --driver DRIVER.elf --dir DIR
             [--set all|NAME] [--only TEXT]

A checker has sets of cases (SETS: a name -> a function returning the
cases); each case has name() and make(path), which writes the case file
the driver reads (the driver's comment has the format) and returns an
Output: the buffer the driver writes back as it was before the call, where
the kernel's view lies in it and what the view must hold. run_cases() runs
the driver on each case in DIR (the simulator's working directory, and so
its --fs-root) and prints one line a case, "<case> ok, ..." or
"<case> FAILED: ...", then "N cases, F failures"; the exit status is 1 if
any case failed. A failed case's files stay in DIR with a line to run it
again; a passing case's are removed (the big cases' are tens of MB).

The checks of an output buffer: everything outside the view (padding, the
gaps of strided views, guards before and after it; the checkers put a
sentinel there) must come back bit for bit, and every element of the view
must be within its bound of the float64 reference (the checkers'
docstrings derive the bounds).

The case files' tensor records (driver_io.h's) and tensors in buffers of
their own (Tensor) are made here too.

Two shapes of case share the runner too: Refusal, a case the kernel must
refuse (its one line, the driver's exit status 2, no output written), and
run_batch's, where the driver runs every case of one file in one run
(cast_check.py, det_check.py, resize_check.py, ...).
"""
import argparse
import json
import os
import shlex
import struct
import subprocess
import sys

import numpy as np

U = 2.0 ** -24  # f32's unit roundoff
SENTINEL = np.float32(-7777.25)  # what an output's buffer holds outside it


# ---------------------------------------------------------------- case files

def index_of(dims, strides, offset):
    """The positions in its buffer of a view's elements (strides and offset
    in elements): an integer array of shape dims."""
    idx = np.full(tuple(dims), offset, dtype=np.int64)
    for d, (n, s) in enumerate(zip(dims, strides)):
        shape = [1] * len(dims)
        shape[d] = n
        idx = idx + (np.arange(n) * s).reshape(shape)
    return idx


def record(dims, strides, offset, length, rank=6, flagged=True):
    """A tensor record of a case file (driver_io.h): present = 1 if
    flagged, len(dims), dims and strides padded to rank entries, offset,
    length."""
    pad = [0] * (rank - len(dims))
    words = [1] * flagged + [len(dims)] + list(dims) + pad + \
        list(strides) + pad + [offset, length]
    return struct.pack("<%dq" % len(words), *words)


def absent_record(rank=6):
    """A flagged record with present = 0: a null pointer."""
    return bytes(8 * (2 * rank + 4))


def layout(dims, kind):
    """(strides, offset, length) of a view of dims in a buffer: "contig"
    (row-major), "pad" (row-major, the last dimension padded by 3, guards of
    5 around), "rev" (dimension 0 fastest, padded by 2, guards), "inner"
    (every other element of the last dimension, rows padded by 1),
    "nhwc" (rank 4: channels fastest, guards)."""
    rank = len(dims)
    if kind == "contig":
        strides, stride = [0] * rank, 1
        for d in reversed(range(rank)):
            strides[d], stride = stride, stride * dims[d]
        return strides, 0, max(stride, 1)
    if kind == "nhwc":
        order = [1, 3, 2, 0]
        pads = {}
    elif kind == "rev":
        order = list(range(rank))
        pads = {0: 2}
    else:
        order = list(reversed(range(rank)))
        pads = {rank - 1: 3} if kind == "pad" else {rank - 1: 1}
    strides, stride = [0] * rank, 1
    step = 2 if kind == "inner" else 1
    for i, d in enumerate(order):
        s = stride * (step if i == 0 else 1)
        strides[d] = s
        stride = s * dims[d] + pads.get(d, 0)
    guard = 5
    last = sum((n - 1) * s for n, s in zip(dims, strides)) if all(dims) else 0
    return strides, guard, guard + last + 1 + guard


class Tensor:
    """values (f32) in a buffer of their own, laid out as kind (layout())
    with fill around them: strides, offset, length, buffer and index (the
    view's positions in the buffer)."""

    def __init__(self, values, kind="contig", fill=np.nan):
        self.values = np.asarray(values, dtype=np.float32)
        dims = self.values.shape
        self.strides, self.offset, self.length = layout(dims, kind)
        self.buffer = np.full(self.length, fill, dtype=np.float32)
        self.index = index_of(dims, self.strides, self.offset)
        if self.values.size:
            self.buffer[self.index] = self.values

    def record(self, flagged=True):
        return record(self.values.shape, self.strides, self.offset,
                      self.length, flagged=flagged)


# ---------------------------------------------------------------- checks

class Output:
    """The buffer a driver writes back, as a case expects it.

    before: the buffer (f32) as the case file gave it; index: the positions
    in it of the view's elements (an integer array of the view's shape);
    ref: the float64 reference of the view; bound: each element's
    tolerance (0 asks for exactness; see errors_in_bounds), or instead
    errors: a function from the view's values to each one's error in units
    of its bound; what: the tensor's name in messages; detail: a function
    from the worst element's index to more words for a failure's message."""

    def __init__(self, before, index, ref=None, bound=None, errors=None,
                 what="y", detail=None):
        self.before, self.index = before, np.asarray(index, np.int64)
        self.ref, self.bound, self.errors = ref, bound, errors
        self.what, self.detail = what, detail


def errors_in_bounds(got, ref, bound):
    """Each element's error in units of its bound: 0 where got is exactly
    ref (NaN where ref is NaN, the same infinity), infinite where got is
    NaN and ref is not; a bound of 0 or NaN asks for exactness."""
    got = np.asarray(got).astype(np.float64)
    bound = np.nan_to_num(bound, nan=0.0)
    with np.errstate(all="ignore"):
        err = np.abs(got - ref)
        same = (err == 0) | (np.isnan(got) & np.isnan(ref)) | \
            (np.isinf(ref) & (got == ref))
        ratio = np.where(same, 0.0, err / bound)
    return np.where(np.isnan(ratio), np.inf, ratio)


def check_output(got, out):
    """(None, note) if got, the buffer the driver wrote, is what out
    expects; (problem, None) if not."""
    before, index = out.before, out.index
    if got.shape != before.shape:
        return "%d elements out, expected %d" % (got.size, before.size), None
    outside = np.ones(got.size, dtype=bool)
    outside[index.ravel()] = False
    changed = np.flatnonzero(outside & (got.view(np.uint32)
                                        != before.view(np.uint32)))
    if changed.size:
        e = changed[0]
        return ("%d elements of %s's buffer outside the view changed, the "
                "first at %d: %r (was %r)" % (changed.size, out.what, e,
                                              got[e], before[e])), None
    if index.size == 0:
        return None, "empty"
    values = np.asarray(got[index])
    ratio = out.errors(values) if out.errors else \
        errors_in_bounds(values, out.ref, out.bound)
    worst = np.unravel_index(np.argmax(ratio), ratio.shape)
    bad = int(np.count_nonzero(ratio > 1.0))
    if bad:
        return ("%d of %d elements outside the bound; worst %s[%s] = %r, "
                "reference %r (%.3g of its bound)%s"
                % (bad, ratio.size, out.what, ", ".join(map(str, worst)),
                   values[worst], out.ref[worst], ratio[worst],
                   out.detail(worst) if out.detail else "")), None
    return None, "worst %.3g of bound" % ratio[worst]


# ---------------------------------------------------------------- running

def simulator(args):
    """args.sim as a command; a path to the simulator is made absolute (the
    driver runs in args.dir)."""
    sim = shlex.split(args.sim)
    if os.sep in sim[0]:  # a path: from here, not from args.dir
        sim[0] = os.path.abspath(sim[0])
    return sim


def parser(doc, sets):
    """The command line of a checker whose docstring is doc."""
    ap = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    ap.add_argument("--sim", required=True,
                    help="the simulator command, e.g. 'accel-sim --fast'")
    ap.add_argument("--driver", required=True, help="the driver executable")
    ap.add_argument("--dir", required=True,
                    help="working directory for the case files")
    ap.add_argument("--set", default="all", choices=["all"] + list(sets))
    ap.add_argument("--only", help="run only the cases whose name has this")
    return ap


def chosen_cases(args, sets):
    """The cases of the sets args names (all, in order), --only's."""
    names = list(sets) if args.set == "all" else [args.set]
    cases = [c for s in names for c in sets[s]()]
    if args.only:
        cases = [c for c in cases if args.only in c.name()]
    return cases


def region_stats(path):
    """", N cycles, matrix utilization U" of the driver's accel_region (in
    the simulator's --stats-json file at path), or "" without one."""
    try:
        with open(path) as f:
            s = json.load(f)
    except (OSError, ValueError):
        return ""
    s = s.get("region", {})
    if "cycles" not in s:
        return ""
    return ", %d cycles, matrix utilization %.3f" % (
        s["cycles"], s.get("matrix_utilization", 0.0))


class DriverRun:
    """The driver run on stem.in in args.dir, writing stem.out (and the
    simulator stem.json); problem says what went wrong, if anything."""

    def __init__(self, args, stem):
        self.dir = args.dir
        os.makedirs(self.dir, exist_ok=True)
        self.files = [stem + e for e in (".in", ".out", ".json")]
        self.cmd = simulator(args) + ["--stats-json=" + self.files[2],
                          os.path.abspath(args.driver)] + self.files[:2]
        self.output, self.problem = "", None

    def path(self, i):
        return os.path.join(self.dir, self.files[i])

    def run(self):
        if os.path.exists(self.path(1)):
            os.unlink(self.path(1))
        p = subprocess.run(self.cmd, cwd=self.dir, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, universal_newlines=True)
        self.output = p.stdout
        if p.returncode != 0:
            self.problem = "the simulator exited with %d:\n%s" % (
                p.returncode, p.stdout.rstrip())
        return self

    def got(self):
        """The buffer the driver wrote."""
        return np.fromfile(self.path(1), dtype="<f4")

    def stats(self):
        return region_stats(self.path(2))

    def finish(self, ok):
        """Removes the files of a passing run; says how to repeat a
        failing one."""
        if not ok:
            print("  reproduce: cd %s && %s" % (
                shlex.quote(self.dir), " ".join(map(shlex.quote, self.cmd))))
            return
        for i in range(3):
            if os.path.exists(self.path(i)):
                os.unlink(self.path(i))


def report(name, problem, note=""):
    """The line of one case; True if it passed."""
    if problem is None:
        print("%s ok%s" % (name, ", " + note if note else ""))
    else:
        print("%s FAILED: %s" % (name, problem))
    sys.stdout.flush()
    return problem is None


def summary(cases, failures):
    """The last line; the exit status."""
    print("%d cases, %d failures" % (cases, failures))
    return 1 if failures else 0


class Refusal:
    """A case the kernel must refuse, named name: made as case makes it
    (without a reference), the driver must exit with status 2 (the kernel's
    refusal) and write no output; the simulator's lines that start with
    "<kernel>:" are printed, for the test to check."""

    def __init__(self, case, kernel, name):
        self.case, self.kernel, self.label = case, kernel, name

    def name(self):
        return self.label

    def run(self, args, stem):
        r = DriverRun(args, stem)
        self.case.make(r.path(0), with_reference=False)
        r.run()
        for line in r.output.splitlines():
            if line.startswith(self.kernel + ":"):
                print(line)
        problem = None
        if "exited with 2" not in (r.problem or ""):
            problem = "the driver did not report a refusal: %s" % r.problem
        elif os.path.exists(r.path(1)):
            problem = "y written"
        ok = report(self.name(), problem)
        r.finish(ok)
        return ok


def run_case(case, stem, args):
    """Runs and checks one case (a case with its own run(), a Refusal,
    runs itself); True if it passed."""
    if hasattr(case, "run"):
        return case.run(args, stem)
    r = DriverRun(args, stem)
    out = case.make(r.path(0))
    problem = r.run().problem
    note = None
    if problem is None:
        problem, note = check_output(r.got(), out)
    ok = report(case.name(), problem, note and note + r.stats())
    r.finish(ok)
    return ok


def run_cases(args, cases, prefix):
    """Runs each case on the driver (its files prefix000.in, ...); prints
    its line and the summary; returns the exit status."""
    failures = sum(not run_case(c, "%s%03d" % (prefix, n), args)
                   for n, c in enumerate(cases))
    return summary(len(cases), failures)


def main(doc, sets, prefix):
    """A checker's whole main: the command line, then run_cases."""
    args = parser(doc, sets).parse_args()
    return run_cases(args, chosen_cases(args, sets), prefix)


# ---------------------------------------------------------------- batches

def batch_parser():
    """The command line of a checker that runs its cases in one driver run
    (run_batch): --sim, --driver and --dir; the checker adds its own."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--sim", required=True)
    ap.add_argument("--driver", required=True)
    ap.add_argument("--dir", required=True)
    return ap


def run_batch(args, stem, magic, cases, write=None, echo=None,
              echo_on_failure=False):
    """Runs the driver once over every case: writes args.dir/stem.in (the 8
    bytes of magic, the int64 count of cases, then each case's record(), or
    write(case)), runs the driver on it and stem.out, and checks each
    case's part of stem.out: the int64 status, then the rest of the
    case's out_bytes() (status included), by case.check(status, rest).
    Prints echo(the simulator's output) first if echo is given, one line a
    case, the summary, then the simulator's output if a case failed and
    echo_on_failure. Returns the exit status."""
    os.makedirs(args.dir, exist_ok=True)
    path = os.path.join(args.dir, stem)
    with open(path + ".in", "wb") as f:
        f.write(magic + struct.pack("<q", len(cases)))
        for c in cases:
            f.write(write(c) if write else c.record())
    if os.path.exists(path + ".out"):
        os.unlink(path + ".out")
    p = subprocess.run(simulator(args) + [os.path.abspath(args.driver),
                                          stem + ".in", stem + ".out"],
                       cwd=args.dir, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, universal_newlines=True)
    if p.returncode != 0:
        print("FAILED: the simulator exited with %d:\n%s" % (p.returncode,
                                                            p.stdout))
        return 1
    if echo:
        print(echo(p.stdout), end="")
    with open(path + ".out", "rb") as f:
        data = f.read()
    at, failures = 0, 0
    for c in cases:
        n = c.out_bytes()
        chunk = data[at:at + n]
        at += n
        problem = "no output" if len(chunk) < n else \
            c.check(struct.unpack("<q", chunk[:8])[0], chunk[8:])
        failures += problem is not None
        print("%s %s" % (c.name, "FAILED: " + problem if problem else "ok"))
    print("%d cases, %d failures" % (len(cases), failures))
    if failures and echo_on_failure:
        print(p.stdout)
    return 1 if failures else 0
