#!/usr/bin/python3
"""accel-generate: greedy generation with a decoder-with-past ONNX model
(HuggingFace Optimum's convention) on accel-sim (docs/llm.md).

  accel-generate MODEL --prompt-ids 1,2,3 [--max-new-tokens N]
  accel-generate MODEL --prompts FILE        one prompt a line, ids
                                             separated by spaces or commas:
                                             decoded together as a batch,
                                             left-padded
  accel-generate MODEL --prompt-text TEXT    a byte-level model's prompt:
                                             its UTF-8 bytes (the
                                             continuation printed as text)

  options: --max-length L (the KV cache's rows; default the longest
           prompt and the new tokens), --buckets P1,P2,... (the decoding
           steps' past rows: accel-graphc --generate's), --clock-hz HZ
           (default 1e9: the figures in ms and tokens/s), --json OUT,
           --timeline T.json (accel-sim's, with an "Operators" track),
           --cache DIR (the compiled programs)

MODEL is model.onnx or a directory holding it. The model is compiled once
per shape (batch, prompt length, max length, buckets) into the cache, as
Neuron compiles static shapes: a program with the prompt's prefill and
one-token decoding steps over buckets of past rows, the KV caches resident
in the simulator's DRAM and written in place, the greedy token taken on the
accelerator, the whole generation in one simulator run.

Prints the generated ids ("tokens: 400 324 ..."; with a batch, one line per
prompt), the time to first token (cycles and ms), the decode cycles per
token (mean, first, last), tokens/s per user and in total, and the DMA
bytes of a decode step against the bytes it must read: the weights and the
K/V cache rows of its bucket, and the decode step's mean cycles against
that roofline (those bytes at the DMA channels' peak). --json writes
{"tokens", "ttft_cycles", "decode_cycles", "dma_bytes_per_step",
"past_rows", "weight_bytes", "cache_bytes_per_step", "roofline_cycles",
"clock_hz"}; "tokens" is a list per prompt with a batch (--prompts)."""
import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile

import numpy as np
import onnx

from graph_profile import add_operator_track, read_profile  # beside this script
from model_work import machine_peaks  # too

BIN = os.path.dirname(os.path.abspath(__file__))
ONNX_FLOAT_BYTES = {onnx.TensorProto.FLOAT: 4, onnx.TensorProto.FLOAT16: 2,
                    onnx.TensorProto.BFLOAT16: 2, onnx.TensorProto.DOUBLE: 8}


def fail(message):
    print("accel-generate: error: " + message, file=sys.stderr)
    sys.exit(1)


def parse_ids(text, where):
    ids = []
    for field in text.replace(",", " ").split():
        try:
            ids.append(int(field))
        except ValueError:
            fail("%s: '%s' is not a token id" % (where, field))
    if not ids:
        fail("%s: no token ids" % where)
    return ids


def read_prompts(args):
    given = [a for a in (args.prompt_ids, args.prompts, args.prompt_text)
             if a is not None]
    if len(given) != 1:
        fail("give one of --prompt-ids, --prompts and --prompt-text")
    if args.prompt_text is not None:
        if not args.prompt_text:
            fail("--prompt-text: no text")
        return [list(args.prompt_text.encode())], False
    if args.prompt_ids is not None:
        return [parse_ids(args.prompt_ids, "--prompt-ids")], False
    try:
        with open(args.prompts) as f:
            lines = [l for l in f.read().splitlines() if l.strip()]
    except OSError as e:
        fail("--prompts: %s" % e)
    if not lines:
        fail("--prompts %s: no prompts" % args.prompts)
    return [parse_ids(l, "%s:%d" % (args.prompts, n + 1))
            for n, l in enumerate(lines)], True


