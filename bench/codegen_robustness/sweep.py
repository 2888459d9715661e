#!/usr/bin/env python3
"""Codegen robustness: compile LLVM's generic CodeGen tests for accel.

Compiles every .ll file under llvm/test/CodeGen/Generic/ of the LLVM 19.1.7
source with `llc -mtriple=accel` and sorts the outcomes:

  compiled   llc exited 0;
  diagnosed  llc exited non-zero with an ordinary `error:` diagnostic (an
             unsupported construct, or IR that the test itself expects to
             be rejected);
  crashed    a signal, an assertion, `LLVM ERROR:` (report_fatal_error), a
             stack dump, or no answer within the time limit.

The target is no crashes. The source is fetched once with
`apt-get source llvm-toolchain-19` (scripts/fetch-source.sh, which adds a
deb-src entry if there is none) into the cache directory, and only the
Generic tests are extracted; later runs reuse them.

Usage: sweep.py [--build DIR] [--cache DIR] [--verbose] [--llc-arg=-O0 ...]
                [files...]
"""
import argparse
import concurrent.futures
import glob
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import llvm_source  # noqa: E402
DEFAULT_CACHE = os.path.join(
    os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")),
    "accel-toolchain", "src")
TIMEOUT_SECONDS = 120
CRASH_MARKERS = ("LLVM ERROR:", "Assertion", "Stack dump:",
                 "PLEASE submit a bug report", "UNREACHABLE")


def classify(llc, extra, path):
    try:
        proc = subprocess.run([llc, "-mtriple=accel"] + extra +
                              ["-o", os.devnull, path],
                              capture_output=True, text=True,
                              timeout=TIMEOUT_SECONDS)
    except subprocess.TimeoutExpired:
        return path, "crashed", "timed out after %d s" % TIMEOUT_SECONDS
    err = proc.stderr
    if proc.returncode < 0 or any(m in err for m in CRASH_MARKERS):
        first = next((l for l in err.splitlines() if l.strip()), "")
        return path, "crashed", "status %d: %s" % (proc.returncode, first)
    if proc.returncode == 0:
        return path, "compiled", ""
    if "error:" in err:
        first = next(l for l in err.splitlines() if "error:" in l)
        return path, "diagnosed", first
    return path, "crashed", "status %d without a diagnostic" % proc.returncode


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--cache", default=DEFAULT_CACHE)
    parser.add_argument("--verbose", action="store_true",
                        help="print the diagnostic of every rejected file")
    parser.add_argument("--llc-arg", action="append", default=[],
                        help="an extra llc option, e.g. -O0 (repeatable)")
    parser.add_argument("files", nargs="*",
                        help="files to compile instead of the whole suite")
    args = parser.parse_args()

    llc = os.path.join(args.build, "bin", "llc")
    files = args.files
    if not files:
        generic = llvm_source.extract(
            args.cache, "llvm/test/CodeGen/Generic",
            os.path.join(args.cache, "llvm-19-codegen-generic"))
        files = sorted(glob.glob(os.path.join(generic, "**", "*.ll"),
                                 recursive=True))

    outcomes = {"compiled": [], "diagnosed": [], "crashed": []}
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as pool:
        for path, outcome, why in pool.map(lambda f: classify(llc, args.llc_arg, f),
                                         files):
            outcomes[outcome].append((path, why))

    for outcome in ("crashed", "diagnosed"):
        if outcome == "diagnosed" and not args.verbose:
            continue
        for path, why in outcomes[outcome]:
            print("%s: %s: %s" % (outcome, os.path.basename(path), why))
    print("%d files: %d compiled, %d diagnosed, %d crashed"
          % (len(files), len(outcomes["compiled"]),
             len(outcomes["diagnosed"]), len(outcomes["crashed"])))
    return 1 if outcomes["crashed"] else 0


if __name__ == "__main__":
    sys.exit(main())
