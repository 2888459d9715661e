# lit configuration for the Accel toolchain tests.
import os

import lit.formats

config.name = "Accel"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".s", ".test", ".ll", ".c", ".cpp"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.accel_obj_root, "test")
config.excludes = ["unit", "Inputs", "CMakeLists.txt", "lit.cfg.py"]

# Our tools first, then LLVM's FileCheck, not and count.
config.environment["PATH"] = os.pathsep.join(
    [config.accel_bin_dir, config.llvm_tools_dir, config.environment.get("PATH", "")]
)
config.substitutions.append(("%accel_src", config.accel_src_root))
