#!/usr/bin/python3
"""A prefill step of make_llm_models.py's llama-tiny (HuggingFace Optimum's
decoder-with-past: position_ids are an input, so RoPE's cos and sin are
computed at run time) with PyTorch's outputs as its test data:

  make_rope_llm_case.py DIR [PAST NEW]

writes DIR/llama-tiny/model.onnx (make_llm_models.py's export) and
DIR/llama-tiny/test_data_set_0: NEW new tokens (default 8) after a past of
PAST (default 4) random keys and values per layer, positions PAST to
PAST + NEW - 1, the mask all ones; the logits and presents of the same
model in PyTorch (the export's seed). NEW = 1 is a decoding step."""
import os
import sys

import numpy as np
import torch
from onnx import numpy_helper

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                    "..", "graph", "models")
sys.path.insert(0, ROOT)
import make_llm_models  # noqa: E402
from llm import LlamaWithPast  # noqa: E402

NAME = "llama-tiny"


def main():
    top = sys.argv[1]
    PAST, NEW = (int(a) for a in sys.argv[2:4]) if len(sys.argv) > 3 \
        else (4, 8)
    make_llm_models.write(top, NAME, 30 + list(make_llm_models.SIZES).index(
        NAME))
    torch.manual_seed(30 + list(make_llm_models.SIZES).index(NAME))
    model = LlamaWithPast(**make_llm_models.SIZES[NAME]).eval()
    names, outs = model.io_names()
    g = torch.Generator().manual_seed(7)
    ids = torch.randint(0, 256, (1, NEW), generator=g)
    mask = torch.ones(1, PAST + NEW, dtype=torch.int64)
    positions = torch.arange(PAST, PAST + NEW)[None]
    past = [torch.randn(1, model.kv_heads, PAST, model.head_dim, generator=g)
            for _ in range(2 * model.layers_count)]
    inputs = [ids, mask, positions] + past
    with torch.no_grad():
        results = model(*inputs)
    d = os.path.join(top, NAME, "test_data_set_0")
    os.makedirs(d, exist_ok=True)
    for i, (n, t) in enumerate(zip(names, inputs)):
        with open(os.path.join(d, "input_%d.pb" % i), "wb") as f:
            f.write(numpy_helper.from_array(t.numpy(), n).SerializeToString())
    for i, (n, t) in enumerate(zip(outs, results)):
        with open(os.path.join(d, "output_%d.pb" % i), "wb") as f:
            f.write(numpy_helper.from_array(
                np.ascontiguousarray(t.numpy()), n).SerializeToString())


if __name__ == "__main__":
    main()
