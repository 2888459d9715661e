"""Running a compiled program on accel-sim with torch tensors."""
import json
import os
import tempfile
import time

from . import tensors, tools
from .graph_profile import read_profile


class RunStats:
    """What accel-sim measured of one run of the model (its region: the
    model's operators, not the program's loading). Without the cycle
    model (fast) there are no cycles: cycles and matrix_utilization are
    None, bundles counts what ran.

      cycles, bundles, macs, dma_bytes, matrix_utilization (useful MACs
      over the matrix unit's peak times cycles), macs_per_cycle (the
      peak), busy (each unit's share of cycles), stalls (cycles by
      cause), seconds (the simulator's wall time), stats (accel-sim's
      whole --stats-json), ops (with profile: one dict an operator in run
      order: name, start, cycles, macs, dma_bytes, bound, the roofline
      bound accel-graphc gives it)."""

    def __init__(self, stats, ops, seconds):
        region = stats.get("region", stats)
        timed = region.get("timed", True)
        self.stats, self.ops, self.seconds = stats, ops, seconds
        self.cycles = region["cycles"] if timed else None
        self.matrix_utilization = (region.get("matrix_utilization")
                                   if timed else None)
        self.bundles = region.get("bundles")
        self.macs = region.get("macs")
        self.dma_bytes = region.get("dma_bytes")
        self.macs_per_cycle = region.get("macs_per_cycle")
        self.busy = region.get("busy", {})
        self.stalls = region.get("stalls", {})

    def milliseconds(self, clock_hz=1e9):
        """The run's time at the clock (1 GHz unless given)."""
        return None if self.cycles is None else 1e3 * self.cycles / clock_hz

    def table(self, top=0):
        """With profile: the operators by cycles, largest first (the top
        ones if top), as accel-run --profile prints them: cycles, share,
        matrix utilization, DMA bytes, roofline bound and its share of
        the operator's cycles (in fast mode, bundles for cycles)."""
        if self.ops is None:
            return "no profile: compile with profile=True"
        total = self.cycles if self.cycles is not None else self.bundles
        lines = ["%10s %6s %7s %10s %9s %6s  %s" % (
            "cycles", "share", "matrix", "DMA bytes", "roofline", "of it",
            "operator (node (op type) [+ ...])")]
        ranked = sorted(self.ops, key=lambda o: -o["cycles"])
        for op in ranked[:top] if top else ranked:
            cycles = max(op["cycles"], 1)
            lines.append("%10d %5.1f%% %7.3f %10d %9d %5.1f%%  %s" % (
                op["cycles"], 100.0 * op["cycles"] / max(total, 1),
                op["macs"] / (self.macs_per_cycle * cycles),
                op["dma_bytes"], op["bound"], 100.0 * op["bound"] / cycles,
                op["name"]))
        return "\n".join(lines)

    def __repr__(self):
        if self.cycles is None:
            return "RunStats(%d bundles, fast)" % self.bundles
        return "RunStats(%d cycles, matrix utilization %.3f)" % (
            self.cycles, self.matrix_utilization)


def run(program, inputs, fast=False, profile=False):
    """The program's outputs for inputs (torch tensors in the order of its
    graph inputs) and the RunStats."""
    with tempfile.TemporaryDirectory(prefix="accel-") as work:
        ins = []
        for k, (x, value) in enumerate(zip(inputs, program.inputs)):
            ins.append(os.path.join(work, "in%d.bin" % k))
            tensors.write(x, value, ins[-1])
        outs = [os.path.join(work, "out%d.bin" % k)
                for k in range(len(program.outputs))]
        stats = os.path.join(work, "stats.json")
        prof = [os.path.join(work, "profile.tsv")] if profile else []
        start = time.time()
        tools.run("accel-sim", ["--fs-root=/", "--stats-json=" + stats] +
                  (["--fast"] if fast else []) + [program.elf] + ins +
                  outs + prof)
        seconds = time.time() - start
        with open(stats) as f:
            st = json.load(f)
        ys = [tensors.read(p, v) for p, v in zip(outs, program.outputs)]
        ops = read_profile(prof[0]) if prof else None
    return ys, RunStats(st, ops, seconds)
