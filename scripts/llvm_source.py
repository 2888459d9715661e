"""One directory of the LLVM 19.1.7 source, from Debian's llvm-toolchain-19
source package: fetched once into a cache by fetch-source.sh (which adds a
deb-src entry if needed), then only the wanted directory is extracted from
the 164 MB tarball, once. Used by compiler-rt's build and the codegen
robustness sweep.
"""
import glob
import os
import subprocess
import sys

SCRIPTS = os.path.dirname(os.path.abspath(__file__))


def extract(cache, subdir, dest):
    """Extracts llvm-project's SUBDIR (e.g. "compiler-rt/lib/builtins") into
    DEST unless it is already there; returns DEST."""
    if os.path.isdir(dest):
        return dest
    subprocess.run(["bash", os.path.join(SCRIPTS, "fetch-source.sh"),
                    "llvm-toolchain-19", cache], check=True)
    tarballs = glob.glob(os.path.join(cache, "llvm-toolchain-19_*.orig.tar.xz"))
    if not tarballs:
        sys.exit("no llvm-toolchain-19 source in %s" % cache)
    staging = dest + ".tmp"
    os.makedirs(staging, exist_ok=True)
    depth = 1 + subdir.count("/") + 1  # the top directory, then SUBDIR
    subprocess.run(["tar", "-xf", tarballs[0], "-C", staging, "--wildcards",
                    "--strip-components=%d" % depth, "*/%s/*" % subdir],
                   check=True)
    os.rename(staging, dest)
    return dest
