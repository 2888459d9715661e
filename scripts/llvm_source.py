"""One directory of the LLVM 19.1.7 source, from Debian's llvm-toolchain-19
source package: fetched once into a cache by fetch-source.sh (which adds a
deb-src entry if needed), then only the wanted directory (or parts of it)
is extracted from the 164 MB tarball, once. Used by compiler-rt's and
libc++'s builds, the codegen robustness sweep and, from the command line
(llvm_source.py CACHE SUBDIR DEST), for compiler-rt's builtins tests.
"""
import glob
import os
import subprocess
import sys

SCRIPTS = os.path.dirname(os.path.abspath(__file__))


def extract(cache, subdir, dest, parts=None):
    """Extracts llvm-project's SUBDIR (e.g. "compiler-rt/lib/builtins"), or
    only its PARTS (paths under SUBDIR, which keep their place, e.g.
    ["include", "src"]), into DEST unless it is already there, in one pass
    over the tarball; returns DEST."""
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
    # Anchored below the top directory ('*' must not match '/'): else
    # llvm/utils/gn/secondary/SUBDIR/... would match as well. A matched
    # directory comes with everything under it.
    patterns = ["*/%s/%s" % (subdir, part) for part in parts] if parts \
        else ["*/%s" % subdir]
    subprocess.run(["tar", "-xf", tarballs[0], "-C", staging, "--wildcards",
                    "--no-wildcards-match-slash",
                    "--strip-components=%d" % depth, *patterns], check=True)
    os.rename(staging, dest)
    return dest


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit("usage: llvm_source.py CACHE SUBDIR DEST")
    extract(*sys.argv[1:])
