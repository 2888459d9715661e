#!/usr/bin/python3
"""One step of a make_llm_models.py decoder with PyTorch's outputs as its
test data (accel-run's model directory):

  make_step_case.py DIR NAME BATCH PAST NEW

writes DIR/NAME/model.onnx (make_llm_models.py's export, its seed) and
DIR/NAME/test_data_set_0: BATCH rows of NEW new tokens after a past of
PAST random keys and values per layer, positions PAST to PAST + NEW - 1,
the mask all ones, and the logits and presents of the same model in
PyTorch. NEW = 1 is a decode step; PAST = 0 a prefill (Optimum's: an
empty past). It prints the --input-shape options of the step's shapes,
one per line."""
import os
import sys

import numpy as np
import torch
from onnx import numpy_helper

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                    "graph", "models")
sys.path.insert(0, ROOT)
import make_llm_models  # noqa: E402
from llm import LlamaWithPast  # noqa: E402


def input_shapes(model, batch, past, new):
    """name -> shape of every input of the step."""
    names, _ = model.io_names()
    shapes = {"input_ids": [batch, new],
              "attention_mask": [batch, past + new],
              "position_ids": [batch, new]}
    for n in names[3:]:
        shapes[n] = [batch, model.kv_heads, past, model.head_dim]
    return shapes


def main():
    if len(sys.argv) != 6:
        sys.exit("usage: make_step_case.py DIR NAME BATCH PAST NEW")
    top, name = sys.argv[1:3]
    batch, past, new = (int(a) for a in sys.argv[3:6])
    if name not in make_llm_models.SIZES:
        sys.exit("error: unknown model %s (one of %s)" %
                 (name, ", ".join(make_llm_models.SIZES)))
    seed = 30 + list(make_llm_models.SIZES).index(name)
    onnx_path = os.path.join(top, name, "model.onnx")
    if not os.path.exists(onnx_path):
        make_llm_models.write(top, name, seed)
    torch.manual_seed(seed)
    model = LlamaWithPast(**make_llm_models.SIZES[name]).eval()
    names, outs = model.io_names()
    g = torch.Generator().manual_seed(7)
    ids = torch.randint(0, model.vocab, (batch, new), generator=g)
    mask = torch.ones(batch, past + new, dtype=torch.int64)
    positions = torch.arange(past, past + new)[None].repeat(batch, 1)
    kv = [torch.randn(batch, model.kv_heads, past, model.head_dim,
                      generator=g) for _ in range(2 * model.layers_count)]
    inputs = [ids, mask, positions] + kv
    with torch.no_grad():
        results = model(*inputs)
    d = os.path.join(top, name, "test_data_set_0")
    os.makedirs(d, exist_ok=True)
    for f in os.listdir(d):
        os.remove(os.path.join(d, f))
    for i, (n, t) in enumerate(zip(names, inputs)):
        with open(os.path.join(d, "input_%d.pb" % i), "wb") as f:
            f.write(numpy_helper.from_array(t.numpy(), n).SerializeToString())
    for i, (n, t) in enumerate(zip(outs, results)):
        with open(os.path.join(d, "output_%d.pb" % i), "wb") as f:
            f.write(numpy_helper.from_array(
                np.ascontiguousarray(t.numpy()), n).SerializeToString())
    for n, s in input_shapes(model, batch, past, new).items():
        print("--input-shape %s=%s" % (n, ",".join(map(str, s))))


if __name__ == "__main__":
    main()
