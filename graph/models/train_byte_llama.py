#!/usr/bin/python3
"""Trains a small byte-level Llama-style decoder (llm.py's LlamaWithPast:
vocabulary 256, the bytes of UTF-8 text) on the repository's own docs,
deterministically (fixed seed, fixed steps, one thread), and writes it as
make_llm_models.py writes its models: HuggingFace Optimum's
decoder-with-past ONNX, config.json, and expected.json with PyTorch's
greedy continuation of a prompt (with the KV cache) for accel-generate's
tokens to be checked against.

  train_byte_llama.py DIR [--steps N] [--prompt TEXT] [--new-tokens N]

writes DIR/llama-docs/. About 100 s on two cores (the main job)."""
import argparse
import glob
import json
import os
import sys
import time

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from llm import LlamaWithPast, greedy  # noqa: E402
from make_llm_models import export  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
# Small and trained fast: within the main job's two minutes, a smaller
# model with more steps reaches a lower loss (d 64, 500 steps: 1.91 nats a
# byte; d 96, 250 steps: 2.03).
CONFIG = dict(vocab=256, d=64, heads=4, kv_heads=2, hidden=176, layers=2)
LEARNING_RATE = 1e-2


def corpus():
    text = b""
    for path in sorted(glob.glob(os.path.join(ROOT, "docs", "*.md"))):
        with open(path, "rb") as f:
            text += f.read()
    return torch.tensor(list(text), dtype=torch.int64)


def train(model, data, steps, batch=16, length=64):
    opt = torch.optim.AdamW(model.parameters(), lr=LEARNING_RATE, weight_decay=0.01)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=LEARNING_RATE,
                                                total_steps=steps)
    gen = torch.Generator().manual_seed(1)
    mask = torch.ones(batch, length, dtype=torch.int64)
    positions = torch.arange(length).expand(batch, length)
    past = model.empty_past(batch)
    loss = None
    for _ in range(steps):
        starts = torch.randint(0, len(data) - length - 1, (batch,),
                               generator=gen)
        x = torch.stack([data[s:s + length] for s in starts])
        y = torch.stack([data[s + 1:s + length + 1] for s in starts])
        logits = model(x, mask, positions, *past)[0]
        loss = torch.nn.functional.cross_entropy(
            logits.reshape(-1, CONFIG["vocab"]), y.reshape(-1))
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
    return float(loss)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dir")
    ap.add_argument("--steps", type=int, default=500)
    ap.add_argument("--prompt", default="The simulator ")
    ap.add_argument("--new-tokens", type=int, default=48)
    args = ap.parse_args()
    torch.manual_seed(0)
    torch.set_num_threads(2)  # the same sums in the same order, every run
    model = LlamaWithPast(**CONFIG)
    data = corpus()
    start = time.time()
    loss = train(model.train(), data, args.steps)
    model.eval()
    print("trained on %d bytes of docs/*.md: %d steps in %.0f s, loss %.2f "
          "nats a byte" % (len(data), args.steps, time.time() - start, loss))
    out = os.path.join(args.dir, "llama-docs")
    os.makedirs(out, exist_ok=True)
    export(model, os.path.join(out, "model.onnx"))
    prompt = list(args.prompt.encode())
    expected = {"prompts": [prompt], "new_tokens": args.new_tokens,
                "tokens": greedy(model, [prompt], args.new_tokens)}
    expected["batch_tokens"] = expected["tokens"]
    with open(os.path.join(out, "expected.json"), "w") as f:
        json.dump(expected, f)
    weight_bytes = sum(p.numel() * 4 for p in model.parameters())
    with open(os.path.join(out, "config.json"), "w") as f:
        json.dump(dict(CONFIG, weight_bytes=weight_bytes), f)


if __name__ == "__main__":
    main()
