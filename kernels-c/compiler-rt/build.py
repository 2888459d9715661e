#!/usr/bin/env python3
"""Builds compiler-rt's builtins (libclang_rt.builtins.a) for Accel.

The sources come from Debian's llvm-toolchain-19 source package, fetched
once by scripts/fetch-source.sh into the cache (the bootstrap does it);
only compiler-rt/lib/builtins is extracted. The file list is
GENERIC_SOURCES of their CMakeLists.txt, so it is exactly what compiler-rt
builds for a generic target, less the files listed in EXCLUDED. These are
the routines the code generator calls: 128-bit integer division and
conversions, half-precision conversions, powi, complex multiply/divide.
Also atomic.c, which compiler-rt leaves out by default: the __atomic_*
calls that clang emits for atomics wider than 64 bits (libatomic's job on
a hosted system, where it is a shared library).

Usage: build.py --clang CLANG --ar AR --source-cache DIR --work DIR --out LIBDIR
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from cross_build import Library, arguments  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import llvm_source  # noqa: E402

EXCLUDED = {
    "apple_versioning.c": "Apple platforms only",
    "os_version_check.c": "Apple platforms only",
    "trampoline_setup.c": "PowerPC nested-function trampolines",
}

# Not in GENERIC_SOURCES: see the docstring. Its locks never spin on Accel's
# single core.
EXTRA_SOURCES = ["atomic.c"]

CFLAGS = ["--target=accel", "-O2", "-fno-builtin", "-w", "-std=c11"]


def generic_sources(builtins):
    """The first set(GENERIC_SOURCES ...) list of compiler-rt's CMake."""
    text = open(os.path.join(builtins, "CMakeLists.txt")).read()
    block = re.search(r"^set\(GENERIC_SOURCES\n(.*?)^\)", text,
                      re.M | re.S).group(1)
    return [f for f in block.split() if f.endswith(".c")]


def main():
    ap = arguments()
    ap.add_argument("--source-cache", required=True)
    args = ap.parse_args()

    builtins = llvm_source.extract(args.source_cache,
                                   "compiler-rt/lib/builtins",
                                   os.path.join(args.work, "builtins"))
    library = Library(args.clang, os.path.join(args.work, "obj"))
    for name in generic_sources(builtins) + EXTRA_SOURCES:
        if name not in EXCLUDED:
            library.add(os.path.join(builtins, name), name, CFLAGS)
    library.build(args.ar, os.path.join(args.out, "libclang_rt.builtins.a"),
                  args.jobs)


if __name__ == "__main__":
    main()
