#!/usr/bin/python3
"""ONNX's node tests (libonnx-testdata), every one of them run as it is
through accel-run: compile with accel-graphc, run on accel-sim --fast, and
hold each output to the reference's shape and element type, then its
values to accel-run's default criterion (ONNX's rtol 1e-3, atol 1e-7).
No input is rewritten and no operator left out. A test that fails gets
one line of why: accel-graphc's refusal ("node 'X' (Op): ..."), accel-run's
first MISMATCH line, a crash, or a timeout (--timeout, per test).

A second count, labelled as such, runs the tests that fail as they are
once more with their integer and bool configuration inputs (Pad's pads,
Expand's shape, Where's condition: int64, int32 or bool inputs with one
value in every data set, but Gather's indices) made initializers holding
that value, as a model exported with them constant has them.

Usage: conformance.py --build DIR [--docs FILE] [--expected FILE]
                      [--expected-constants FILE] [--expected-only]
                      [--jobs N] [--filter REGEX] [--timeout S] [--cache D]
  --expected FILE  the tests that must pass as they are (one name a line):
                   any of them failing makes the exit status 1; a test
                   passing that is not listed is printed ("NEW PASS") to be
                   added
  --expected-constants FILE
                   the tests that must pass, if not as they are then with
                   their configuration inputs made constants
  --expected-only  run only the listed tests and check that the suite
                   holds them all and its 932 tests (a quick check)
  --docs FILE      rewrites FILE (docs/conformance.md) with the results
                   and the second count
Ends with the line 'N of M pass as they are'."""
import argparse
import collections
import concurrent.futures
import glob
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

import onnx

NODE_TESTS = "/usr/share/libonnx-testdata/data/node"
# ONNX 1.12's node tests: --expected-only checks that the suite holds them.
SUITE_SIZE = 932
CONFIG_TYPES = {onnx.TensorProto.INT64, onnx.TensorProto.INT32,
                onnx.TensorProto.BOOL}


def suite():
    return sorted(d for d in os.listdir(NODE_TESTS)
                  if os.path.exists(os.path.join(NODE_TESTS, d, "model.onnx")))


def load(name):
    return onnx.load(os.path.join(NODE_TESTS, name, "model.onnx"),
                     load_external_data=False)


def operator(name, ops_of):
    """The operator a test is of: its model's one op type (Constants aside);
    an _expanded test's (a function's body) is its base test's."""
    if name.endswith("_expanded") and name[:-len("_expanded")] in ops_of:
        name = name[:-len("_expanded")]
    ops = ops_of[name]
    return ops[0] if len(ops) == 1 else "+".join(ops)


def op_types(m):
    ops = sorted({n.op_type for n in m.graph.node})
    return [o for o in ops if o != "Constant"] or ops


def run(build, path, cache, timeout):
    """(passed, reason): accel-run on the test directory path."""
    p = subprocess.Popen(
        [os.path.join(build, "bin", "accel-run"), "--fast", "--cache", cache,
         path], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True)
    try:
        out, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)  # accel-graphc or accel-sim too
        p.communicate()
        return False, "timeout: no result in %d s" % timeout
    if p.returncode == 0:
        return True, ""
    return False, re.sub(r"\S*model\.onnx: ", "", reason(p.returncode,
                                                          out, err))[:300]


def reason(status, out, err):
    """The first line of why accel-run failed."""
    text = err + out
    if status < 0:
        return "crash: accel-run killed by signal %d" % -status
    if "Traceback (most recent call last)" in err:
        return "crash: accel-run: " + err.strip().splitlines()[-1]
    if "Stack dump" in err or "PLEASE submit a bug report" in err:
        lines = [l for l in err.splitlines() if l.strip()]
        return "crash: accel-graphc: " + lines[0].strip()
    lines = [l.strip() for l in text.splitlines()
             if "error:" in l or l.rstrip().endswith("MISMATCH")]
    return lines[0] if lines else "exit status %d" % status


