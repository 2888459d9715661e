#!/usr/bin/python3
"""Another member of the MoE family (graph/models/families.py's MoE) for
moe-fusion.test: 6 experts of d 48 (SwiGLU 80) choosing 4, over 2 x 20
tokens (not a multiple of the kernels' 16 lanes), exported at opset 17 by
make_torch_models.py's write() with PyTorch's output as the reference.

Usage: make_moe_models.py DIR"""
import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..",
                                "graph", "models"))
import families  # noqa: E402
import make_torch_models  # noqa: E402


def main():
    torch.manual_seed(40)
    model = families.MoE(d=48, hidden=80, experts=6, top_k=4)
    make_torch_models.write(sys.argv[1], "moe-top4", model, (2, 20, 48), 17)


if __name__ == "__main__":
    main()
