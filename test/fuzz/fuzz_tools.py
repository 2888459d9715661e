#!/usr/bin/env python3
"""Mutation fuzzing of the toolchain's input handling (a slow suite, not
part of scripts/run-tests.sh).

Takes valid inputs, damages them, and runs the tool that reads them:

  as       assembly with tokens inserted, deleted or duplicated -> accel-as
  ld       relocatable objects (ELF and ThinLTO bitcode) with bytes changed
           -> accel-ld
  objdump  executables with bytes changed -> accel-objdump (-d, -x, -s, ...)
  sim      executables with bits flipped inside .text -> accel-sim, or
           anywhere -> accel-sim --profile (symbols, DWARF line table)
  ir       LLVM IR with types, operands and intrinsic calls swapped
           -> llc (-O0 and -O2) and clang -c
  bc       bitcode (clang -flto objects) with bytes changed -> clang -c, llc
  sys      programs calling the sys services with random arguments
           (sys_programs.py) -> accel-sim --fs-root=<a sandbox>; the tree
           outside the root must not change
  onnx     ONNX models (test/graph/Inputs/make_models.py's valid ones and
           make_typed_models.py's models of every element type) with
           bytes changed -> accel-graphc --print-graph or --emit=mlir

Any outcome is fine except a crash (a signal, `LLVM ERROR:`, an assertion, a
stack dump) or a hang (no answer in 30 s). A reader that died in the child
process the tools run it in ("malformed bitcode: the reader crashed") is
fine: the tool reported it and exited 1. Those inputs are saved under
--out with the command that failed. Each child runs with a 256 MiB file
size limit and a 4 GiB address-space limit, in its own process group, so a
runaway output cannot fill the disk.

The corpus is built from the repository: test/MC/Accel/*.s,
test/CodeGen/Accel/*.ll, a few test/c-programs compiled by our clang, and
the ONNX models test/graph/Inputs/make_models.py writes (with Debian's
Python, which has the onnx module).
A run is reproducible from its --seed.

Usage: fuzz_tools.py [--build DIR] [--seed N] [--iterations N]
                     [--only as,ld,objdump,sim,ir,bc,sys,onnx] [--out DIR]
"""
import argparse
import functools
import glob
import os
import random
import shutil
import signal
import struct
import subprocess
import sys
import tempfile

import sys_programs
from bounded_run import run_bounded

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CRASH_MARKS = ("Stack dump", "LLVM ERROR", "Assertion", "UNREACHABLE",
               "PLEASE submit")
TIMEOUT = 30
KINDS = ("as", "ld", "objdump", "sim", "ir", "bc", "sys", "onnx")


def run(cmd, cwd=None):
    """Returns None when the tool behaved, else a short description."""
    rc, _, err = run_bounded(cmd, TIMEOUT, 256 << 20, capture_stdout=False,
                             cwd=cwd)
    if rc == "timeout":
        return "no answer in %d s" % TIMEOUT
    # SIGXFSZ is this harness's own file size limit: a damaged input may
    # ask for a large output (sections of up to 256 MiB each) that is fine
    # to write. (LLVM's handler prints a stack dump for it too.)
    if rc == -signal.SIGXFSZ:
        return None
    if rc < 0:
        return "signal %d" % -rc
    for mark in CRASH_MARKS:
        if mark in err:
            return err[err.find(mark):][:300].replace("\n", " | ")
    return None


class Corpus:
    def __init__(self, bin_dir, work):
        self.asm = sorted(glob.glob(os.path.join(ROOT, "test/MC/Accel/*.s")))
        self.ir = sorted(glob.glob(os.path.join(ROOT, "test/CodeGen/Accel/*.ll")))
        self.objects, self.executables = [], []
        for s in self.asm:
            if "invalid" in os.path.basename(s):
                continue
            o = os.path.join(work, os.path.basename(s) + ".o")
            if subprocess.run([os.path.join(bin_dir, "accel-as"), s, "-o", o],
                              capture_output=True).returncode == 0:
                self.objects.append(o)
        clang = os.path.join(bin_dir, "clang")
        programs = sorted(glob.glob(os.path.join(ROOT, "test/c-programs/*.c")))[:12]
        for i, c in enumerate(programs):
            base = os.path.join(work, "prog%d" % i)
            flags = ["-O2", "-flto=thin"] if i % 3 == 0 else ["-O%d" % (i % 3)]
            if i % 2:
                flags.append("-g")
            if subprocess.run([clang, "--target=accel", *flags, "-c", c, "-o",
                               base + ".o"], capture_output=True).returncode:
                continue
            self.objects.append(base + ".o")
            if subprocess.run([clang, "--target=accel", *flags, base + ".o",
                               "-o", base + ".elf"],
                              capture_output=True).returncode == 0:
                self.executables.append(base + ".elf")
        self.bitcode = [o for o in self.objects
                        if open(o, "rb").read(4) == b"BC\xc0\xde"]
        models = os.path.join(work, "models")
        subprocess.run(["/usr/bin/python3", os.path.join(
            ROOT, "test/graph/Inputs/make_models.py"), models], check=True)
        # The valid ones; damaged copies go beside them, so that external
        # data files resolve.
        self.models = [os.path.join(models, m) for m in (
            "mlp.onnx", "mlp-opset17.onnx", "mlp-external.onnx",
            "flatten-chain.onnx", "cnn.onnx", "elementwise.onnx", "opset9.onnx",
            "pool3d-run/model.onnx", "heads-run/model.onnx",
            "embedding-run/model.onnx", "residual-norm-run/model.onnx",
            "gelu-matmul-run/model.onnx")]
        # Models of every element type (issue 39): typed inputs, outputs,
        # initializers and casts.
        typed = os.path.join(work, "typed-models")
        subprocess.run(["/usr/bin/python3", os.path.join(
            ROOT, "test/graph/Inputs/make_typed_models.py"), typed],
            check=True)
        self.models += sorted(glob.glob(os.path.join(typed, "*",
                                                     "model.onnx")))
        if not (self.asm and self.ir and self.objects and self.executables
                and self.bitcode and self.models):
            sys.exit("fuzz_tools.py: could not build the corpus; build first")


