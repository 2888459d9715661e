#!/usr/bin/python3
"""LLM decode-step benchmark: one step of each make_llm_models.py decoder
compiled by accel-graphc and run on accel-sim's cycle model under
accel-run --profile, with PyTorch's outputs as the check
(make_step_case.py; --tolerance model), against its roofline.

Cases: the decode step (one new token) after a past of 127 at batch 1, 4
and 8, and the prefill of 128 tokens (batch 1, an empty past, as
Optimum's).

Rooflines, with DMA bytes a cycle = DmaChannels x DmaBytesPerCycle of
isa/AccelMachine.td:
  decode  = (weights read + K/V cache read) / DMA bytes a cycle, the
            weights read being every weight but the embedding table, and
            the step's rows of it; the cache, every layer's past keys and
            values;
  prefill = max(MACs / MacsPerCycle, bytes / DMA bytes a cycle), the MACs
            of the projections, the LM head and attention's two products
            (every query against every key), the bytes of the weights, the
            inputs and the outputs (logits and presents).

Usage: decode_step.py [--build DIR] [--models NAMES] [--cases NAMES]
                      [--docs FILE] [--work DIR]
  cases: b1, b4, b8 (decode), prefill; --docs rewrites the table between
  the markers in FILE."""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "test", "Inputs"))
from isa_records import machine_params  # noqa: E402

MODELS = ["llama-tiny", "llama-small", "llama-16m"]
PAST, PREFILL = 127, 128
CASES = {"b1": (1, PAST, 1), "b4": (4, PAST, 1), "b8": (8, PAST, 1),
         "prefill": (1, 0, PREFILL)}
BEGIN = "<!-- bench/llm/decode_step.py: begin -->"
END = "<!-- bench/llm/decode_step.py: end -->"


def roofline(cfg, batch, past, new, params):
    """(cycles, what bounds it) of the step."""
    d, v, L = cfg["d"], cfg["vocab"], cfg["layers"]
    hd = d // cfg["heads"]
    kvd = cfg["kv_heads"] * hd
    per_layer = 2 * d * d + 2 * d * kvd + 3 * d * cfg["hidden"]
    dma = params["DmaChannels"] * params["DmaBytesPerCycle"]
    embed = v * d * 4
    cache = 2 * L * batch * kvd * past * 4
    tokens = batch * new
    if new == 1:
        read = cfg["weight_bytes"] - embed + tokens * d * 4 + cache
        return read / dma, "bytes"
    total = past + new
    macs = tokens * (L * per_layer + d * v) + \
        L * batch * cfg["heads"] * 2 * new * total * hd
    nbytes = cfg["weight_bytes"] + cache + tokens * 8 * 2 + \
        batch * total * 8 + tokens * v * 4 + 2 * L * batch * kvd * total * 4
    mac_cycles = macs / params["MacsPerCycle"]
    byte_cycles = nbytes / dma
    if mac_cycles >= byte_cycles:
        return mac_cycles, "MACs"
    return byte_cycles, "bytes"


def run_case(bin_dir, work, name, case):
    batch, past, new = CASES[case]
    d = os.path.join(work, "%s-%s" % (name, case))
    shapes = subprocess.run(
        [sys.executable, os.path.join(HERE, "make_step_case.py"), d, name,
         str(batch), str(past), str(new)],
        check=True, capture_output=True, text=True).stdout.split()
    run = subprocess.run(
        [os.path.join(bin_dir, "accel-run"), "--cache",
         os.path.join(work, "cache"), "--profile", "--top", "1",
         "--tolerance", "model"] + shapes + [os.path.join(d, name)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    out = run.stdout
    cycles = re.findall(r"^test_data_set_0: (\d+) cycles", out, re.M)
    if run.returncode or len(cycles) != 1 or "MISMATCH" in out:
        return None, "accel-run exited with %d:\n%s" % (run.returncode,
                                                       out.rstrip())
    with open(os.path.join(d, name, "config.json")) as f:
        cfg = json.load(f)
    return (int(cycles[0]), cfg), None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--models", default=",".join(MODELS))
    ap.add_argument("--cases", default=",".join(CASES))
    ap.add_argument("--docs")
    ap.add_argument("--work")
    args = ap.parse_args()
    params = machine_params(ROOT)
    bin_dir = os.path.join(args.build, "bin")
    work = args.work or tempfile.mkdtemp(prefix="decode-step-")
    rows, failed = [], False
    header = "| model | step | cycles | roofline | x roofline | bound |"
    print(header)
    print("|---|---|---:|---:|---:|---|")
    for name in args.models.split(","):
        for case in args.cases.split(","):
            result, err = run_case(bin_dir, work, name, case)
            if err:
                print("%s %s: %s" % (name, case, err), file=sys.stderr)
                failed = True
                continue
            cycles, cfg = result
            batch, past, new = CASES[case]
            bound, kind = roofline(cfg, batch, past, new, params)
            step = ("decode, batch %d, past %d" % (batch, past)
                    if new == 1 else "prefill of %d" % new)
            row = "| %s | %s | %d | %d | %.2f | %s |" % (
                name, step, cycles, round(bound), cycles / bound, kind)
            print(row, flush=True)
            rows.append(row)
    if failed:
        sys.exit(1)
    if args.docs:
        with open(args.docs) as f:
            text = f.read()
        if BEGIN not in text or END not in text:
            sys.exit("error: %s has no %s ... %s markers" % (args.docs, BEGIN,
                                                            END))
        head, rest = text.split(BEGIN, 1)
        _, tail = rest.split(END, 1)
        table = "\n".join([header, "|---|---|---:|---:|---:|---|"] + rows)
        with open(args.docs, "w") as f:
            f.write(head + BEGIN + "\n" + table + "\n" + END + tail)


if __name__ == "__main__":
    main()