def model_facts(path):
    """The vocabulary (logits' last dimension), the layers, the caches'
    [KVH, D], the weights' bytes a step reads but for tables it gathers
    rows from, and those tables' bytes a row (a token's embedding), read
    from the model; accel-graphc checks the convention itself."""
    model = onnx.load(path, load_external_data=False)
    outputs = {o.name: o for o in model.graph.output}
    if "logits" not in outputs:
        fail("%s: not a decoder with past (HuggingFace Optimum's convention,"
             " docs/llm.md): no output 'logits'" % path)
    dims = outputs["logits"].type.tensor_type.shape.dim
    if len(dims) != 3 or not dims[2].HasField("dim_value"):
        fail("%s: output 'logits' must be [batch, sequence, vocabulary] with "
             "a static vocabulary" % path)
    inputs = {i.name: i for i in model.graph.input}
    layers = 0
    while "past_key_values.%d.key" % layers in inputs:
        layers += 1
    kv = [0, 0]
    if layers:
        d = inputs["past_key_values.0.key"].type.tensor_type.shape.dim
        kv = [x.dim_value for x in d][1::2] if len(d) == 4 else [0, 0]
    # What a step reads of the weights: all of each but a table it
    # gathers from (the embedding), of which one row a token.
    gathered = {n.input[0] for n in model.graph.node if n.op_type == "Gather"}
    weights, rows = 0, 0
    for t in model.graph.initializer:
        n = int(np.prod(t.dims)) if t.dims else 1
        size = n * ONNX_FLOAT_BYTES.get(t.data_type, 8)
        if t.name in gathered and len(t.dims) == 2:
            rows += size // t.dims[0]
        else:
            weights += size
    return dims[2].dim_value, layers, kv, weights, rows


def compile_program(model, shape_args, cache):
    graphc = os.path.join(BIN, "accel-graphc")
    libdir = os.path.join(os.path.dirname(BIN), "lib", "accel")
    h = hashlib.sha256(" ".join(shape_args).encode())
    for p in [model, graphc] + sorted(
            os.path.join(libdir, f) for f in os.listdir(libdir)
            if f.endswith((".a", ".o"))):
        with open(p, "rb") as f:
            h.update(f.read())
    elf = os.path.join(cache, "gen-" + h.hexdigest()[:24] + ".elf")
    if not os.path.exists(elf):
        os.makedirs(cache, exist_ok=True)
        tmp = elf + ".%d.tmp" % os.getpid()
        r = subprocess.run([graphc, model, "--generate", "-o", tmp] +
                           shape_args)
        if r.returncode:
            sys.exit(r.returncode)  # accel-graphc said why
        os.replace(tmp, elf)
    return elf


def run_program(elf, prompts, length, new_tokens, timeline):
    batch = len(prompts)
    ids = np.zeros((batch, length), np.int64)
    mask = np.zeros((batch, length), np.int64)
    for b, p in enumerate(prompts):
        ids[b, length - len(p):] = p
        mask[b, length - len(p):] = 1
    with tempfile.TemporaryDirectory() as work:
        prompt = os.path.join(work, "prompt.bin")
        result = os.path.join(work, "result.txt")
        with open(prompt, "wb") as f:
            f.write(ids.tobytes() + mask.tobytes())
        cmd = [os.path.join(BIN, "accel-sim"), "--fs-root=/"]
        profile = []
        if timeline:
            cmd.append("--timeline=" + timeline)
            profile = [os.path.join(work, "profile.tsv")]
        r = subprocess.run(cmd + [elf, str(new_tokens), prompt, result] +
                           profile)
        if r.returncode:
            fail("the program failed on the simulator (status %d)" %
                 r.returncode)
        tokens, steps = [], []
        with open(result) as f:
            for line in f:
                fields = line.split()
                if fields[0] == "tokens":
                    tokens.append([int(t) for t in fields[2:]])
                else:
                    steps.append([int(x) for x in fields[2:]])
        if profile:
            add_operator_track(timeline, read_profile(profile[0]))
    return tokens, steps


