#!/usr/bin/env python3
"""libc++'s own conformance tests (libcxx/test/std of the llvm-toolchain-19
source) against our clang, our libc++ build and accel-sim: a slow suite,
not part of scripts/run-tests.sh.

Each *.pass.cpp is compiled with clang++ --target=accel and run on
accel-sim (functional mode: some tests run billions of cycles); it passes
when it compiles, links and exits with status 0. *.compile.pass.cpp tests
only need to compile (-fsyntax-only). The tests' own UNSUPPORTED, REQUIRES,
XFAIL and ADDITIONAL_COMPILE_FLAGS lines are evaluated with lit, against
the features of our configuration (kernels-c/libcxx/__config_site): no
threads, localization, file system, random device or time zone database,
no exceptions or RTTI. A test that includes a stream header (our #error
for no localization) counts as unsupported too.

Failures (compile errors, faults, non-zero exits, time-outs) are listed
with their output in --out/findings.txt; the exit status is 1 if there
are any.

Usage: run_std_tests.py [--build DIR] [--std c++23] [--opt -O2]
                        [--out DIR] [--timeout S] [DIR-UNDER-std ...]
e.g.   run_std_tests.py algorithms numerics/complex.number
"""
import argparse
import concurrent.futures
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import llvm_source  # noqa: E402

sys.path.insert(0, "/usr/lib/llvm-19/build/utils/lit")
from lit.BooleanExpression import BooleanExpression  # noqa: E402

# What libc++'s lit configuration would say of our build.
FEATURES = {
    "target=accel", "clang", "clang-19", "has-fconstexpr-steps",
    "stdlib=libc++", "stdlib=llvm-libc++", "libcpp-hardening-mode=none",
    "no-threads", "libcpp-has-no-threads", "no-localization", "no-fstream",
    "no-filesystem", "no-random-device", "no-tzdb", "no-experimental-tzdb",
    "no-monotonic-clock", "no-exceptions", "no-rtti", "executor-has-no-bash",
    # The parallel algorithms need -fexperimental-library in libc++ 19.
    "libcpp-has-no-incomplete-pstl",
}
NO_LOCALIZATION = "libc++ is built without localization support"
# Tests that fail by design, with the reason.
EXPECTED_FAILURES = {
    "std/numerics/cfenv/cfenv.syn/cfenv.pass.cpp":
        "wants every FE_* macro; C11 7.6 defines one only for what the "
        "machine supports, and accel has no exception flags and one "
        "rounding mode",
}


def directives(text, key):
    """The comma-separated expressions of every '// KEY:' line."""
    found = []
    for m in re.finditer(r"//\s*%s:(.*)" % key, text):
        found += [e.strip() for e in m.group(1).split(",") if e.strip()]
    return found


def holds(expression, features):
    return BooleanExpression.evaluate(expression, features)


def check(path, args, features):
    """(status, output): PASS, UNSUPPORTED, XFAIL, or a failure kind."""
    text = open(path, errors="replace").read()
    if any(holds(e, features) for e in directives(text, "UNSUPPORTED")) or \
            not all(holds(e, features) for e in directives(text, "REQUIRES")):
        return "UNSUPPORTED", ""
    xfail = any(holds(e, features) for e in directives(text, "XFAIL")) \
        or os.path.relpath(path, args.tests) in EXPECTED_FAILURES
    flags = []
    for m in re.finditer(r"//\s*ADDITIONAL_COMPILE_FLAGS(?:\((.*?)\))?:(.*)",
                         text):
        if m.group(1) is None or holds(m.group(1), features):
            flags += m.group(2).split()
    # _GNU_SOURCE: as clang++ on Linux, where these tests are written, so
    # that test support sees POSIX's posix_memalign in strict modes.
    compile_ = [os.path.join(args.build, "bin", "clang++"), "--target=accel",
                "-std=" + args.std, args.opt, "-w", "-D_GNU_SOURCE", "-I",
                os.path.join(args.tests, "support"), path] + flags
    name = os.path.relpath(path, args.tests).replace("/", "_")
    elf = os.path.join(args.out, "elf", name + ".elf")
    steps = [compile_ + ["-fsyntax-only"]] \
        if path.endswith(".compile.pass.cpp") else \
        [compile_ + ["-o", elf],
         [os.path.join(args.build, "bin", "accel-sim"), "--fast",
          "--max-cycles=%d" % (1 << 40), elf]]
    for step, cmd in enumerate(steps):
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True,
                                  errors="replace", timeout=args.timeout)
        except subprocess.TimeoutExpired:
            return "TIMEOUT", " ".join(cmd)
        output = proc.stdout + proc.stderr
        if proc.returncode != 0:
            if step == 0 and NO_LOCALIZATION in output:
                return "UNSUPPORTED", ""
            if xfail:
                return "XFAIL", ""
            kind = "COMPILE-FAIL" if step == 0 else "RUN-FAIL"
            return kind, "$ %s\n%s" % (" ".join(cmd), output[-3000:])
    return ("XPASS" if xfail else "PASS"), ""


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--std", default="c++23")
    ap.add_argument("--opt", default="-O2")
    ap.add_argument("--out", default="libcxx-findings")
    ap.add_argument("--timeout", type=int, default=600)
    ap.add_argument("--cache", default=os.path.expanduser(
        "~/.cache/accel-toolchain/src"))
    ap.add_argument("dirs", nargs="*", default=["algorithms"],
                    help="directories under libcxx/test/std")
    args = ap.parse_args()
    args.tests = llvm_source.extract(
        args.cache, "libcxx/test", os.path.join(args.build, "libcxx-tests"),
        parts=["std", "support"])
    os.makedirs(os.path.join(args.out, "elf"), exist_ok=True)
    features = FEATURES | {args.std}

    paths = []
    for d in args.dirs:
        for top, _, files in os.walk(os.path.join(args.tests, "std", d)):
            paths += [os.path.join(top, f) for f in files
                      if f.endswith(".pass.cpp")]
    paths.sort()
    counts = {}
    report = os.path.join(args.out, "findings.txt")
    with open(report, "w") as findings, \
            concurrent.futures.ThreadPoolExecutor(os.cpu_count()) as pool:
        results = pool.map(lambda p: check(p, args, features), paths)
        for path, (status, output) in zip(paths, results):
            counts[status] = counts.get(status, 0) + 1
            if output:
                print("%s %s" % (status, os.path.relpath(path, args.tests)))
                findings.write("%s %s\n%s\n\n" % (
                    status, os.path.relpath(path, args.tests), output))
    print(", ".join("%d %s" % (n, s) for s, n in sorted(counts.items())))
    failed = sum(n for s, n in counts.items()
                 if s not in ("PASS", "UNSUPPORTED", "XFAIL"))
    if failed:
        print("failures with their output: %s" % report)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