def damage_bytes(rng, data, start=0, end=None):
    data = bytearray(data)
    end = len(data) if end is None else end
    for _ in range(rng.randint(1, 8)):
        if end <= start:
            break
        at = rng.randrange(start, end)
        choice = rng.randrange(4)
        if choice == 0:
            data[at] = rng.randrange(256)
        elif choice == 1:
            data[at] ^= 1 << rng.randrange(8)
        elif choice == 2:
            data[at:at + 4] = rng.choice(
                [b"\xff\xff\xff\xff", b"\x00\x00\x00\x80", b"\0\0\0\0"])
        else:
            del data[rng.randrange(start, len(data)):]
            end = min(end, len(data))
    return bytes(data)


def exec_section(data):
    """(offset, size) of the first executable section of an ELF64 file."""
    try:
        shoff, = struct.unpack_from("<Q", data, 0x28)
        entsize, count = struct.unpack_from("<HH", data, 0x3a)
        for i in range(count):
            _, _, flags, _, off, size = struct.unpack_from(
                "<IIQQQQ", data, shoff + i * entsize)
            if flags & 4 and size:
                return off, off + size
    except struct.error:
        pass
    return None


ASM_TOKENS = [",", "(", ")", "{", "}", ";", "#", ":", ".", "\"", "\\",
              "0x7fffffff", "-2147483649", "99999999999999999999", "r63",
              "v99", "acc9", "ch7", ".section .x", ".long", ".align 65",
              ".fill -1", ".byte 300", ".p2align 40", ".zero 0x10000001",
              ".org 1", ".rept 3", ".endr", "1f", "1:", ".set x, x+1"]

IR_TOKENS = ["i1", "i8", "i64", "i128", "<4 x i32>", "<16 x float>",
             "double", "half", "ptr", "undef", "poison", "0", "-1",
             "2147483648", "nsw", "volatile", "align 64", "addrspace(1)",
             "fneg", "sdiv", "urem", "fptosi", "sitofp", "bitcast",
             "float 0x7FF8000000000000", "select i1 true,",
             "@llvm.ctpop.i32", "@__accel_dma_wait(i32 9)"]


def damage_text(rng, text, tokens, split_on):
    lines = text.split("\n")
    for _ in range(rng.randint(1, 6)):
        i = rng.randrange(len(lines))
        words = lines[i].split(split_on) if split_on else list(lines[i])
        if not words:
            continue
        j = rng.randrange(len(words))
        choice = rng.randrange(4)
        if choice == 0:
            words.insert(j, rng.choice(tokens))
        elif choice == 1:
            del words[j]
        elif choice == 2:
            words[j] = rng.choice(rng.choice(lines).split(split_on) or [""])
        else:
            lines.insert(i, rng.choice(lines))
            continue
        lines[i] = (split_on or "").join(words)
    return "\n".join(lines)


def damaged_copy(rng, sources, path):
    """Writes one of sources, damaged, to path; returns path."""
    with open(rng.choice(sources), "rb") as f:
        data = damage_bytes(rng, f.read())
    with open(path, "wb") as f:
        f.write(data)
    return path


@functools.lru_cache(maxsize=None)
def machine():
    sys.path.insert(0, os.path.join(ROOT, "test", "Inputs"))
    from isa_records import machine_params
    return machine_params(ROOT)


def spm_end():
    m = machine()
    return m["SpmBase"] + m["SpmSize"]


def dram_end():
    m = machine()
    return m["DramBase"] + m["DramSize"]