TYPE_NAMES = {v: k.lower() for k, v in onnx.TensorProto.DataType.items()}
CATEGORIES = [
    (r"node '[^']*' \(\S+\): not supported by accel-graphc",
     "operator not supported"),
    (r"node '[^']*' \(\S+\): reads integer graph input",
     "an integer input read at run time (not as Gather's indices)"),
    (r"is not a tensor \(sequences", "a sequence, map or optional value"),
    (r"has no static size|has no known shape",
     "a shape known only at run time"),
    (r"shape inference fails", "ONNX's shape inference fails"),
    (r"opset 0 of the default domain",
     "no opset of the default domain (training operators)"),
    (r"training_mode", "training mode"),
    (r"element type \S+ is not supported by accel\.",
     "an element type the op does not compute yet"),
    (r"a cast from \S+ to \S+ is not supported", "a cast not supported yet"),
    (r"must be a constant integer tensor",
     "a configuration input that is not a constant"),
    (r": element type \S+, expected \S+: MISMATCH", "wrong element type"),
    (r": shape .* expected .*: MISMATCH", "wrong shape"),
    (r"wrote \d+ elements, its shape .* MISMATCH", "wrong element count"),
    (r"worst abs error .* MISMATCH", "wrong values"),
    (r"failed on the simulator", "the program failed on the simulator"),
    (r"^timeout", "timeout"),
    (r"^crash", "crash"),
]


def category(name, note):
    """The kind of reason note is, for test name."""
    m = re.search(r"graph (input|output) '([^']*)' has (an )?element type",
                  note)
    if m:  # by ONNX's name of the type (accel-graphc's is 'other' for some)
        g = load(name).graph
        v = next(v for v in getattr(g, m.group(1)) if v.name == m.group(2))
        return "a graph %s of type %s" % (m.group(1), TYPE_NAMES.get(
            v.type.tensor_type.elem_type, "other"))
    for pattern, kind in CATEGORIES:
        if re.search(pattern, note):
            return kind
    note = re.sub(r"^accel-(graphc|run): error: (node '[^']*' \(\S+\): )?",
                  "", note)
    return re.sub(r"'[^']*'", "'...'", note)[:80]


def blocker(note, op):
    """The operator note refuses, else op (the test's)."""
    m = re.search(r"node '[^']*' \((\S+)\): ", note)
    return m.group(1) if m else op


def data_sets(path):
    return sorted(glob.glob(os.path.join(path, "test_data_set_*")))


def config_inputs(name, m):
    """The integer or bool graph inputs of test name with one value in
    every data set, but Gather's indices: [(index, name, value)]."""
    path = os.path.join(NODE_TESTS, name)
    inits = {i.name for i in m.graph.initializer}
    inputs = [v for v in m.graph.input if v.name not in inits]
    keep = []
    for k, v in enumerate(inputs):
        t = v.type.tensor_type.elem_type if v.type.HasField(
            "tensor_type") else 0
        uses = [(n.op_type, j) for n in m.graph.node
                for j, i in enumerate(n.input) if i == v.name]
        if t not in CONFIG_TYPES or (uses and all(
                u == ("Gather", 1) for u in uses)):
            continue
        values = [onnx.load_tensor(os.path.join(d, "input_%d.pb" % k))
                  for d in data_sets(path)]
        if values and all(x.SerializeToString() ==
                          values[0].SerializeToString() for x in values):
            keep.append((k, v.name, values[0]))
    return keep


def with_constants(name, consts, work):
    """A copy of test name in work with the inputs consts made initializers
    and left out of its data sets."""
    path = os.path.join(NODE_TESTS, name)
    m = onnx.load(os.path.join(path, "model.onnx"))
    names = {n for _, n, _ in consts}
    for _, n, value in consts:
        value.name = n
        m.graph.initializer.append(value)
    inputs = [v for v in m.graph.input if v.name not in names]
    del m.graph.input[:]
    m.graph.input.extend(inputs)
    onnx.save(m, os.path.join(work, "model.onnx"))
    dropped = {k for k, _, _ in consts}
    for d in data_sets(path):
        out = os.path.join(work, os.path.basename(d))
        os.makedirs(out)
        ins = sorted(glob.glob(os.path.join(d, "input_*.pb")),
                     key=lambda p: int(p.rsplit("_", 1)[1][:-3]))
        kept = [p for k, p in enumerate(ins) if k not in dropped]
        for n, p in enumerate(kept):
            shutil.copy(p, os.path.join(out, "input_%d.pb" % n))
        for p in glob.glob(os.path.join(d, "output_*.pb")):
            shutil.copy(p, out)
    return work


