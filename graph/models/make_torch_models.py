#!/usr/bin/python3
"""Builds test models as a user would: PyTorch modules with random weights
(fixed seeds), exported with torch.onnx.export, each written as a
directory in the ONNX test-data layout (model.onnx, test_data_set_0/
input_K.pb and output_K.pb) with PyTorch's own outputs as the expected
ones, for accel-run (docs/graph.md). Nothing is downloaded.

  mlp            784 -> 256 -> 128 -> 10 with ReLUs, batch 8 (opset 13)
  lenet          LeNet-5 on 1 x 28 x 28, batch 4 (opset 13)
  cnn-batchnorm  conv / BatchNorm (kept: TrainingMode.PRESERVE, eval mode)
                 / ReLU blocks, a residual add, global pooling, a linear
                 head, as torchvision's ResNets are built (opset 13)
  resnet18       torchvision's ResNet-18 itself (python3-torchvision; no
                 weights downloaded: its own initialization, BatchNorm
                 statistics randomized and kept), one 3 x 112 x 112 image
                 (opset 13)
  transformer    a 2-layer nn.TransformerEncoder (d 64, 4 heads, sequence
                 16, batch 2), at opset 13 with GELU (LayerNorm and GELU
                 exported as their pieces) and at opset 17 with ReLU
  text-encoder   token ids (int64, a vocabulary of 1000) into a token and a
                 learned position embedding, then the opset-17 encoder
                 (batch 2, sequence 16): Gather with indices at run time
  transformer-d256  the same encoder at a BERT-mini size (d 256, 4 heads,
                 feed-forward 1024, sequence 128, batch 1, GELU; opset 17):
                 the size the graph benchmark's target is for; its
                 float32 reference is 1.5e-6 from float64, so it is
                 checked, as every model here, with accel-run's criterion
                 for whole models (--tolerance model, docs/graph.md)
  issue 40's families (families.py; opset 17):
  llama-decoder  token ids [1, 32] -> a Llama-style decoder (d 128, 4
                 heads, 2 kv heads, SwiGLU 352, 2 layers, vocabulary 512)
  vit            a ViT on 3 x 32 x 32 (patch 8, d 96, 3 heads, 2 layers)
  unet-slice     a diffusion UNet's two levels on 4 x 16 x 16 (32 and 64
                 channels, GroupNorm of 8 groups, attention at 8 x 8)
  whisper-encoder  16 mel bins x 64 frames -> d 64, 4 heads, 2 layers
  mobilenetv2, efficientnet-b0, convnext-tiny  torchvision's (no weights
                 downloaded; BatchNorm statistics randomized) on 3 x 64 x 64
  moe            16 tokens of d 64, top-2 of 4 SwiGLU experts + a shared one
  lstm           a two-layer LSTM (32 -> 64) over 10 steps, batch 2
  llama-decoder-mqa, vit-wide, moe-top1  other sizes of the same families
                 (one kv head and 3 layers; 8 heads and 3 layers; 8 experts,
                 top 1), which must compile without new code

Usage: make_torch_models.py DIR [NAME...]   (Debian's python3-torch)"""
import os
import sys

import numpy as np
import onnx
import torch
from onnx import numpy_helper
import torchvision
from torch import nn

import families


class LeNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, 6, 5, padding=2), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(6, 16, 5), nn.ReLU(), nn.MaxPool2d(2))
        self.classifier = nn.Sequential(
            nn.Linear(16 * 5 * 5, 120), nn.ReLU(), nn.Linear(120, 84),
            nn.ReLU(), nn.Linear(84, 10))

    def forward(self, x):
        return self.classifier(torch.flatten(self.features(x), 1))


class TextEncoder(nn.Module):
    """Token ids -> token + position embeddings -> a TransformerEncoder."""
    vocab = 1000

    def __init__(self, d=64, seq=16):
        super().__init__()
        self.tokens = nn.Embedding(self.vocab, d)
        self.positions = nn.Parameter(0.02 * torch.randn(seq, d))
        layer = nn.TransformerEncoderLayer(d, 4, dim_feedforward=128,
                                           dropout=0.0, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, 2,
                                             enable_nested_tensor=False)

    def forward(self, ids):
        return self.encoder(self.tokens(ids) + self.positions)


class Block(nn.Module):
    """A ResNet basic block: conv-bn-relu-conv-bn + the input, relu."""

    def __init__(self, c):
        super().__init__()
        self.c1, self.b1 = nn.Conv2d(c, c, 3, padding=1, bias=False), nn.BatchNorm2d(c)
        self.c2, self.b2 = nn.Conv2d(c, c, 3, padding=1, bias=False), nn.BatchNorm2d(c)

    def forward(self, x):
        y = torch.relu(self.b1(self.c1(x)))
        return torch.relu(self.b2(self.c2(y)) + x)


class SmallResNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, 32, 3, stride=2, padding=1,
                                            bias=False),
                                  nn.BatchNorm2d(32), nn.ReLU(),
                                  nn.MaxPool2d(3, stride=2, padding=1))
        self.blocks = nn.Sequential(Block(32), Block(32))
        self.head = nn.Linear(32, 10)

    def forward(self, x):
        y = self.blocks(self.stem(x))
        return self.head(torch.flatten(nn.functional.adaptive_avg_pool2d(y, 1), 1))