def sys_case(rng, bin_dir, work):
    """A program of random service calls, run in a fresh sandbox; returns
    (program path, command, sandbox top)."""
    tool = lambda name: os.path.join(bin_dir, name)
    path = os.path.join(work, "case-sys.s")
    with open(path, "w") as f:
        f.write(sys_programs.program(rng))
    lib = os.path.join(os.path.dirname(bin_dir), "lib", "accel")
    top = tempfile.mkdtemp(dir=work)
    root = sys_programs.make_sandbox(top)
    elf = path + ".elf"
    for cmd in ([tool("accel-as"), path, "-o", path + ".o"],
                [tool("accel-ld"), os.path.join(lib, "crt0.o"), path + ".o",
                 "-L" + lib, "-laccelrt", "-lc", "-o", elf,
                 "--defsym=spm_end=%d" % spm_end(),
                 "--defsym=dram_end=%d" % dram_end()]):
        subprocess.run(cmd, check=True, capture_output=True)
    return path, [tool("accel-sim"), "--fs-root=" + root,
                  "--max-cycles=100000", elf], top


def one_case(kind, rng, corpus, bin_dir, work):
    """Writes a damaged input; returns (input path, command)."""
    tool = lambda name: os.path.join(bin_dir, name)
    if kind == "as":
        path = os.path.join(work, "case.s")
        with open(rng.choice(corpus.asm), errors="replace") as f:
            text = damage_text(rng, f.read(), ASM_TOKENS,
                               rng.choice([" ", None]))
        with open(path, "w") as f:
            f.write(text)
        return path, [tool("accel-as"), path, "-o", path + ".o"]
    if kind == "ir":
        path = os.path.join(work, "case.ll")
        with open(rng.choice(corpus.ir)) as f:
            text = damage_text(rng, f.read(), IR_TOKENS, " ")
        with open(path, "w") as f:
            f.write(text)
        cmd = rng.choice([
            [tool("llc"), "-mtriple=accel", "-O2", path, "-o", path + ".s"],
            [tool("llc"), "-mtriple=accel", "-O0", "-filetype=obj", path,
             "-o", path + ".o"],
            [tool("clang"), "--target=accel", "-O2", "-c", path, "-o",
             path + ".o"]])
        return path, cmd
    if kind == "bc":
        path = damaged_copy(rng, corpus.bitcode, os.path.join(work, "case.bc"))
        cmd = rng.choice([
            [tool("clang"), "--target=accel", "-O2", "-c", path, "-o",
             path + ".o"],
            [tool("llc"), "-mtriple=accel", "-O0", path, "-o", path + ".s"],
            [tool("llc"), "-O2", "-filetype=obj", path, "-o", path + ".o"]])
        return path, cmd
    if kind == "ld":
        path = damaged_copy(rng, corpus.objects, os.path.join(work, "case.o"))
        return path, [tool("accel-ld"), path, "-o", path + ".elf"]
    if kind == "onnx":
        path = damaged_copy(rng, corpus.models, os.path.join(
            os.path.dirname(corpus.models[0]), "case.onnx"))
        return path, [tool("accel-graphc"),
                      rng.choice(["--print-graph", "--emit=mlir"]), path]
    with open(rng.choice(corpus.executables), "rb") as f:
        data = f.read()
    path = os.path.join(work, "case.elf")
    if kind == "sim":
        if rng.random() < 0.5:
            span = exec_section(data) or (0, len(data))
            data = damage_bytes(rng, data, *span)
            cmd = [tool("accel-sim"), "--max-cycles=3000000", path]
        else:
            data = damage_bytes(rng, data)
            cmd = [tool("accel-sim"), "--profile", "--max-cycles=3000000",
                   path]
    else:
        data = damage_bytes(rng, data)
        cmd = [tool("accel-objdump"),
               rng.choice(["-d", "-x", "-D", "-s", "-t", "-h", "-dl", "-dr"]),
               path]
    with open(path, "wb") as f:
        f.write(data)
    return path, cmd


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--only", default=",".join(KINDS))
    parser.add_argument("--out", default="fuzz-findings")
    args = parser.parse_args()
    kinds = args.only.split(",")
    if not set(kinds) <= set(KINDS):
        parser.error("--only takes a list of " + ",".join(KINDS))
    bin_dir = os.path.join(args.build, "bin")
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as work:
        corpus = Corpus(bin_dir, work)
        findings = 0
        cases = {kind: 0 for kind in kinds}
        for i in range(args.iterations):
            kind = rng.choice(kinds)
            cases[kind] += 1
            if kind == "sys":
                path, cmd, top = sys_case(rng, bin_dir, work)
                before = sys_programs.snapshot(top)
                problem = run(cmd, cwd=os.path.join(top, "root"))
                if problem is None and sys_programs.snapshot(top) != before:
                    problem = "the program changed files outside its root"
                shutil.rmtree(top)
            else:
                path, cmd = one_case(kind, rng, corpus, bin_dir, work)
                problem = run(cmd)
            if problem is None:
                continue
            findings += 1
            os.makedirs(args.out, exist_ok=True)
            saved = os.path.join(args.out, "%s-%d-%d%s" % (
                kind, args.seed, i, os.path.splitext(path)[1]))
            os.replace(path, saved)
            print("FINDING %s: %s\n  %s" % (
                saved, problem, " ".join(cmd).replace(path, saved)),
                flush=True)
        print("%d cases (%s), %d findings (seed %d)" % (
            args.iterations,
            ", ".join("%s %d" % (k, n) for k, n in cases.items()),
            findings, args.seed))
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
