# compiler-rt's own tests of its builtins (compiler-rt/test/builtins/Unit,
# from the llvm-toolchain-19 source package), compiled by our clang and run
# on accel-sim against the libclang_rt.builtins.a we build. They check the
# library's arithmetic (128-bit division, float conversions, complex
# multiply/divide, scalbn, atomics ...) and the code our compiler makes of
# the tests around it.
#
# This stands in for upstream's lit.cfg.py, which wants compiler-rt's
# CMake: the same substitutions and features, for one target. Tests for
# routines the library does not have (REQUIRES: librt_has_<name>), for
# other architectures or for a hosted system (crt, native-run) come out
# UNSUPPORTED. --param opt=-O2 runs the suite optimized (upstream: -O0).
import os
import subprocess

import lit.formats

opt = lit_config.params.get("opt", "-O0")
config.name = "compiler-rt-builtins" + opt
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c", ".cpp"]
# Tests of ARM and PowerPC-only routines.
config.excludes = ["arm", "ppc"]
config.test_source_root = config.unit_tests_dir
config.test_exec_root = os.path.join(
    config.accel_obj_root, "test", "compiler-rt-builtins", opt.lstrip("-"))
# For UNSUPPORTED: target=... lines.
config.target_triple = "accel"

config.environment["PATH"] = os.pathsep.join(
    [config.accel_bin_dir, config.llvm_tools_dir, config.environment.get("PATH", "")])

lib_dir = os.path.join(config.accel_obj_root, "lib", "accel")
library = os.path.join(lib_dir, "libclang_rt.builtins.a")
members = subprocess.run(
    [os.path.join(config.llvm_tools_dir, "llvm-ar"), "t", library],
    capture_output=True, text=True, check=True).stdout.split()
for member in members:
    config.available_features.add("librt_has_" + os.path.splitext(member)[0])
config.available_features.update(["int128", "c99-complex"])

# The driver links the C library and the builtins anyway; %librt names the
# builtins first, as upstream does, so they are the ones under test.
flags = "--target=accel %s -fno-builtin -I %s" % (opt, config.builtins_src_dir)
config.substitutions += [
    ("%clang_builtins ", "clang %s " % flags),
    ("%clangxx_builtins ", "clang++ %s " % flags),
    ("%librt ", "%s -lc -lm " % library),
    ("%run", "accel-sim"),
]
