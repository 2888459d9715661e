#!/usr/bin/python3
"""The test of accel.generate (test/graph/python-generate.test): a
Llama-style decoder-with-past (graph/models/llm.py's LlamaWithPast, the
size of make_llm_models.py's llama-tiny, its own seed) given as a torch
module and as an exported directory, its greedy tokens on the simulator
against PyTorch's greedy decoding with the same KV cache (llm.greedy),
for a prompt alone and for a left-padded batch; the figures
accel-generate reports; a bad prompt id as an AccelError.
  python_generate.py SRC_ROOT OUT_DIR"""
import os
import sys

import torch

import accel

sys.path.insert(0, os.path.join(sys.argv[1], "graph", "models"))
from llm import LlamaWithPast, greedy  # noqa: E402
from make_llm_models import SIZES, export  # noqa: E402

NEW_TOKENS = 10
PROMPT = [3, 141, 59, 26, 5]
BATCH = [[3, 141, 59, 26, 5], [9, 8], [250, 1, 2, 3, 4, 5, 6]]


def main():
    out = sys.argv[2]
    torch.manual_seed(7)
    model = LlamaWithPast(**SIZES["llama-tiny"]).eval()

    # The module itself: exported into the compile cache, then generated.
    r = accel.generate(model, PROMPT, NEW_TOKENS)
    assert r.tokens == greedy(model, [PROMPT], NEW_TOKENS)[0], r.tokens
    print("module: tokens identical to PyTorch's")
    # One decode step a token after the first; each step's figures.
    assert len(r.decode_cycles) == NEW_TOKENS - 1, r.decode_cycles
    assert len(r.dma_bytes_per_step) == NEW_TOKENS - 1
    assert r.ttft_cycles > 0 and min(r.decode_cycles) > 0
    # Every step reads at least the weights: at least the roofline.
    assert r.decode_vs_roofline >= 1, r.decode_vs_roofline
    assert r.tokens_per_second() == 1e9 / r.mean_decode_cycles
    print("module: the figures of %d decode steps" % len(r.decode_cycles))

    # The same model exported as a directory, a batch of prompts.
    os.makedirs(os.path.join(out, "tiny"), exist_ok=True)
    export(model, os.path.join(out, "tiny", "model.onnx"))
    r = accel.generate(os.path.join(out, "tiny"), BATCH, NEW_TOKENS)
    assert r.tokens == greedy(model, BATCH, NEW_TOKENS), r.tokens
    assert r.batch_size == 3
    assert r.total_tokens_per_second() == 3 * r.tokens_per_second()
    print("batch of %d: tokens identical to PyTorch's" % r.batch_size)

    try:
        accel.generate(os.path.join(out, "tiny"), [1, 256, 2], 4)
        raise SystemExit("an id outside the vocabulary ran")
    except accel.AccelError as e:
        assert e.tool == "accel-generate", e.tool
        print("refused:", e)


if __name__ == "__main__":
    main()