def run_with_constants(build, name, consts, cache, timeout):
    with tempfile.TemporaryDirectory() as work:
        return run(build, with_constants(name, consts, work), cache,
                   timeout)


def run_all(pool, jobs):
    """{name: result} of the calls jobs {name: (function, args)}."""
    futures = {pool.submit(f, *a): n for n, (f, a) in jobs.items()}
    return {futures[f]: f.result()
            for f in concurrent.futures.as_completed(futures)}


def table(header, rows):
    lines = ["| " + " | ".join(header) + " |",
             "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(c).replace("|", "\\|") for c in r) + " |"
              for r in rows]
    return "\n".join(lines) + "\n"


def write_docs(path, names, op_of, results, constants, seconds, jobs,
               measured):
    passed = [n for n in names if results[n][0]]
    failed = [n for n in names if not results[n][0]]
    with_consts = [n for n in failed if constants.get(n, (False,))[0]]
    total = len(names)
    kind = {n: category(n, results[n][1]) for n in failed}
    by_reason = collections.defaultdict(list)
    for n in failed:
        by_reason[kind[n]].append(n)
    by_op = collections.defaultdict(list)
    for n in names:
        by_op[op_of[n]].append(n)

    def counted(items):
        c = collections.Counter(items)
        return ", ".join("%s %d" % (o, k) for o, k in
                         sorted(c.items(), key=lambda x: (-x[1], x[0])))

    with open(path, "w") as f:
        f.write(
            "# ONNX node-test conformance\n\n"
            "Generated by `test/graph/conformance.py --docs` from "
            "libonnx-testdata %s's %d node tests, every one run as it is "
            "(no input rewritten, no operator left out) by `accel-run` "
            "(compile with accel-graphc, run on `accel-sim --fast`, hold "
            "each output to the reference's shape and element type, then "
            "its values within ONNX's rtol 1e-3, atol 1e-7). A failure's "
            "reason is its first error line. ctest's "
            "`onnx-node-conformance` holds the tests of "
            "`test/graph/conformance-expected-pass.txt` to passing. "
            "Measured at %s.\n\n"
            "**%d of %d pass as they are (%.1f %%).**\n\n"
            "A second count, not the one above: %d more pass once their "
            "integer and bool configuration inputs (int64, int32 or bool "
            "graph inputs with one value in every data set, but Gather's "
            "indices) are made constants, as models export Pad's pads or "
            "Expand's shape: **%d of %d with configuration inputs made "
            "constants** (\"passes with ... as constants\" below; "
            "`test/graph/conformance-expected-pass-constants.txt`).\n\n"
            "The whole run took %.0f s with --jobs %d.\n\n" % (
                onnx.__version__, total, measured, len(passed), total,
                100.0 * len(passed) / total, len(with_consts),
                len(passed) + len(with_consts), total, seconds, jobs))
        f.write("## What blocks the rest\n\n"
                "The %d failures by reason, with the operators they stop "
                "(the one accel-graphc's refusal names, else the test's):"
                "\n\n" % len(failed))
        f.write(table(["reason", "tests", "operators (tests)"], [
            (r, len(t), counted(blocker(results[n][1], op_of[n])
                                for n in t))
            for r, t in sorted(by_reason.items(),
                               key=lambda x: (-len(x[1]), x[0]))]))
        f.write("\nBy the operator each test is of (an _expanded test, "
                "a function's body, its operator's), most failures first:"
                "\n\n")
        rows = []
        for op, tests in by_op.items():
            bad = [n for n in tests if not results[n][0]]
            if bad:
                rows.append((op, len(bad), len(tests) - len(bad),
                             counted(kind[n] for n in bad)))
        rows.sort(key=lambda r: (-r[1], r[0].lower()))
        f.write(table(["operator", "fail", "pass", "reasons (tests)"], rows))
        f.write("\n## Every test, by operator\n\n")
        rows = []
        for op in sorted(by_op, key=str.lower):
            for n in by_op[op]:
                ok, note = results[n]
                if n in constants:
                    note += " (%s with %s as constants)" % (
                        "passes" if constants[n][0] else "fails too",
                        ", ".join("'%s'" % c for c in constants[n][2]))
                rows.append((op, n, "pass" if ok else "FAIL", note))
        f.write(table(["operator", "test", "result", "reason"], rows))