def randomize_batchnorm(model):
    """Running statistics other than 0 and 1, so that the folded scale and
    shift are not trivial."""
    g = torch.Generator().manual_seed(5)
    for m in model.modules():
        if isinstance(m, nn.BatchNorm2d):
            m.running_mean.copy_(torch.randn(m.num_features, generator=g) * 0.1)
            m.running_var.copy_(torch.rand(m.num_features, generator=g) + 0.5)
            m.weight.data.copy_(torch.rand(m.num_features, generator=g) + 0.5)
            m.bias.data.copy_(torch.randn(m.num_features, generator=g) * 0.1)


def models():
    torch.manual_seed(0)
    yield "mlp", nn.Sequential(nn.Linear(784, 256), nn.ReLU(),
                               nn.Linear(256, 128), nn.ReLU(),
                               nn.Linear(128, 10)), (8, 784), 13
    torch.manual_seed(1)
    yield "lenet", LeNet(), (4, 1, 28, 28), 13
    torch.manual_seed(2)
    resnet = SmallResNet()
    randomize_batchnorm(resnet)
    yield "cnn-batchnorm", resnet, (2, 3, 32, 32), 13
    torch.manual_seed(4)
    resnet18 = torchvision.models.resnet18(weights=None)
    randomize_batchnorm(resnet18)
    yield "resnet18", resnet18, (1, 3, 112, 112), 13
    # At opset 13 LayerNormalization and GELU are exported as their pieces
    # (accel-graphc puts them back together), at 17 LayerNormalization is
    # one node.
    for opset, act in ((13, "gelu"), (17, "relu")):
        torch.manual_seed(3)
        layer = nn.TransformerEncoderLayer(64, 4, dim_feedforward=128,
                                           dropout=0.0, batch_first=True,
                                           activation=act)
        yield ("transformer-opset%d" % opset,
               nn.TransformerEncoder(layer, 2, enable_nested_tensor=False),
               (2, 16, 64), opset)
    torch.manual_seed(6)
    yield "text-encoder", TextEncoder(), (2, 16), 17
    torch.manual_seed(5)
    layer = nn.TransformerEncoderLayer(256, 4, dim_feedforward=1024,
                                       dropout=0.0, batch_first=True,
                                       activation="gelu")
    yield ("transformer-d256",
           nn.TransformerEncoder(layer, 2, enable_nested_tensor=False),
           (1, 128, 256), 17)
    yield from family_models()


def family_models():
    """Issue 40's families (families.py), opset 17."""
    torch.manual_seed(10)
    yield "llama-decoder", families.LlamaDecoder(), (1, 32), 17
    torch.manual_seed(11)
    yield "vit", families.ViT(), (1, 3, 32, 32), 17
    torch.manual_seed(12)
    yield "unet-slice", families.UNetSlice(), (1, 4, 16, 16), 17
    torch.manual_seed(13)
    yield "whisper-encoder", families.WhisperEncoder(), (1, 16, 64), 17
    for seed, name, build in ((14, "mobilenetv2", torchvision.models.mobilenet_v2),
                              (15, "efficientnet-b0", torchvision.models.efficientnet_b0),
                              (16, "convnext-tiny", torchvision.models.convnext_tiny)):
        torch.manual_seed(seed)
        model = build(weights=None)
        randomize_batchnorm(model)
        yield name, model, (1, 3, 64, 64), 17
    torch.manual_seed(17)
    yield "moe", families.MoE(), (1, 16, 64), 17
    torch.manual_seed(18)
    yield "lstm", families.SmallLSTM(), (2, 10, 32), 17
    # Other members of the same families (width, depth, heads, experts):
    # they must compile without new code.
    torch.manual_seed(19)
    yield ("llama-decoder-mqa",
           families.LlamaDecoder(vocab=384, d=192, heads=6, kv_heads=1,
                                 hidden=512, layers=3), (2, 24), 17)
    torch.manual_seed(20)
    yield ("vit-wide", families.ViT(image=48, patch=16, d=128, heads=8,
                                    layers=3), (2, 3, 48, 48), 17)
    torch.manual_seed(21)
    yield ("moe-top1", families.MoE(d=96, hidden=160, experts=8, top_k=1),
           (2, 12, 96), 17)


def write(top, name, model, shape, opset):
    d = os.path.join(top, name)
    data = os.path.join(d, "test_data_set_0")
    os.makedirs(data, exist_ok=True)
    model.eval()
    g = torch.Generator().manual_seed(7)
    x = (torch.randint(0, model.vocab, shape, generator=g)
         if hasattr(model, "vocab") else torch.randn(*shape, generator=g))
    with torch.no_grad():
        y = model(x)
    # Exported with gradients on: in eval mode without them, PyTorch 1.13's
    # TransformerEncoderLayer takes a fused fast path ONNX cannot export.
    torch.onnx.export(model, (x,), os.path.join(d, "model.onnx"),
                      opset_version=opset, input_names=["x"],
                      output_names=["y"],
                      training=torch.onnx.TrainingMode.PRESERVE,
                      do_constant_folding=False)
    for k, (n, t) in enumerate((("x", x), ("y", y))):
        kind = "input" if k == 0 else "output"
        with open(os.path.join(data, "%s_0.pb" % kind), "wb") as f:
            a = t.numpy()
            f.write(numpy_helper.from_array(
                a if a.dtype == np.int64 else a.astype(np.float32),
                n).SerializeToString())


def main():
    top, wanted = sys.argv[1], set(sys.argv[2:])
    for name, model, shape, opset in models():
        if not wanted or name in wanted:
            write(top, name, model, shape, opset)


if __name__ == "__main__":
    main()
