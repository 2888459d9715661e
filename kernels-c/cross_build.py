"""Compiles C and C++ sources with our clang --target=accel into a static
library: the shared part of compiler-rt/build.py and libcxx/build.py
(libc/build.py uses the helpers, picolibc having a build of its own).

An object is rebuilt only when its source, its flags or the compiler (the
driver and libAccelTarget.so) changed: each object keeps the hash of all
three beside it.
"""
import argparse
import concurrent.futures
import hashlib
import os
import subprocess
import sys


def arguments():
    """The command-line options every library build takes; callers add the
    one naming their sources."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--clang", required=True, help="our clang")
    ap.add_argument("--ar", required=True, help="llvm-ar")
    ap.add_argument("--work", required=True, help="sources and objects")
    ap.add_argument("--out", required=True, help="where the archives go")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    return ap


def copy_if_changed(src, dst):
    """Copies SRC to DST unless DST already has its contents, so that a
    rebuild leaves installed headers' times (and what depends on them)
    alone."""
    write_if_changed(dst, open(src, "rb").read())


def write_if_changed(dst, data):
    """Writes DATA (bytes) to DST unless DST already holds it."""
    if os.path.exists(dst) and open(dst, "rb").read() == data:
        return
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    with open(dst, "wb") as f:
        f.write(data)


def compiler_hash(clang):
    """A hash of the compiler: the driver and the target library."""
    h = hashlib.sha256()
    real = os.path.realpath(clang)
    for f in (real, os.path.join(os.path.dirname(real), "..", "lib",
                                 "libAccelTarget.so")):
        with open(f, "rb") as data:
            h.update(data.read())
    return h.digest()


class Library:
    """The objects of one archive: add() sources, then build()."""

    def __init__(self, clang, obj_dir):
        self.clang = clang
        self.obj_dir = obj_dir
        self.compiler = compiler_hash(clang)
        self.jobs = []  # (source, object, flags, key)

    def add(self, src, rel, flags, suffix=""):
        obj = os.path.join(self.obj_dir, os.path.splitext(rel)[0] + suffix + ".o")
        with open(src, "rb") as data:
            key = hashlib.sha256(self.compiler + " ".join(flags).encode()
                                 + data.read()).hexdigest()
        self.jobs.append((src, obj, flags, key))

    def _compile(self, job):
        src, obj, flags, key = job
        stamp = obj + ".key"
        if os.path.exists(obj) and os.path.exists(stamp):
            with open(stamp) as f:
                if f.read() == key:
                    return None
        os.makedirs(os.path.dirname(obj), exist_ok=True)
        proc = subprocess.run([self.clang] + flags + ["-c", src, "-o", obj],
                              capture_output=True, text=True)
        if proc.returncode != 0:
            return "%s:\n%s" % (src, proc.stderr)
        with open(stamp, "w") as f:
            f.write(key)
        return None

    def build(self, ar, archive, jobs):
        """Compiles in parallel and archives; exits with the errors if any
        file failed."""
        with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
            errors = [e for e in pool.map(self._compile, self.jobs) if e]
        if errors:
            sys.stderr.write("\n".join(errors))
            sys.exit("%s: %d files failed to compile"
                     % (os.path.basename(archive), len(errors)))
        os.makedirs(os.path.dirname(archive), exist_ok=True)
        if os.path.exists(archive):
            os.remove(archive)
        subprocess.run([ar, "rcs", archive] + [j[1] for j in self.jobs],
                       check=True)
