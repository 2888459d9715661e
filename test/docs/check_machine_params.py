#!/usr/bin/env python3
"""Checks that the machine parameters of isa/AccelMachine.td reach every
tool that depends on them: clang's __ACCEL_*__ macros, accel.h's channel
and tile checks, the simulator's largest mmac K, the scratchpad's budget
(accel_spm_budget.h) with the kernel library, the linker's scratchpad size
and the simulator's channels, tiles and memory map.

Usage: check_machine_params.py <repo root> <work dir>
Runs llvm-tblgen (test/Inputs/isa_records.py), and clang and accel-sim from
PATH. Prints each disagreement and exits 1 on any.
"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "Inputs"))
from isa_records import machine_params  # noqa: E402

# A program at the edges the parameters set: the last DMA channel, the last
# accumulator tile, the largest K of one mmac and the last bytes of the
# scratchpad.
EDGES_C = r"""
#include <accel.h>
#include <string.h>
enum { LAST_CH = __ACCEL_DMA_CHANNELS__ - 1, LAST_TILE = __ACCEL_TILES__ - 1 };
static float src[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
ACCEL_SPM static float tile[__ACCEL_TILE_DIM__ * __ACCEL_TILE_DIM__];
ACCEL_SPM static float a[__ACCEL_TILE_DIM__ * __ACCEL_MATMUL_MAX_K__];
ACCEL_SPM static float b[__ACCEL_MATMUL_MAX_K__ * __ACCEL_TILE_DIM__];
int main(void) {
  float *spm_end = (float *)(__ACCEL_SPM_BASE__ + __ACCEL_SPM_SIZE__);
  accel_dma_1d(LAST_CH, spm_end - 16, src, sizeof src);
  accel_dma_wait(LAST_CH);
  if (memcmp(spm_end - 16, src, sizeof src) != 0)
    return 1;
  accel_mzero(LAST_TILE);
  accel_mmac(LAST_TILE, a, b, __ACCEL_MATMUL_MAX_K__);
  accel_mst(LAST_TILE, tile);
  return tile[0] == 0.0f ? 0 : 2;
}
"""

# The scratchpad's budget (accel_spm_budget.h) as a graph program takes it:
# the kernels' arena and stack (accel_gemm links both), the runtime's
# buffers and the records at their budgets. The linker must place them all.
BUDGET_C = r"""
#include <accel.h>
#include <accel_kernels.h>
#include <accel_spm_budget.h>
ACCEL_SPM char runtime_buffers[ACCEL_SPM_GRAPH_RUNTIME_BYTES];
ACCEL_SPM char records[ACCEL_SPM_GRAPH_RECORD_BYTES];
static float a[4], b[4], c[4];
int main(void) {
  accel_tensor ta = {a, ACCEL_F32, 2, {2, 2}, {2, 1}};
  accel_tensor tb = {b, ACCEL_F32, 2, {2, 2}, {2, 1}};
  accel_tensor tc = {c, ACCEL_F32, 2, {2, 2}, {2, 1}};
  runtime_buffers[0] = records[0] = 1;
  return accel_gemm(&ta, &tb, &tc, 0) != ACCEL_OK;
}
"""

# One byte past the scratchpad: the simulator must fault.
PAST_SPM_C = r"""
int main(void) {
  *(volatile char *)(__ACCEL_SPM_BASE__ + __ACCEL_SPM_SIZE__) = 1;
  return 0;
}
"""

# A scratchpad buffer one byte too large: the linker must refuse it.
TOO_BIG_C = r"""
#include <accel.h>
ACCEL_SPM char big[__ACCEL_SPM_SIZE__ + 1];
int main(void) { return big[0]; }
"""


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True)


def main():
    root, work = sys.argv[1], sys.argv[2]
    os.makedirs(work, exist_ok=True)
    p = machine_params(root)
    errors = []

    want = {
        "__ACCEL_VECTOR_LANES__": p["VectorLanes"],
        "__ACCEL_VECTOR_BYTES__": p["VectorLanes"] * 4,
        "__ACCEL_TILE_DIM__": p["TileDim"],
        "__ACCEL_TILES__": p["AccTiles"],
        "__ACCEL_MATMUL_MAX_K__": p["MatmulMaxK"],
        "__ACCEL_DMA_CHANNELS__": p["DmaChannels"],
        "__ACCEL_DMA_BYTES_PER_CYCLE__": p["DmaBytesPerCycle"],
        "__ACCEL_DMA_QUEUE_DEPTH__": p["DmaQueueDepth"],
        "__ACCEL_DRAM_BURST_BYTES__": p["DramBurstBytes"],
        "__ACCEL_STREAM_LANES__": p["StreamLanes"],
        "__ACCEL_SPM_BASE__": p["SpmBase"],
        "__ACCEL_SPM_SIZE__": p["SpmSize"],
        "__ACCEL_DRAM_BASE__": p["DramBase"],
        "__ACCEL_DRAM_SIZE__": p["DramSize"],
    }
    macros = run(["clang", "--target=accel", "-dM", "-E", "-x", "c",
                  os.devnull])
    defined = {}
    for line in macros.stdout.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[0] == "#define":
            defined[parts[1]] = parts[2]
    for name, value in want.items():
        if defined.get(name) != str(value):
            errors.append("clang defines %s as %s, AccelMachine.td says %d"
                          % (name, defined.get(name), value))

    def build(name, text, libs=()):
        src = os.path.join(work, name + ".c")
        with open(src, "w") as f:
            f.write(text)
        elf = os.path.join(work, name + ".elf")
        return run(["clang", "--target=accel", "-O2", src, "-o", elf]
                   + list(libs)), elf

    compiled, elf = build("edges", EDGES_C)
    if compiled.returncode != 0:
        errors.append("the last channel and tile do not compile:\n"
                      + compiled.stderr)
    else:
        ran = run(["accel-sim", elf])
        if ran.returncode != 0:
            errors.append("accel-sim rejects the last channel, tile, "
                          "mmac K or scratchpad bytes (exit %d): %s"
                          % (ran.returncode, ran.stderr))

    compiled, elf = build("budget", BUDGET_C, ["-laccelkernels"])
    if compiled.returncode == 0:
        ran = run(["accel-sim", elf])
    if compiled.returncode != 0 or ran.returncode != 0:
        errors.append("the scratchpad's budget (accel_spm_budget.h) does not "
                      "fit with the kernels: %s"
                      % (compiled.stderr if compiled.returncode else
                         ran.stderr))

    compiled, elf = build("past_spm", PAST_SPM_C)
    ran = run(["accel-sim", elf]) if compiled.returncode == 0 else None
    if not ran or ran.returncode == 0 or "outside memory" not in ran.stderr:
        errors.append("accel-sim does not fault one byte past the "
                      "scratchpad: %s" % (ran.stderr if ran else
                                          compiled.stderr))

    compiled, _ = build("too_big", TOO_BIG_C)
    if compiled.returncode == 0 or "SPM" not in compiled.stderr:
        errors.append("the linker accepts a scratchpad buffer of SpmSize + 1 "
                      "bytes: %s" % compiled.stderr)

    for e in errors:
        print("machine parameters: " + e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
