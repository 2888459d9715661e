#!/usr/bin/python3
"""Other members of the MoE family (graph/models/families.py's MoE) for
moe-models.test, exported at opset 17 by make_torch_models.py's write()
with PyTorch's output as the reference:

  moe-top4        6 experts of d 48 (SwiGLU 80) choosing 4, over 2 x 20
                  tokens (not a multiple of the kernels' 16 lanes)
  moe-plain       8 experts choosing 2 whose gates are the chosen
                  probabilities as they are (Qwen's norm_topk_prob false)
  moe-mixtral     8 experts choosing 2 by their logits, the gates the
                  softmax of the chosen logits (Mixtral's router)

Usage: make_moe_models.py DIR"""
import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..",
                                "graph", "models"))
import families  # noqa: E402
import make_torch_models  # noqa: E402


class PlainMoE(families.MoE):
    def forward(self, x):
        probs = torch.softmax(self.gate(x), dim=-1)
        weights, chosen = torch.topk(probs, self.top_k, dim=-1)
        gates = torch.zeros_like(probs).scatter(-1, chosen, weights)
        out = self.shared_expert(x)
        for e, expert in enumerate(self.experts):
            out = out + gates[..., e:e + 1] * expert(x)
        return out


class MixtralMoE(families.MoE):
    def forward(self, x):
        logits = self.gate(x)
        chosen_logits, chosen = torch.topk(logits, self.top_k, dim=-1)
        weights = torch.softmax(chosen_logits, dim=-1)
        gates = torch.zeros_like(logits).scatter(-1, chosen, weights)
        out = self.shared_expert(x)
        for e, expert in enumerate(self.experts):
            out = out + expert(x) * gates[..., e:e + 1]
        return out


def main():
    top = sys.argv[1]
    torch.manual_seed(40)
    make_torch_models.write(top, "moe-top4",
                            families.MoE(d=48, hidden=80, experts=6, top_k=4),
                            (2, 20, 48), 17)
    torch.manual_seed(41)
    make_torch_models.write(top, "moe-plain",
                            PlainMoE(d=32, hidden=64, experts=8, top_k=2),
                            (1, 24, 32), 17)
    torch.manual_seed(42)
    make_torch_models.write(top, "moe-mixtral",
                            MixtralMoE(d=32, hidden=64, experts=8, top_k=2),
                            (1, 24, 32), 17)


if __name__ == "__main__":
    main()
