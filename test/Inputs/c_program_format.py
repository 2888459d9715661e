"""A lit test format for self-checking C and C++ programs.

Each .c or .cpp file is compiled with clang --target=accel (clang++ for C++)
in every configuration of CONFIGS, linked with the C library, and run on
accel-sim; it passes when every build compiles and exits with status 0.
The sanitized configuration traps on undefined behaviour, in the program
or in what the compiler made of it; the LTO one compiles bitcode objects
again as a whole in the linker. In the ROUND_TRIP configuration the
program is also compiled through the assembler (-save-temps), whose object
must be byte for byte the one the compiler writes directly: the assembly
printer and parser agree on every program. The file needs no RUN lines:
the programs stay plain C/C++ that also build on a host. Programs run in
the test's output directory, the simulator's --fs-root, and name any file
they make after argv[0] (the executable), so builds and modes never share
one.
"""
import filecmp
import os
import subprocess

import lit.formats
import lit.Test

CONFIGS = {
    "O0": ["-O0"],
    "O2": ["-O2"],
    "ubsan": ["-O2", "-fsanitize=undefined", "-fsanitize-trap=all"],
    "lto": ["-O2", "-flto"],
}
ROUND_TRIP = "O2"
TIMEOUT_SECONDS = 120


class CProgramFormat(lit.formats.FileBasedTest):
    def __init__(self, sim_args):
        self.sim_args = sim_args

    def execute(self, test, lit_config):
        src = test.getSourcePath()
        out_dir = os.path.dirname(test.getExecPath())
        os.makedirs(out_dir, exist_ok=True)
        stem = os.path.join(out_dir, os.path.basename(src))
        env = dict(os.environ, PATH=test.config.environment["PATH"])
        log = []
        driver = "clang++" if src.endswith(".cpp") else "clang"
        for config, flags in CONFIGS.items():
            obj = "%s.%s.o" % (stem, config)
            elf = "%s.%s.elf" % (stem, config)
            compile_ = [driver, "--target=accel", *flags, "-Wall", "-c", src]
            steps = [compile_ + ["-o", obj]]
            if config == ROUND_TRIP:
                steps.append(compile_ + ["-save-temps=obj", "-o",
                                         obj + ".via-asm"])
            steps += [[driver, "--target=accel", *flags, obj, "-o", elf],
                      ["accel-sim"] + self.sim_args + [elf]]
            for cmd in steps:
                try:
                    proc = subprocess.run(cmd, capture_output=True, text=True,
                                          errors="replace", env=env,
                                          cwd=out_dir,
                                          timeout=TIMEOUT_SECONDS)
                except subprocess.TimeoutExpired:
                    return lit.Test.FAIL, "timed out: %s" % " ".join(cmd)
                log.append("$ %s\n%s%s" % (" ".join(cmd), proc.stdout,
                                           proc.stderr))
                if proc.returncode != 0:
                    log.append("exit status %d" % proc.returncode)
                    return lit.Test.FAIL, "\n".join(log)
                if "-save-temps=obj" in cmd and not filecmp.cmp(
                        obj, obj + ".via-asm", shallow=False):
                    asm = os.path.splitext(src)[0] + ".s"
                    log.append("%s differs from %s.via-asm: the assembly "
                               "(%s) does not assemble to the object the "
                               "compiler wrote" % (obj, obj, os.path.join(
                                   out_dir, os.path.basename(asm))))
                    return lit.Test.FAIL, "\n".join(log)
        return lit.Test.PASS, ""
