#!/usr/bin/env python3
"""Differential testing of the whole C compiler with Csmith (a slow suite,
not part of scripts/run-tests.sh).

Csmith writes random C programs without undefined behaviour that print a
checksum of their global state. Each program is compiled for the host with
gcc -O0 (the reference) and for accel with our clang at each --opts level,
then run on accel-sim, alternately functional and on the cycle model;
accel and the host are both LP64 with 32-bit int, so the checksums must
agree. A finding is a program that

  miscompiles   accel's output differs from the host's,
  fails         our clang rejects or crashes on it (the programs are valid C),
  faults        accel-sim stops with a fault or a non-zero exit,
  hangs         no answer in --timeout seconds where the host needed
                at most --host-limit seconds.

Programs whose host build runs longer than --host-limit seconds (Csmith
programs may loop for a very long time) or stops on undefined behaviour
(the reference is built with UBSan) are skipped. Each finding is saved
under --out as seed-N.c with a note of the commands and the outputs. A run
is reproducible from --seed and --count.

Usage: csmith_diff.py [--build DIR] [--seed N] [--count N]
                      [--opts=-O0,-O2] [--float] [--out DIR]
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

from bounded_run import run_bounded

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CSMITH_INCLUDE = "/usr/include/csmith"


def ensure_csmith():
    """Installs Debian's csmith once, as scripts/bootstrap.sh does its own."""
    if shutil.which("csmith") and os.path.isdir(CSMITH_INCLUDE):
        return
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(sudo + ["apt-get", "install", "-y", "-qq",
                           "--no-install-recommends", "csmith",
                           "libcsmith-dev"], check=True, env=env)


def run(cmd, timeout, cwd=None):
    """run_bounded with this suite's 64 MiB limit on files written."""
    return run_bounded(cmd, timeout, 64 << 20, cwd=cwd)


def check_one(seed, args, bin_dir, work):
    """(kind, note): kind is 'agrees' when every accel build prints what
    the host build does, 'skipped' when there is no host reference."""
    source = os.path.join(work, "seed-%d.c" % seed)
    # Csmith takes the address of packed members (`&s.f6` as `int64_t *`):
    # undefined behaviour that x86 tolerates and accel's alignment check
    # reports as a fault, so no packed structs.
    csmith = ["csmith", "--no-packed-struct", "--seed", str(seed)]
    if args.float:
        csmith.append("--float")
    rc, text, _ = run(csmith, 60, cwd=work)  # it writes platform.info
    if rc != 0:
        return "skipped", ""
    with open(source, "w") as f:
        f.write(text)
    host = os.path.join(work, "host")
    # UBSan on the reference: with --float, Csmith converts out-of-range
    # floats to int (undefined; x86 gives INT_MIN, accel saturates).
    rc, _, _ = run(["gcc", "-O0", "-w", "-fsanitize=undefined",
                    "-fsanitize=float-cast-overflow",
                    "-fno-sanitize-recover=all", "-I", CSMITH_INCLUDE,
                    source, "-o", host], 120)
    if rc != 0:
        return "skipped", ""
    rc, expected, _ = run([host], args.host_limit)
    if rc != 0:
        return "skipped", ""  # too slow on the host, or undefined behaviour
    for index, opt in enumerate(args.opts.split(",")):
        elf = os.path.join(work, "accel.elf")
        compile_cmd = [os.path.join(bin_dir, "clang"), "--target=accel",
                       *opt.split(), "-w", "-I", CSMITH_INCLUDE, source, "-o",
                       elf]
        if args.float:
            # The checksum hashes the bits of float globals, so a fused
            # multiply-add (rounded once) must not replace gcc's two
            # roundings.
            compile_cmd.insert(2, "-ffp-contract=off")
        rc, _, err = run(compile_cmd, args.timeout)
        if rc != 0:
            return "fails", "%s\n%s: %s" % (" ".join(compile_cmd), rc,
                                            err[-2000:])
        # Every other flag set runs on the cycle model, whose interlocks
        # and unit timing must not change a result either.
        sim_cmd = [os.path.join(bin_dir, "accel-sim"), elf]
        if index % 2 == 0:
            sim_cmd.insert(1, "--fast")
        rc, actual, err = run(sim_cmd, args.timeout)
        if rc == "timeout":
            return "hangs", "%s\n%s" % (" ".join(compile_cmd),
                                        " ".join(sim_cmd))
        if rc != 0:
            return "faults", "%s\n%s\nexit %s: %s" % (
                " ".join(compile_cmd), " ".join(sim_cmd), rc, err[-2000:])
        if actual != expected:
            return "miscompiles", "%s\nexpected: %sactual:   %s" % (
                " ".join(compile_cmd), expected, actual)
    return "agrees", ""


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--opts", default="-O0,-O2",
                        help="comma-separated flag sets, e.g. "
                        "'-O0,-O2 -flto=thin'")
    parser.add_argument("--timeout", type=int, default=120)
    parser.add_argument("--host-limit", type=float, default=1.0)
    parser.add_argument("--float", action="store_true",
                        help="programs with float variables too")
    parser.add_argument("--out", default="csmith-findings")
    args = parser.parse_args()
    ensure_csmith()
    bin_dir = os.path.join(args.build, "bin")
    findings = checked = 0
    with tempfile.TemporaryDirectory() as work:
        for seed in range(args.seed, args.seed + args.count):
            kind, note = check_one(seed, args, bin_dir, work)
            source = os.path.join(work, "seed-%d.c" % seed)
            if kind != "skipped":
                checked += 1
            if kind in ("agrees", "skipped"):
                if os.path.exists(source):
                    os.remove(source)
                continue
            findings += 1
            os.makedirs(args.out, exist_ok=True)
            saved = os.path.join(args.out, "seed-%d.c" % seed)
            shutil.move(source, saved)
            with open(saved + ".txt", "w") as f:
                f.write(note + "\n")
            print("FINDING %s (%s)" % (saved, kind), flush=True)
    print("%d programs, %d findings (seeds %d-%d, %s)" % (
        checked, findings, args.seed, args.seed + args.count - 1, args.opts))
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