def main():
    ap = argparse.ArgumentParser(
        description="Greedy generation with a decoder-with-past ONNX model "
                    "on accel-sim")
    ap.add_argument("model", help="model.onnx, or a directory holding it")
    ap.add_argument("--prompt-ids", metavar="IDS")
    ap.add_argument("--prompts", metavar="FILE")
    ap.add_argument("--prompt-text", metavar="TEXT",
                    help="for a byte-level model: the prompt's UTF-8 bytes")
    ap.add_argument("--max-new-tokens", type=int, default=16)
    ap.add_argument("--max-length", type=int)
    ap.add_argument("--buckets", metavar="P1,P2,...")
    ap.add_argument("--clock-hz", type=float, default=1e9)
    ap.add_argument("--json", metavar="OUT")
    ap.add_argument("--timeline", metavar="FILE")
    ap.add_argument("--cache", default=os.path.join(
        tempfile.gettempdir(), "accel-generate-cache"))
    args = ap.parse_args()

    model = args.model
    if os.path.isdir(model):
        model = os.path.join(model, "model.onnx")
    if not os.path.exists(model):
        fail("%s: no such model" % model)
    prompts, batched = read_prompts(args)
    vocab, layers, (heads, head_size), weight_bytes, row_bytes = \
        model_facts(model)
    if args.prompt_text is not None and vocab < 256:
        fail("--prompt-text needs a byte-level model (a vocabulary of 256 "
             "or more), not one of %d" % vocab)
    for n, p in enumerate(prompts):
        for k, t in enumerate(p):
            if not 0 <= t < vocab:
                fail("prompt %d, position %d: id %d is outside the "
                     "vocabulary [0, %d)" % (n + 1, k + 1, t, vocab))
    if args.max_new_tokens < 1:
        fail("--max-new-tokens must be at least 1")
    length = max(len(p) for p in prompts)
    needed = length + args.max_new_tokens - 1
    max_length = args.max_length or needed + 1
    if length >= max_length:
        fail("a prompt of %d tokens is longer than --max-length %d allows "
             "(the prompt and a new token)" % (length, max_length))
    if needed > max_length:
        fail("%d prompt tokens and %d new ones need --max-length %d at "
             "least" % (length, args.max_new_tokens, needed))
    shape_args = ["--batch", str(len(prompts)), "--prompt-length",
                  str(length), "--max-length", str(max_length)]
    if args.buckets:
        shape_args += ["--buckets", args.buckets]
    elf = compile_program(model, shape_args, args.cache)
    tokens, steps = run_program(elf, prompts, length, args.max_new_tokens,
                                args.timeline)

    rate = machine_peaks(BIN)["dma_bytes_per_cycle"]
    batch = len(prompts)
    weight_bytes += batch * row_bytes
    ttft = steps[0][1]
    decode = [s[1] for s in steps[1:]]
    dma = [s[2] for s in steps]
    past = [s[0] for s in steps]
    # A decoding step of past P reads its P + 1 rows of every cache.
    cache_bytes = [2 * layers * batch * heads * (p + 1) * head_size * 4
                   for p in past[1:]]
    roofline = [(weight_bytes + c) / rate for c in cache_bytes]
    hz = args.clock_hz
    if batched:
        for b, t in enumerate(tokens):
            print("tokens %d: %s" % (b, " ".join(map(str, t))))
    else:
        print("tokens: %s" % " ".join(map(str, tokens[0])))
    if args.prompt_text is not None:
        text = bytes(t for t in tokens[0] if t < 256).decode(errors="replace")
        print("text: %s%s" % (args.prompt_text, text))
    print("time to first token: %d cycles (%.3f ms at %.3g GHz; prefill of "
          "%d x %d tokens)" % (ttft, 1e3 * ttft / hz, hz / 1e9, batch, length))
    if decode:
        mean = sum(decode) / len(decode)
        print("decode: %.0f cycles per token (mean; first %d, last %d)" % (
            mean, decode[0], decode[-1]))
        print("tokens/s: %.1f per user, %.1f in total (batch %d)" % (
            hz / mean, batch * hz / mean, batch))
        step_dma = sum(dma[1:]) / len(decode)
        must = weight_bytes + sum(cache_bytes) / len(cache_bytes)
        print("decode step DMA: %.0f bytes, %.3f x the weights' %d and the "
              "cache's %.0f" % (step_dma, step_dma / must, weight_bytes,
                                must - weight_bytes))
        mean_roof = sum(roofline) / len(roofline)
        print("decode step roofline: %.0f cycles ((weights + cache read) / "
              "%d bytes a cycle); the step takes %.2f x it" % (
                  mean_roof, rate, mean / mean_roof))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"tokens": tokens if batched else tokens[0],
                       "ttft_cycles": ttft, "decode_cycles": decode,
                       "dma_bytes_per_step": dma[1:],
                       "prefill_dma_bytes": dma[0],
                       "past_rows": past[1:], "weight_bytes": weight_bytes,
                       "cache_bytes_per_step": cache_bytes,
                       "roofline_cycles": roofline, "clock_hz": hz}, f)


if __name__ == "__main__":
    main()
