#!/usr/bin/python3
"""Writes Llama-style decoders as users export them for generation:
HuggingFace Optimum's decoder-with-past ONNX (llm.py says the inputs and
outputs), one model with dynamic batch, sequence and past lengths
(torch.onnx.export's dynamic_axes, opset 17), random weights of a fixed
seed, and PyTorch's greedy continuation of fixed prompts as the expected
tokens. Each model is a directory:

  model.onnx      the decoder-with-past
  expected.json   {"prompts": [[ids]...], "new_tokens": N,
                   "tokens": [[ids]...]}: PyTorch's greedy tokens for the
                   prompts decoded alone, and "batch_tokens" for all of
                   them decoded together (left-padded)
  config.json     vocab, d, heads, kv_heads, hidden, layers, weight bytes

  llama-tiny    vocabulary 256, d 64, 4 heads, 2 kv heads, 2 layers
  llama-small   vocabulary 512, d 128, 4 heads, 2 kv heads, 2 layers
  llama-16m     vocabulary 1024, d 384, 6 heads, 2 kv heads, SwiGLU 1024,
                2 layers: 16 MiB of weights (the decode step's roofline
                is its weights' bandwidth)

Usage: make_llm_models.py DIR [NAME...]   (Debian's python3-torch)"""
import json
import os
import sys

import torch

from llm import LlamaWithPast, greedy

SIZES = {
    "llama-tiny": dict(vocab=256, d=64, heads=4, kv_heads=2, hidden=176,
                       layers=2),
    "llama-small": dict(vocab=512, d=128, heads=4, kv_heads=2, hidden=352,
                        layers=2),
    "llama-16m": dict(vocab=1024, d=384, heads=6, kv_heads=2, hidden=1024,
                      layers=2),
}
PROMPTS = [[1, 17, 42, 99, 7, 3], [5, 6, 7], [200, 11, 13, 12, 90, 91, 2, 4]]
NEW_TOKENS = 12


def export(model, path):
    inputs, outputs = model.io_names()
    # Traced with a past of 2 so that no dimension is specialized to 0.
    ids = torch.tensor([[1, 2, 3]])
    mask = torch.ones(1, 5, dtype=torch.int64)
    positions = torch.arange(2, 5)[None]
    past = [torch.zeros(1, model.kv_heads, 2, model.head_dim)
            for _ in range(2 * model.layers_count)]
    axes = {"input_ids": {0: "batch", 1: "sequence"},
            "attention_mask": {0: "batch", 1: "total_sequence"},
            "position_ids": {0: "batch", 1: "sequence"},
            "logits": {0: "batch", 1: "sequence"}}
    for n in inputs[3:]:
        axes[n] = {0: "batch", 2: "past_sequence"}
    for n in outputs[1:]:
        axes[n] = {0: "batch", 2: "total_sequence"}
    torch.onnx.export(model, (ids, mask, positions, *past), path,
                      opset_version=17, input_names=inputs,
                      output_names=outputs, dynamic_axes=axes,
                      do_constant_folding=False)


def write(top, name, seed):
    cfg = SIZES[name]
    torch.manual_seed(seed)
    model = LlamaWithPast(**cfg).eval()
    d = os.path.join(top, name)
    os.makedirs(d, exist_ok=True)
    export(model, os.path.join(d, "model.onnx"))
    expected = {"prompts": PROMPTS, "new_tokens": NEW_TOKENS,
                "tokens": [greedy(model, [p], NEW_TOKENS)[0]
                           for p in PROMPTS],
                "batch_tokens": greedy(model, PROMPTS, NEW_TOKENS)}
    with open(os.path.join(d, "expected.json"), "w") as f:
        json.dump(expected, f)
    weight_bytes = sum(p.numel() * 4 for p in model.parameters())
    with open(os.path.join(d, "config.json"), "w") as f:
        json.dump(dict(cfg, weight_bytes=weight_bytes), f)


def main():
    top, wanted = sys.argv[1], sys.argv[2:] or list(SIZES)
    for seed, name in enumerate(SIZES, 30):
        if name in wanted:
            write(top, name, seed)


if __name__ == "__main__":
    main()