def revision():
    """The source tree's commit, and whether it has changes."""
    r = subprocess.run(["git", "-C", os.path.dirname(os.path.abspath(
        __file__)), "describe", "--always", "--dirty"],
        capture_output=True, text=True)
    return ("commit " + r.stdout.strip().replace("-dirty", " (with changes "
            "not committed)")) if r.returncode == 0 else "an unknown commit"


def read_list(path):
    with open(path) as f:
        return {l.strip() for l in f if l.strip() and l[0] != "#"}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", required=True)
    ap.add_argument("--docs")
    ap.add_argument("--expected")
    ap.add_argument("--expected-constants")
    ap.add_argument("--expected-only", action="store_true")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--filter", default="")
    ap.add_argument("--timeout", type=int, default=300,
                    help="seconds per test (default %(default)s)")
    ap.add_argument("--cache", help="accel-run's cache of compiled tests "
                    "(default BUILD/conformance-cache)")
    args = ap.parse_args()
    build = os.path.abspath(args.build)
    cache = args.cache or os.path.join(build, "conformance-cache")
    if args.expected_only and (not args.expected or args.docs):
        ap.error("--expected-only needs --expected and no --docs")

    expected = read_list(args.expected) if args.expected else None
    expected_consts = (read_list(args.expected_constants)
                       if args.expected_constants else set())
    everything = suite()
    problems = []
    if args.expected_only:
        if len(everything) != SUITE_SIZE:
            problems.append("the suite holds %d node tests, not %d" % (
                len(everything), SUITE_SIZE))
        problems += ["%s: no such node test" % n for n in sorted(
            (expected | expected_consts) - set(everything))]
    names = [n for n in everything if re.search(args.filter, n) and (
        not args.expected_only or n in expected or n in expected_consts)]

    tools = [os.path.join(build, "bin", t) for t in
             ("accel-run", "accel-graphc", "accel-sim")]
    stamps = [os.stat(t).st_mtime for t in tools]
    measured = revision()
    start = time.time()
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        results = run_all(pool, {n: (run, (
            build, os.path.join(NODE_TESTS, n), cache, args.timeout))
            for n in names})
        consts_of = {}
        for n in names:
            if not results[n][0] and (args.docs or n in expected_consts):
                c = config_inputs(n, load(n))
                if c:
                    consts_of[n] = c
        constants = run_all(pool, {n: (run_with_constants, (
            build, n, c, cache, args.timeout))
            for n, c in consts_of.items()})
        constants = {n: r + ([name for _, name, _ in consts_of[n]],)
                     for n, r in constants.items()}
    seconds = time.time() - start

    for n in names:
        ok, note = results[n]
        if n in constants:
            note += " (%s with constants)" % (
                "passes" if constants[n][0] else "fails too")
        print("%-60s %s %s" % (n, "pass" if ok else "FAIL", note))
    passed = sum(results[n][0] for n in names)
    for n in names:
        ok = results[n][0]
        if expected is not None:
            if n in expected and not ok:
                problems.append("%s was expected to pass: %s" % (
                    n, results[n][1]))
            if n not in expected and ok:
                print("NEW PASS: %s (add it to %s)" % (n, args.expected))
        if n in expected_consts and not ok and not constants.get(
                n, (False,))[0]:
            problems.append("%s was expected to pass with constants: %s" % (
                n, constants[n][1] if n in constants else
                "no configuration input to make constant"))
        if (args.expected_constants and n not in expected_consts and
                constants.get(n, (False,))[0]):
            print("NEW PASS with constants: %s (add it to %s)" % (
                n, args.expected_constants))
    for p in problems:
        print("REGRESSION: " + p)
    changed = [t for t, m in zip(tools, stamps) if os.stat(t).st_mtime != m]
    if changed:  # a build replaced a tool: the results mix two builds
        print("error: %s changed during the run: run again" % ", ".join(
            changed))
        problems.append("the build changed")
    elif args.docs:
        ops_of = {n: op_types(load(n)) for n in everything}
        op_of = {n: operator(n, ops_of) for n in names}
        write_docs(args.docs, names, op_of, results, constants, seconds,
                   args.jobs, measured)
        print("%d more pass with configuration inputs made constants" %
              sum(r[0] for r in constants.values()))
    print("%d of %d pass as they are (%.0f s)" % (passed, len(names),
                                                   seconds))
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
