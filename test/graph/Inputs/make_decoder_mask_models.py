#!/usr/bin/python3
"""Models of test/graph/decoder-masks.test: a Llama layer (graph/models/
families.py: RMSNorm, RoPE, grouped-query attention with k and v repeated
by Expand and Reshape, SwiGLU) over a batch of left-padded prompts, its
mask built as Hugging Face's decoders build it: a causal mask from a
comparison of aranges (-inf above the diagonal) plus a padding mask
computed at run time from the int64 attention_mask input [B, S]. Written
by PyTorch as a user would (torch.onnx.export at opset 17), each in
ONNX's test-data layout (model.onnx, test_data_set_0/input_0.pb (ids),
input_1.pb (attention_mask), output_0.pb: PyTorch's own output):
  padded-decoder/        S = 32, d = 128, 4 heads over 2 k/v heads (the
                         streamed path), padding (1 - mask) * finfo.min
  padded-decoder-where/  S = 16, d = 64, 4 heads over 1 k/v head (heads
                         of one tile), padding where(mask, 0, finfo.min)
Prompts of the batch are padded on the left by 0, 20 and 3 tokens (0, 5
and 3 at S = 16): the padded queries see only padded keys (every score of
their rows finfo.min, uniform weights in PyTorch and on the kernel alike),
and 20 padded keys are more than a block of 16, all hidden before the
query's first visible key.
  make_decoder_mask_models.py OUT_DIR"""
import os
import sys

import onnx
from onnx import numpy_helper

try:
    import torch
except ImportError:
    sys.exit(0)

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "..", "graph", "models"))
from families import LlamaLayer  # noqa: E402


class PaddedDecoder(torch.nn.Module):
    def __init__(self, vocab, d, heads, kv_heads, hidden, where):
        super().__init__()
        self.embed_tokens = torch.nn.Embedding(vocab, d)
        self.layer = LlamaLayer(d, heads, kv_heads, hidden)
        self.where = where

    def forward(self, ids, attention_mask):
        b, s = ids.shape
        position_ids = torch.arange(s).unsqueeze(0).expand(b, s)
        i = torch.arange(s)
        causal = torch.where(i[None, :] > i[:, None],
                             torch.tensor(float("-inf")),
                             torch.tensor(0.0))[None, None]
        low = torch.finfo(torch.float32).min
        keep = attention_mask[:, None, None, :]
        if self.where:
            pad = torch.where(keep.bool(), torch.tensor(0.0),
                              torch.tensor(low))
        else:
            pad = (1.0 - keep.to(torch.float32)) * low
        x = self.embed_tokens(ids)
        return self.layer(x, position_ids, causal + pad)


def write(out, name, m, ids, mask):
    d = os.path.join(out, name)
    os.makedirs(os.path.join(d, "test_data_set_0"), exist_ok=True)
    m.eval()
    with torch.no_grad():
        y = m(ids, mask)
    path = os.path.join(d, "model.onnx")
    torch.onnx.export(m, (ids, mask), path, opset_version=17,
                      input_names=["ids", "attention_mask"],
                      output_names=["y"])
    onnx.load(path)
    for name_, t in (("input_0", ids), ("input_1", mask), ("output_0", y)):
        with open(os.path.join(d, "test_data_set_0", name_ + ".pb"),
                  "wb") as f:
            f.write(numpy_helper.from_array(t.numpy(), name_).
                    SerializeToString())


def prompts(s, pads, vocab):
    """Ids and attention_mask of len(pads) prompts, each padded on the
    left by its count (pad id 0)."""
    ids = torch.randint(1, vocab, (len(pads), s))
    mask = torch.ones(len(pads), s, dtype=torch.int64)
    for r, p in enumerate(pads):
        ids[r, :p] = 0
        mask[r, :p] = 0
    return ids, mask


def main():
    out = sys.argv[1]
    torch.manual_seed(40)
    ids, mask = prompts(32, (0, 20, 3), 256)
    write(out, "padded-decoder",
          PaddedDecoder(256, 128, 4, 2, 256, where=False), ids, mask)
    ids, mask = prompts(16, (0, 5, 3), 256)
    write(out, "padded-decoder-where",
          PaddedDecoder(256, 64, 4, 1, 128, where=True), ids, mask)


if __name__ == "__main__":
    main()
