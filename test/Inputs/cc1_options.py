"""Checks that clang --target=accel gives clang -cc1 what clang-19's own
driver gives it for the same compile options.

usage: cc1_options.py TEST_FILE SOURCE.c

For every "# OPTS: ..." line of TEST_FILE, both drivers print their jobs
(-###) for `-c SOURCE.c` with and without the options, for accel and for
riscv64-unknown-elf (a bare-metal ELF target like ours). The cc1 arguments
the options add under clang-19 must be added by ours too, anything more we
add must be what clang-19 passes with those options anyway (a default of
its own), and what they remove from clang-19's arguments must be gone from
ours. Then our driver compiles SOURCE.c with the options, which must work.
Prints one line per case and exits 1 if any failed.
"""
import shlex
import subprocess
import sys
import tempfile

REFERENCE = ["clang-19", "--target=riscv64-unknown-elf"]
# What clang-19 adds for riscv64 alone: with debug info it defines the
# macro saying .cfi directives work, and accel code has none.
TARGET_ONLY = {"-D__GCC_HAVE_DWARF2_CFI_ASM=1"}
OURS = ["clang", "--target=accel"]


def cc1_args(driver, source, opts):
    out = subprocess.run(driver + ["-###", "-c", source] + opts,
                         capture_output=True, text=True)
    for line in out.stderr.splitlines():
        words = shlex.split(line)
        if len(words) > 1 and words[1] == "-cc1":
            return set(words[2:])
    sys.exit("no cc1 job from %s %s:\n%s" % (" ".join(driver), opts,
                                             out.stderr))


def check(source, opts):
    ref_base, ref = cc1_args(REFERENCE, source, []), cc1_args(REFERENCE, source, opts)
    our_base, ours = cc1_args(OURS, source, []), cc1_args(OURS, source, opts)
    problems = []
    missing = (ref - ref_base) - ours - TARGET_ONLY
    if missing:
        problems.append("missing %s" % sorted(missing))
    extra = (ours - our_base) - ref
    if extra:
        problems.append("extra %s" % sorted(extra))
    kept = ((ref_base - ref) & our_base) & ours
    if kept:
        problems.append("not removed %s" % sorted(kept))
    with tempfile.NamedTemporaryFile(suffix=".o") as obj:
        run = subprocess.run(OURS + ["-c", source, "-o", obj.name] + opts,
                             capture_output=True, text=True)
    if run.returncode != 0:
        problems.append("compile failed: %s" % run.stderr.strip())
    return problems


def main():
    test_file, source = sys.argv[1], sys.argv[2]
    failed = 0
    with open(test_file) as f:
        cases = [line.split("OPTS:", 1)[1].split() for line in f
                 if line.startswith("# OPTS:")]
    for opts in cases:
        problems = check(source, opts)
        failed += bool(problems)
        print("%s %s%s" % ("FAIL" if problems else "ok", " ".join(opts),
                           "".join("\n  " + p for p in problems)))
    print("%d cases, %d failed" % (len(cases), failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
