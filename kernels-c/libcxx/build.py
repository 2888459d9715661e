#!/usr/bin/env python3
"""Builds libc++ (LLVM's C++ standard library) for Accel: its headers and
libc++.a.

The sources come from Debian's llvm-toolchain-19 source package, fetched
once into the cache like compiler-rt's (scripts/llvm_source.py); only
libcxx/include, libcxx/src and libcxx/vendor/llvm are extracted. The
configuration is __config_site beside this script (no threads, locales or
file system; picolibc underneath), and the file list is
LIBCXX_SOURCES of libcxx/src/CMakeLists.txt plus new.cpp, as libc++'s CMake
builds it with that configuration. There is no C++ ABI library: with
-fno-exceptions -fno-rtti, libc++'s own fallbacks (exception_fallback.ipp)
provide std::exception, std::terminate and the new handler.

Usage: build.py --clang CLANG --ar AR --source-cache DIR --work DIR --out LIBDIR
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from cross_build import (Library, arguments, copy_if_changed,  # noqa: E402
                         write_if_changed)

ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import llvm_source  # noqa: E402

# As libc++'s cxx_add_basic_build_flags and cxx_static: C++23, the
# library's own headers only, the building-the-library macros. GNU mode:
# the C library declares POSIX functions (fileno) only without
# __STRICT_ANSI__.
CXXFLAGS = ["--target=accel", "-O2", "-std=gnu++23", "-nostdinc++",
            "-fno-exceptions", "-fno-rtti", "-faligned-allocation",
            "-fsized-deallocation",
            "-D_LIBCPP_BUILDING_LIBRARY", "-D_LIBCPP_REMOVE_TRANSITIVE_INCLUDES",
            "-w"]


def sources(src):
    """The first set(LIBCXX_SOURCES ...) list of libc++'s CMake (the .cpp
    files built in every configuration), and new.cpp."""
    text = open(os.path.join(src, "CMakeLists.txt")).read()
    block = re.search(r"^set\(LIBCXX_SOURCES\n(.*?)^  \)", text,
                      re.M | re.S).group(1)
    return [f for f in block.split() if f.endswith(".cpp")] + ["new.cpp"]


# Streams and regex need the localization support this configuration
# leaves out; libc++ 19 installs their headers anyway, and they then fail
# deep inside. In their place, headers that say why, where the program
# includes them. (<locale> and <ios> stay: <format> includes them up to
# C++20.)
LOCALIZATION_HEADERS = {"codecvt", "fstream", "iomanip", "iostream",
                        "istream", "ostream", "regex", "sstream",
                        "streambuf", "strstream", "syncstream"}
LOCALIZATION_STUB = """// <%s> for accel: libc++ is built without localization (no locales,
// so no streams or regex). Write output with printf from <cstdio>.
#error "<%s> is not available for accel: libc++ is built without localization support; use <cstdio>"
"""


def install_headers(include, vendor, out):
    """libc++'s headers, our __config_site and the default assertion
    handler into OUT/include/c++/v1, where the driver looks for them."""
    dest = os.path.join(out, "include", "c++", "v1")
    for dirpath, _, files in os.walk(include):
        for f in files:
            src = os.path.join(dirpath, f)
            rel = os.path.relpath(src, include)
            if rel in LOCALIZATION_HEADERS:
                write_if_changed(os.path.join(dest, rel),
                                 (LOCALIZATION_STUB % (rel, rel)).encode())
            elif f != "CMakeLists.txt" and not f.endswith(".in"):
                copy_if_changed(src, os.path.join(dest, rel))
    copy_if_changed(os.path.join(HERE, "__config_site"),
                    os.path.join(dest, "__config_site"))
    copy_if_changed(os.path.join(vendor, "default_assertion_handler.in"),
                    os.path.join(dest, "__assertion_handler"))
    return dest


def main():
    ap = arguments()
    ap.add_argument("--source-cache", required=True)
    args = ap.parse_args()

    parts = ["src", "include", "vendor/llvm"]
    libcxx = llvm_source.extract(args.source_cache, "libcxx",
                                 os.path.join(args.work, "libcxx"), parts)
    src, include, vendor = (os.path.join(libcxx, p) for p in parts)
    headers = install_headers(include, vendor, args.out)
    library = Library(args.clang, os.path.join(args.work, "obj"))
    flags = CXXFLAGS + ["-isystem", headers, "-I", src]
    for name in sources(src):
        library.add(os.path.join(src, name), name, flags)
    library.build(args.ar, os.path.join(args.out, "libc++.a"), args.jobs)


if __name__ == "__main__":
    main()
