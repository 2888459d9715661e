# compiler-rt's own tests of its builtins (compiler-rt/test/builtins/Unit,
# from the llvm-toolchain-19 source package), compiled by our clang and run
# on accel-sim against the libclang_rt.builtins.a we build. They check the
# library's arithmetic (128-bit division, float conversions, complex
# multiply/divide, scalbn, atomics ...) and the code our compiler makes of
# the tests around it.
#
# This stands in for upstream's lit.cfg.py, which wants compiler-rt's
# CMake: the same substitutions and features, for one target. Tests for
# routines accel need not have (REQUIRES: librt_has_<name>, not in
# required-builtins.txt), for other architectures or for a hosted system
# (crt, native-run) come out UNSUPPORTED. --param opt=-O2 runs the suite optimized (upstream: -O0).
import os

import lit.formats

opt = lit_config.params.get("opt", "-O0")
# --param sim=fast runs the programs on the functional simulator, as the
# main suite's execution tests also run (test/lit.cfg.py).
fast = lit_config.params.get("sim", "timed") == "fast"
config.name = "compiler-rt-builtins" + opt + ("-sim-fast" if fast else "")
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c", ".cpp"]
# Tests of ARM and PowerPC-only routines.
config.excludes = ["arm", "ppc"]
config.test_source_root = config.unit_tests_dir
config.test_exec_root = os.path.join(
    config.accel_obj_root, "test", "compiler-rt-builtins",
    opt.lstrip("-") + ("-sim-fast" if fast else ""))
# For UNSUPPORTED: target=... lines.
config.target_triple = "accel"

config.environment["PATH"] = os.pathsep.join(
    [config.accel_bin_dir, config.llvm_tools_dir, config.environment.get("PATH", "")])

lib_dir = os.path.join(config.accel_obj_root, "lib", "accel")
library = os.path.join(lib_dir, "libclang_rt.builtins.a")
# What the library must have, not what it has: a routine missing from the
# build fails its test.
with open(os.path.join(os.path.dirname(__file__),
                       "required-builtins.txt")) as f:
    for line in f:
        name = line.split("#")[0].strip()
        if name:
            config.available_features.add("librt_has_" + name)
config.available_features.update(["int128", "c99-complex"])

# The driver links the C library and the builtins anyway; %librt names the
# builtins first, as upstream does, so they are the ones under test.
flags = "--target=accel %s -fno-builtin -I %s" % (opt, config.builtins_src_dir)
config.substitutions += [
    ("%clang_builtins ", "clang %s " % flags),
    ("%clangxx_builtins ", "clang++ %s " % flags),
    ("%librt ", "%s -lc -lm " % library),
    ("%run", "accel-sim" + (" --fast" if fast else "")),
]
