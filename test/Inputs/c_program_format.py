"""A lit test format for self-checking C and C++ programs.

Each .c or .cpp file is compiled with clang --target=accel at every level in
OPT_LEVELS, linked with the C library, and run on accel-sim; it passes when
every build compiles and exits with status 0. The file needs no RUN lines:
the programs stay plain C/C++ that also build on a host.
"""
import os
import subprocess

import lit.formats
import lit.Test

OPT_LEVELS = ("-O0", "-O2")
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
        for opt in OPT_LEVELS:
            elf = "%s%s.elf" % (stem, opt)
            steps = [["clang", "--target=accel", opt, "-Wall", src, "-o", elf],
                     ["accel-sim"] + self.sim_args + [elf]]
            for cmd in steps:
                try:
                    proc = subprocess.run(cmd, capture_output=True, text=True,
                                          errors="replace", env=env,
                                          timeout=TIMEOUT_SECONDS)
                except subprocess.TimeoutExpired:
                    return lit.Test.FAIL, "timed out: %s" % " ".join(cmd)
                log.append("$ %s\n%s%s" % (" ".join(cmd), proc.stdout,
                                           proc.stderr))
                if proc.returncode != 0:
                    log.append("exit status %d" % proc.returncode)
                    return lit.Test.FAIL, "\n".join(log)
        return lit.Test.PASS, ""
