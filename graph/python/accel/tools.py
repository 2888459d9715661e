"""Where the toolchain's programs and the compile cache are, and running
a program so that a failure is an AccelError carrying its message."""
import os
import subprocess

from .errors import AccelError

PACKAGE_DIR = os.path.dirname(os.path.realpath(__file__))


def bin_dir():
    """$ACCEL_BIN, or the build tree's bin/ beside this package
    (build/python/accel -> build/bin)."""
    return os.environ.get("ACCEL_BIN") or os.path.join(
        os.path.dirname(os.path.dirname(PACKAGE_DIR)), "bin")


def tool(name):
    path = os.path.join(bin_dir(), name)
    if not os.access(path, os.X_OK):
        raise AccelError("%s: not found in %s (build the project, or set "
                         "ACCEL_BIN to the directory holding it)" % (
                             name, bin_dir()), name)
    return path


def lib_dir():
    """The libraries programs link (build/lib/accel): part of what a
    compiled program is, as accel-run keys its cache."""
    return os.path.join(os.path.dirname(bin_dir()), "lib", "accel")


def cache_dir(cache=None):
    """The compile cache: the argument, $ACCEL_CACHE, or ~/.cache/accel
    ($XDG_CACHE_HOME/accel)."""
    if cache:
        return cache
    if os.environ.get("ACCEL_CACHE"):
        return os.environ["ACCEL_CACHE"]
    return os.path.join(os.environ.get("XDG_CACHE_HOME") or
                        os.path.expanduser("~/.cache"), "accel")


def first_error_line(text, name):
    """The line a tool says why in: its first one with "error" in it, else
    its first one in its name ("accel-sim: ..."), else its last one."""
    lines = [l.strip() for l in text.splitlines() if l.strip()]
    for line in lines:
        if "error" in line.lower():
            return line
    for line in lines:
        if line.startswith(name + ":"):
            return line
    return lines[-1] if lines else ""


def run(name, args, capture_stdout=True):
    """Runs the tool; returns its standard output. A non-zero exit is an
    AccelError with the tool's message."""
    path = tool(name)
    try:
        r = subprocess.run([path] + list(args), stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE if capture_stdout else None,
                           stderr=subprocess.PIPE, text=True)
    except OSError as e:
        raise AccelError("%s: cannot run: %s" % (name, e.strerror),
                         name) from None
    if r.returncode:
        message = first_error_line(r.stderr, name) or (
            "%s exited with status %d" % (name, r.returncode))
        raise AccelError(message, name, r.stderr)
    return r.stdout or ""
