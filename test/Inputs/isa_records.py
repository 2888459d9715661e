"""The records of the ISA TableGen (isa/Accel.td), as llvm-tblgen --dump-json
gives them, and the machine parameters among them. Shared by the manual
check, the machine-parameter check and lit's configuration."""
import json
import os
import shutil
import subprocess
import sys
import tempfile


LLVM19_TBLGEN = "/usr/lib/llvm-19/bin/llvm-tblgen"


def find_tblgen(explicit):
    """The given llvm-tblgen, else LLVM 19's (an llvm-tblgen on PATH may be
    another version's, which cannot read the target's .td files)."""
    if explicit:
        return explicit
    if os.path.exists(LLVM19_TBLGEN):
        return LLVM19_TBLGEN
    return shutil.which("llvm-tblgen") or LLVM19_TBLGEN


def find_llvm_include(explicit, tblgen):
    if explicit:
        return explicit
    guess = os.path.join(os.path.dirname(os.path.realpath(tblgen)), "..",
                         "include")
    if os.path.exists(os.path.join(guess, "llvm", "Target", "Target.td")):
        return os.path.normpath(guess)
    return "/usr/lib/llvm-19/include"


def dump_records(root, tblgen, llvm_include, td="Accel.td"):
    """The records of isa/<td>."""
    isa = os.path.join(root, "isa")
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "accel.json")
        cmd = [tblgen, "--dump-json", "-I", llvm_include, "-I", isa,
               os.path.join(isa, td), "-o", out]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            sys.exit("error: %s failed:\n%s" % (" ".join(cmd), proc.stderr))
        with open(out) as f:
            return json.load(f)


def machine_params(root, tblgen=None):
    """AccelMachine.td's parameters: {"SpmSize": 2097152, ...}. The file
    stands alone, so this reads it alone (milliseconds, where the whole ISA
    takes seconds: lit calls this at every start)."""
    tblgen = find_tblgen(tblgen)
    records = dump_records(root, tblgen, find_llvm_include(None, tblgen),
                           "AccelMachine.td")
    return {n: records[n]["Value"]
            for n in records["!instanceof"]["AccelMachineParam"]}
