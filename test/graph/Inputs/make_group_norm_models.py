#!/usr/bin/python3
"""Models of test/graph/group-norm.test, written by PyTorch as a user
would (torch.onnx.export at opset 17), each in ONNX's test-data layout
(model.onnx, test_data_set_0/input_0.pb and output_0.pb: PyTorch's own
output as the reference):
  gn-silu/       Conv2d, GroupNorm(4, 16) with learned scale and shift,
                 SiLU (x * sigmoid(x)), Conv2d
  gn-relu/       GroupNorm(2, 6) over a rank-3 [N, C, L] input, ReLU
  gn-instance/   InstanceNorm2d(8, affine=True) (groups = C), SiLU
  gn-one-group/  GroupNorm(1, 12), then x + a skip (no activation)
  gn-large/      GroupNorm(2, 4) + SiLU over 300 x 300 planes: groups of
                 180 000 elements, past the scratchpad (read twice)
  make_group_norm_models.py OUT_DIR"""
import os
import sys

import onnx
from onnx import numpy_helper

try:
    import torch
except ImportError:
    sys.exit(0)


class GnSilu(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = torch.nn.Conv2d(3, 16, 3, padding=1)
        self.norm = torch.nn.GroupNorm(4, 16, eps=1e-6)
        self.conv2 = torch.nn.Conv2d(16, 8, 3, padding=1)

    def forward(self, x):
        h = self.norm(self.conv1(x))
        return self.conv2(h * torch.sigmoid(h))


class GnRelu(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = torch.nn.GroupNorm(2, 6)

    def forward(self, x):
        return torch.relu(self.norm(x))


class Instance(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = torch.nn.InstanceNorm2d(8, affine=True)

    def forward(self, x):
        return torch.nn.functional.silu(self.norm(x))


class OneGroup(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = torch.nn.GroupNorm(1, 12)

    def forward(self, x):
        return self.norm(x) + x


class GnLarge(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = torch.nn.GroupNorm(2, 4)

    def forward(self, x):
        return torch.nn.functional.silu(self.norm(x))


def randomize(m):
    """Scales and shifts away from PyTorch's 1 and 0, so that a dropped
    or misplaced one shows."""
    for p in m.modules():
        if isinstance(p, (torch.nn.GroupNorm, torch.nn.InstanceNorm2d)) \
                and p.weight is not None:
            with torch.no_grad():
                p.weight.uniform_(0.5, 2.0)
                p.weight.mul_(torch.where(torch.rand_like(p.weight) < 0.3,
                                          -1.0, 1.0))
                p.bias.uniform_(-1.0, 1.0)


def write(out, name, m, x):
    d = os.path.join(out, name)
    os.makedirs(os.path.join(d, "test_data_set_0"), exist_ok=True)
    m.eval()
    randomize(m)
    with torch.no_grad():
        y = m(x)
    path = os.path.join(d, "model.onnx")
    torch.onnx.export(m, (x,), path, opset_version=17, input_names=["x"],
                      output_names=["y"])
    onnx.load(path)
    for kind, t in (("input", x), ("output", y)):
        with open(os.path.join(d, "test_data_set_0", kind + "_0.pb"),
                  "wb") as f:
            f.write(numpy_helper.from_array(t.numpy(), kind[0]).
                    SerializeToString())


def main():
    out = sys.argv[1]
    torch.manual_seed(40)
    write(out, "gn-silu", GnSilu(), torch.rand(2, 3, 12, 12) * 2 - 1)
    write(out, "gn-relu", GnRelu(), torch.rand(3, 6, 20) * 4 - 2)
    write(out, "gn-instance", Instance(), torch.rand(2, 8, 9, 7) * 2 - 1)
    write(out, "gn-one-group", OneGroup(), torch.rand(1, 12, 5, 5) + 3)
    write(out, "gn-large", GnLarge(), torch.rand(1, 4, 300, 300) * 2 - 1)


if __name__ == "__main__":
    main()
