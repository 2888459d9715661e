#!/usr/bin/env python3
"""Builds the C library (libc.a, libm.a) for Accel from newlib's sources.

The sources are Debian's newlib-source package (newlib 3.3.0, installed by
scripts/bootstrap.sh as /usr/src/newlib/newlib-3.3.0.tar.xz). They are
extracted once, the patches in patches/ add the Accel-specific bits to
newlib's machine headers, and every C file of the chosen directories is
compiled with our own clang --target=accel. Only files whose source,
flags or compiler changed are recompiled. The headers are installed for
the driver, which finds them without flags.

Usage: build.py --clang CLANG --ar AR --tarball TAR --work DIR --out LIBDIR
"""
import glob
import hashlib
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from cross_build import Library, arguments, copy_if_changed  # noqa: E402

# newlib directories compiled into each library, and our machine files
# (accel/: what newlib keeps in libc/machine/ARCH and libm/machine/ARCH).
# The rest of libc (POSIX, iconv, XDR) needs an operating system; signals
# are newlib's own emulation (raise() and abort() end in _kill).
# libc/syscalls gives the POSIX names (isatty, gettimeofday, close, ...)
# over the system layer's _isatty, _gettimeofday, _close, ... (libc++'s
# <print> and system_clock call them).
LIBRARIES = {
    "c": ["libc/ctype", "libc/errno", "libc/locale", "libc/misc",
          "libc/reent", "libc/search", "libc/stdio", "libc/stdlib",
          "libc/string", "libc/time", "libc/argz", "libc/signal",
          "libc/syscalls"],
    "m": ["libm/common", "libm/math", "libm/complex"],
}
MACHINE = os.path.join(HERE, "accel")
MACHINE_SOURCES = {"m": ["fenv.c"]}

# Files left out: the alternative newlib-nano stdio and malloc (nano-*.c),
# and what needs an operating system or the runtime already has.
EXCLUDED = {
    "libc/reent/stat64r.c": "large-file stat64 needs an OS",
    "libc/syscalls/syswrite.c": "write is the runtime's (syscalls.s)",
}


def excluded(rel):
    return rel in EXCLUDED or os.path.basename(rel).startswith("nano-")


# Sources that newlib's Makefile.am compiles several times with different
# macros, one object each: (object suffix, extra flags).
MALLOC_PARTS = ["MALLOC", "FREE", "REALLOC", "CALLOC", "CFREE", "MEMALIGN",
                "VALLOC", "PVALLOC", "MALLINFO", "MALLOC_STATS",
                "MALLOC_USABLE_SIZE", "MALLOPT"]
FORMAT_VARIANTS = [("", []), ("-int", ["-DINTEGER_ONLY"]),
                   ("-str", ["-DSTRING_ONLY"]),
                   ("-str-int", ["-DSTRING_ONLY", "-DINTEGER_ONLY"])]
MULTI = {
    "libc/stdlib/mallocr.c": [("-" + p.lower(),
                               ["-DINTERNAL_NEWLIB", "-DDEFINE_" + p])
                              for p in MALLOC_PARTS],
    "libc/stdio/vfprintf.c": FORMAT_VARIANTS,
    "libc/stdio/vfwprintf.c": FORMAT_VARIANTS,
    "libc/stdio/vfscanf.c": FORMAT_VARIANTS,
    "libc/stdio/vfwscanf.c": FORMAT_VARIANTS,
}

# -fno-builtin: the optimizer must not turn memcpy's own loop into a call
# of memcpy. -w: newlib's sources are not ours to fix warnings in.
CFLAGS = ["--target=accel", "-O2", "-fno-builtin", "-w",
          "-D_COMPILING_NEWLIB", "-DHAVE_INITFINI_ARRAY"]


def extract(tarball, work):
    """Extracts and patches the sources once; returns the newlib dir."""
    src = os.path.join(work, "src")
    stamp = os.path.join(work, "src.stamp")
    patches = sorted(glob.glob(os.path.join(HERE, "patches", "*.patch")))
    want = hashlib.sha256()
    for p in [tarball] + patches:
        want.update(p.encode())
        want.update(str(os.path.getmtime(p)).encode())
    want = want.hexdigest()
    if os.path.exists(stamp) and open(stamp).read() == want:
        return os.path.join(src, "newlib")
    shutil.rmtree(src, ignore_errors=True)
    os.makedirs(src)
    subprocess.run(["tar", "-xf", tarball, "-C", src, "--strip-components=1",
         "--wildcards", "*/newlib/libc", "*/newlib/libm"], check=True)
    for p in patches:
        subprocess.run(["patch", "-s", "-p1", "-d", src, "-i", p], check=True)
    open(stamp, "w").write(want)
    return os.path.join(src, "newlib")


def install_headers(newlib, out):
    """The C library's headers with our configuration headers, for the
    driver (which searches include/libc). Copied again only when changed."""
    inc = os.path.join(out, "include", "libc")
    top = os.path.join(newlib, "libc", "include")
    for dirpath, _, files in os.walk(top):
        for f in files:
            src = os.path.join(dirpath, f)
            copy_if_changed(src, os.path.join(inc, os.path.relpath(src, top)))
    for h in ("newlib.h", "_newlib_version.h"):
        copy_if_changed(os.path.join(HERE, h), os.path.join(inc, h))
    # Over newlib's placeholder sys/fenv.h and its RTOS-only threads.h.
    for h in ("sys/fenv.h", "threads.h"):
        copy_if_changed(os.path.join(MACHINE, h), os.path.join(inc, h))
    return inc


def main():
    ap = arguments()
    ap.add_argument("--tarball", required=True)
    args = ap.parse_args()

    newlib = extract(args.tarball, args.work)
    inc = install_headers(newlib, args.out)
    for lib, dirs in LIBRARIES.items():
        library = Library(args.clang, os.path.join(args.work, "obj"))
        for d in dirs:
            flags = CFLAGS + ["-I", os.path.join(newlib, d), "-isystem", inc]
            if d.startswith("libm"):
                flags += ["-I", os.path.join(newlib, "libm", "common")]
            for src in sorted(glob.glob(os.path.join(newlib, d, "*.c"))):
                rel = os.path.relpath(src, newlib)
                for suffix, extra in MULTI.get(rel, [("", [])]):
                    if not excluded(rel):
                        library.add(src, rel, flags + extra, suffix)
        for name in MACHINE_SOURCES.get(lib, []):
            library.add(os.path.join(MACHINE, name), "accel/" + name,
                        CFLAGS + ["-isystem", inc])
        library.build(args.ar, os.path.join(args.out, "lib%s.a" % lib),
                      args.jobs)


if __name__ == "__main__":
    main()
