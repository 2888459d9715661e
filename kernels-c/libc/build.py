#!/usr/bin/env python3
"""Builds the C library (libc.a, libm.a) for Accel from picolibc's sources.

The sources are Debian's picolibc source package, fetched once into the
source cache by scripts/fetch-source.sh (1.8.10-2 from the trixie
release: bookworm's 1.8-1 has lost its tarballs on the mirror). They are
extracted once, the patches in patches/ add Accel to picolibc's machine
headers (and CLOCK_MONOTONIC to sys/features.h), and machine/accel/ becomes picolibc's newlib/libc/machine/accel.
picolibc's own meson build then compiles the library with our clang
--target=accel, recompiling only what changed: everything when the
compiler changed. The headers are installed for the driver, which finds
them without flags.

Usage: build.py --clang CLANG --ar AR --source-cache DIR --work DIR --out LIBDIR
"""
import glob
import hashlib
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from cross_build import (arguments, compiler_hash, copy_if_changed,  # noqa: E402
                         write_if_changed)

SCRIPTS = os.path.join(os.path.dirname(os.path.dirname(HERE)), "scripts")

# picolibc's configuration (its meson_options.txt documents each option).
OPTIONS = {
    # Only the library: no multilibs, tests, semihosting or picolibc's crt0
    # (the runtime has Accel's).
    "multilib": "false",
    "tests": "false",
    "semihost": "false",
    "picocrt": "false",
    "specsdir": "none",
    # One core, no threads: no thread-local storage, no locks.
    "thread-local-storage": "false",
    "single-thread": "true",
    # stdin, stdout and stderr over read() and write() (the runtime's).
    "posix-console": "true",
    # The whole of C17's printf and scanf, and C23's %b.
    "io-long-long": "true",
    "io-long-double": "true",
    "io-pos-args": "true",
    "printf-percent-n": "true",
    "io-percent-b": "true",
    "io-wchar": "true",
    # UTF-8 locales ("C.UTF-8") for the multibyte and <uchar.h> functions.
    "mb-capable": "true",
    # newlib's exit (with C11's quick_exit) and full allocator (dlmalloc),
    # not the space-saving ones.
    "picoexit": "false",
    "newlib-nano-malloc": "false",
    "optimization": "2",
    "debug": "false",
    "b_ndebug": "true",
}

# meson's description of the machine. -nostdlibinc: picolibc's own
# headers, not the installed copy. meson's configure checks link programs
# with -nostdlib, so without crt0: main is their entry.
CROSS_FILE = """[binaries]
c = ['{clang}', '--target=accel', '-nostdlibinc']
ar = '{ar}'

[host_machine]
system = 'none'
cpu_family = 'accel'
cpu = 'accel'
endian = 'little'

[properties]
skip_sanity_check = true

[built-in options]
c_link_args = ['-Wl,--entry=main']
"""


def fetch(cache):
    """The upstream tarball, fetched into CACHE once."""
    subprocess.run(["bash", os.path.join(SCRIPTS, "fetch-source.sh"),
                    "picolibc", cache], check=True)
    tarballs = glob.glob(os.path.join(cache, "picolibc_*.orig.tar.*"))
    if not tarballs:
        sys.exit("no picolibc source in %s" % cache)
    return tarballs[0]


def tree_hash(paths):
    """A hash of the named files' contents and relative names."""
    h = hashlib.sha256()
    for p in paths:
        h.update(os.path.relpath(p, HERE).encode())
        with open(p, "rb") as f:
            h.update(f.read())
    return h.hexdigest()


def extract(tarball, work):
    """Extracts and patches the sources once (again when a patch or a
    machine file changes); returns the source tree."""
    src = os.path.join(work, "src")
    stamp = os.path.join(work, "src.stamp")
    patches = sorted(glob.glob(os.path.join(HERE, "patches", "*.patch")))
    machine = os.path.join(HERE, "machine", "accel")
    machine_files = sorted(glob.glob(os.path.join(machine, "**"),
                                     recursive=True))
    want = tarball + tree_hash(patches + [f for f in machine_files
                                          if os.path.isfile(f)])
    if os.path.exists(stamp) and open(stamp).read() == want:
        return src
    shutil.rmtree(src, ignore_errors=True)
    os.makedirs(src)
    subprocess.run(["tar", "-xf", tarball, "-C", src, "--strip-components=1"],
                   check=True)
    for p in patches:
        subprocess.run(["patch", "-s", "-p1", "-d", src, "-i", p], check=True)
    shutil.copytree(machine, os.path.join(src, "newlib", "libc", "machine",
                                          "accel"))
    open(stamp, "w").write(want)
    return src


def configure_and_build(args, src):
    """picolibc's meson build with our clang as a cross compiler; installs
    into WORK/install and returns that."""
    obj = os.path.join(args.work, "obj")
    install_dir = os.path.join(args.work, "install")
    cross = CROSS_FILE.format(clang=os.path.abspath(args.clang),
                              ar=os.path.abspath(args.ar))
    # ninja tracks sources and flags, not the compiler: configure afresh
    # when it or the configuration changed.
    config = hashlib.sha256(compiler_hash(args.clang) + cross.encode()
                            + repr(OPTIONS).encode()).hexdigest()
    stamp = os.path.join(args.work, "config.hash")
    if not os.path.exists(stamp) or open(stamp).read() != config:
        shutil.rmtree(obj, ignore_errors=True)
        os.makedirs(obj)
        cross_file = os.path.join(args.work, "accel-cross.txt")
        write_if_changed(cross_file, cross.encode())
        run_quietly(["meson", "setup", obj, src, "--cross-file", cross_file,
                     "--prefix", install_dir]
                    + ["-D%s=%s" % kv for kv in OPTIONS.items()],
                    "configuring picolibc")
        write_if_changed(stamp, config.encode())
    run_quietly(["ninja", "-C", obj, "-j", str(args.jobs)], "building picolibc")
    shutil.rmtree(install_dir, ignore_errors=True)
    run_quietly(["meson", "install", "-C", obj, "--quiet", "--no-rebuild"],
                "installing picolibc")
    return install_dir


def run_quietly(command, what):
    """Runs COMMAND; shows its output only when it fails."""
    proc = subprocess.run(command, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True)
    if proc.returncode != 0:
        sys.stderr.write(proc.stdout)
        sys.exit("build.py: %s failed" % what)


def install(install_dir, out):
    """libc.a and libm.a (empty: picolibc's libm is inside libc.a, but
    programs link with -lm); the headers into include/libc, which holds
    exactly picolibc's. Copied only when changed, so that a rebuild leaves
    what depends on them alone."""
    for lib in ("libc.a", "libm.a"):
        copy_if_changed(os.path.join(install_dir, "lib", lib),
                        os.path.join(out, lib))
    top = os.path.join(install_dir, "include")
    inc = os.path.join(out, "include", "libc")
    wanted = set()
    for dirpath, _, files in os.walk(top):
        for f in files:
            rel = os.path.relpath(os.path.join(dirpath, f), top)
            wanted.add(rel)
            copy_if_changed(os.path.join(top, rel), os.path.join(inc, rel))
    for dirpath, _, files in os.walk(inc):
        for f in files:
            path = os.path.join(dirpath, f)
            if os.path.relpath(path, inc) not in wanted:
                os.remove(path)


def main():
    ap = arguments()
    ap.add_argument("--source-cache", required=True)
    args = ap.parse_args()
    src = extract(fetch(args.source_cache), args.work)
    install(configure_and_build(args, src), args.out)


if __name__ == "__main__":
    main()
