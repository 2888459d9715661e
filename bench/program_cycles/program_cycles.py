#!/usr/bin/env python3
"""Program cycles: ISS cycles of the project's C and C++ programs compiled
two ways, to measure a code generation change within one run.

Compiles every program of test/c-programs and kernels-c/samples with
`clang --target=accel -O2` plus --base flags and plus --new flags (for
example a backend option turned off and on through -mllvm), runs both on
accel-sim's cycle model and prints the programs whose cycles differ, then
the totals and their ratio. A program that fails to build or run either
way fails the benchmark: the programs check their own results.

Usage: program_cycles.py --base FLAGS --new FLAGS [--build DIR]
                         [--base-build DIR] [--exclude NAMES] [--jobs N]
e.g.   program_cycles.py --base='-mllvm -accel-packetizer-avoid-stalls=false' --new=''
(write --base=FLAGS: a value that starts with '-' needs the '=')

--base-build compares two toolchains instead (e.g. a copy of build/ from
before a change, --base='' --new=''): the baseline's clang and accel-sim
come from that directory and load its own libAccelTarget.so.
--exclude=a.c,b.c leaves out programs the baseline cannot run (newer
than it); they are named in the summary. Programs run in the scratch
directory, accel-sim's --fs-root, where they may make files.
"""
import argparse
import concurrent.futures
import glob
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def programs():
    files = glob.glob(os.path.join(ROOT, "test", "c-programs", "*.c"))
    files += glob.glob(os.path.join(ROOT, "test", "c-programs", "*.cpp"))
    files += glob.glob(os.path.join(ROOT, "kernels-c", "samples", "*.c"))
    return sorted(files)


def cycles(build, work, source, flags, tag):
    """The program's cycles, or an error message."""
    # A copied build's binaries would find the original's target library
    # through their run path; the library path comes first.
    env = dict(os.environ, LD_LIBRARY_PATH=os.path.join(build, "lib"))
    elf = os.path.join(work, "%s.%s.elf" % (os.path.basename(source), tag))
    driver = "clang++" if source.endswith(".cpp") else "clang"
    compile_cmd = [os.path.join(build, "bin", driver), "--target=accel", "-O2",
                   "-I", os.path.join(ROOT, "test", "c-programs"), *flags,
                   source, "-o", elf, "-lm"]
    run = subprocess.run(compile_cmd, capture_output=True, text=True, env=env)
    if run.returncode != 0:
        return "compile failed: " + run.stderr.strip()
    stats = elf + ".json"
    run = subprocess.run([os.path.join(build, "bin", "accel-sim"),
                          "--stats-json=" + stats, elf], capture_output=True,
                         env=env, cwd=work)
    if run.returncode != 0:
        return "exit status %d" % run.returncode
    with open(stats) as f:
        return json.load(f)["cycles"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", required=True, help="flags of the baseline")
    ap.add_argument("--new", required=True, help="flags of the change")
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--base-build", help="toolchain of the baseline "
                    "(default: --build)")
    ap.add_argument("--exclude", default="",
                    help="comma-separated file names to leave out")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    excluded = set(filter(None, args.exclude.split(",")))
    sources = [p for p in programs() if os.path.basename(p) not in excluded]
    base_build = args.base_build or args.build
    with tempfile.TemporaryDirectory() as work:
        def both(source):
            return (source,
                    cycles(base_build, work, source, args.base.split(), "base"),
                    cycles(args.build, work, source, args.new.split(), "new"))

        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            results = list(pool.map(both, sources))
    errors = [(s, r) for s, a, b in results for r in (a, b)
              if isinstance(r, str)]
    for source, error in errors:
        print("%s: %s" % (os.path.relpath(source, ROOT), error))
    if errors:
        return 1
    changed = sorted((b / a, os.path.basename(s), a, b)
                     for s, a, b in results if a != b)
    for ratio, name, a, b in changed:
        print("%-32s %12d -> %12d  %.4f" % (name, a, b, ratio))
    base = sum(a for _, a, _ in results)
    new = sum(b for _, _, b in results)
    print("%d programs, %d changed; total cycles %d -> %d, ratio %.4f"
          % (len(results), len(changed), base, new, new / base))
    if excluded:
        print("excluded: " + ", ".join(sorted(excluded)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
