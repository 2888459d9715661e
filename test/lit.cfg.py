# lit configuration for the Accel toolchain tests.
import os
import sys

import lit.formats

config.name = "Accel"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".s", ".test", ".ll", ".mir", ".mlir", ".c", ".cpp"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.accel_obj_root, "test")
# compiler-rt-builtins is a suite of its own (ctest runs it); fuzz/ holds
# the fuzzing tools and harnesses, not tests.
config.excludes = ["unit", "Inputs", "CMakeLists.txt", "lit.cfg.py",
                   "compiler-rt-builtins", "fuzz"]

# Our tools first, then LLVM's FileCheck, not and count.
config.environment["PATH"] = os.pathsep.join(
    [config.accel_bin_dir, config.llvm_tools_dir, config.environment.get("PATH", "")]
)
config.substitutions.append(("%accel_src", config.accel_src_root))
# The accel Python package's directory (PYTHONPATH=%accel_python).
config.substitutions.append(
    ("%accel_python", os.path.join(config.accel_obj_root, "python")))

# The Python lit runs under (Debian's, with numpy for the kernel tests'
# references): the first python3 on PATH may be another.
config.substitutions.append(("%python", sys.executable))
config.substitutions.append(
    ("%expect-exit", "python3 " + os.path.join(config.accel_src_root, "test", "Inputs", "expect_exit.py"))
)

# The runtime objects the linker needs for a complete program. libaccelrt
# comes first, so its exit() (stop at once) is the one crt0 gets; the C
# library supplies what code generation calls (memcpy, memset, ...).
rt = os.path.join(config.accel_obj_root, "lib", "accel")
config.substitutions.append(("%accel_rt", rt))
config.substitutions.append(
    ("%link", "accel-ld %s/crt0.o -L%s -laccelrt -lc" % (rt, rt))
)

# Execution tests run twice under ctest: with the cycle model and in
# functional mode (--param sim=fast), so every program must produce the same
# results both ways. Tests that check cycles or stalls say
# "REQUIRES: cycle-model".
if lit_config.params.get("sim", "timed") == "fast":
    sim_args = ["--fast"]
    # ctest runs both modes at once: each needs its own temporary files.
    config.test_exec_root = os.path.join(config.accel_obj_root, "test-sim-fast")
else:
    sim_args = []
    config.available_features.add("cycle-model")
config.substitutions.append(("%sim", " ".join(["accel-sim"] + sim_args)))

sys.path.insert(0, os.path.join(config.accel_src_root, "test", "Inputs"))

# The machine's sizes from isa/AccelMachine.td, for tests of behaviour at
# their edges: a build with other values runs the same tests.
from isa_records import machine_params  # noqa: E402

params = machine_params(config.accel_src_root,
                        os.path.join(config.llvm_tools_dir, "llvm-tblgen"))
for name, value in [
    ("%dma_channels", params["DmaChannels"]),
    ("%last_channel", params["DmaChannels"] - 1),
    ("%acc_tiles", params["AccTiles"]),
    ("%last_tile", params["AccTiles"] - 1),
    ("%spm_size", params["SpmSize"]),
    ("%spm_mib", params["SpmSize"] // (1 << 20)),
    ("%spm_limit", params["SpmBase"] + params["SpmSize"]),
]:
    config.substitutions.append((name, str(value)))

# Directories of self-checking C/C++ programs (no RUN lines) set
# config.test_format to this in their lit.local.cfg.
from c_program_format import CProgramFormat  # noqa: E402

config.c_program_format = CProgramFormat(sim_args)
