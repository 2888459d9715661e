#!/usr/bin/python3
"""The test of the accel package (test/graph/python-api.test): torch
modules through accel.compile, their outputs against the module's own in
float64, a second call reusing the compiled program, the compile cache
hit by a second compile, and refusals as accel.AccelError.

The bound is accel-run's model criterion's (graph/tools/accel-run.py,
--tolerance model) derived for each module rather than its 1e-4 cap:
float32 rounds each operation to within u = 2^-24; a sum of n products
is off by about sqrt(n) u of the output's scale (Higham and Mary's
probabilistic bound) and each of L such layers adds its own: an element's
error has a spread of about L sqrt(n) u max |ref|, n the longest sum.
The worst of an output's m elements is then within sqrt(2 ln m) spreads
(the largest of m normal deviates), so

  max |y - ref| <= L sqrt(n) sqrt(2 ln m) u max |ref|

against a float64 reference (the module in float64 on the same float32
weights and inputs, exact in float64): PyTorch's own float32 rounding
does not count (its float32 forward reaches 0.21 of the bound over 40
seeds of these modules, the simulator 0.23 over 12). An element wrong by
1 % of the output's scale is thousands of times past it.
  python_api.py "%sim"   (lit's accel-sim command: with --fast, the
                          calls run without the cycle model)"""
import math
import os
import sys

import torch
from torch import nn

import accel

U = 2.0 ** -24
FAST = "--fast" in " ".join(sys.argv[1:]).split()


def check(name, f, module, inputs, layers, n):
    """f(*inputs) against module in float64, within
    layers sqrt(n) sqrt(2 ln m) u of max |ref| (m the output's elements)."""
    ys = f(*inputs)
    ref64 = module.double()(*[x.double() if x.is_floating_point() else x
                              for x in inputs])
    module.float()
    ys = ys if isinstance(ys, tuple) else (ys,)
    refs = ref64 if isinstance(ref64, tuple) else (ref64,)
    assert len(ys) == len(refs), (name, len(ys), len(refs))
    for k, (y, ref) in enumerate(zip(ys, refs)):
        assert y.dtype == torch.float32 and y.shape == ref.shape, (
            name, y.dtype, y.shape, ref.shape)
        m = max(ref.numel(), 2)
        bound = layers * math.sqrt(n) * math.sqrt(2 * math.log(m)) * U
        scale = ref.abs().max().item()
        err = (y.double() - ref).abs().max().item()
        assert err <= bound * scale, (name, k, err / scale, bound)
    print("%s: within %d sqrt(%d) sqrt(2 ln m) u of max |ref|: ok" % (
        name, layers, n))


def mlp():
    return nn.Sequential(nn.Linear(64, 256), nn.GELU(), nn.Linear(256, 10))


class ConvNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.c1 = nn.Conv2d(3, 16, 3, padding=1)
        self.c2 = nn.Conv2d(16, 32, 3, padding=1, stride=2)
        self.fc = nn.Linear(32, 10)

    def forward(self, x):
        x = torch.relu(self.c1(x))
        x = torch.relu(self.c2(nn.functional.max_pool2d(x, 2)))
        # Two outputs: the logits and the features, returned as a tuple.
        return self.fc(x.mean((2, 3))), x


class TokenHead(nn.Module):
    """int64 token ids into an embedding, then a projection."""

    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(100, 32)
        self.proj = nn.Linear(32, 48)

    def forward(self, ids):
        return self.proj(self.embed(ids))


class Typed(nn.Module):
    """float16 in, float16 and bool out."""

    def forward(self, a, b):
        return a * b + a, a > b


class Spectrum(nn.Module):
    """torch.stft, which torch.onnx.export does not export at opset 17."""

    def forward(self, x):
        return torch.stft(x, 4, return_complex=False)


class Sampler(nn.Module):
    """torch.multinomial: ONNX's Multinomial, which accel-graphc refuses."""

    def forward(self, x):
        return torch.multinomial(torch.softmax(x, -1), 1)


def main():
    torch.manual_seed(0)
    # The MLP: two products, the longest of n = 256 terms.
    model, x = mlp().eval(), torch.randn(4, 64)
    f = accel.compile(model, (x,), fast=FAST)
    assert not f.cache_hit
    check("mlp", f, model, (x,), 2, 256)
    # The figures of the call.
    if FAST:
        assert f.last_run.cycles is None and f.last_run.bundles > 0
    else:
        # The matrix unit's MACs: at least the products' (its tiles pad).
        assert f.last_run.cycles > 0 and f.last_run.macs >= 4 * 64 * 256 + \
            4 * 256 * 10, f.last_run.macs
        assert 0 < f.last_run.matrix_utilization <= 1
    print("mlp: last_run has the run's figures")
    # Each operator's figures, named by its ONNX nodes.
    f.profile = True
    f(x)
    names = " | ".join(op["name"] for op in f.last_run.ops)
    assert "/0/Gemm (Gemm)" in names and "/2/Gemm (Gemm)" in names, names
    total = f.last_run.bundles if FAST else f.last_run.cycles
    assert 0 < sum(op["cycles"] for op in f.last_run.ops) <= total
    f.profile = False
    print("mlp: profile names the operators")
    # Other values through the same program, then a second compile of the
    # same module: the cache's program, not compiled again.
    elf_time = os.stat(f.program.elf).st_mtime_ns
    check("mlp, other values", f, model, (torch.randn(4, 64) * 3,), 2, 256)
    g = accel.compile(model, (x,), fast=FAST)
    assert g.cache_hit and g.program.elf == f.program.elf
    assert os.stat(g.program.elf).st_mtime_ns == elf_time
    check("mlp, recompiled", g, model, (x,), 2, 256)
    print("mlp: the second compile hit the cache")

    # The conv net: three products, the longest 16 * 3 * 3 = 144 terms
    # (the mean adds 4 terms of a sum).
    model, x = ConvNet().eval(), torch.randn(2, 3, 16, 16)
    f = accel.compile(model, (x,), fast=FAST)
    check("convnet", f, model, (x,), 3, 144)
    check("convnet, other values", f, model, (torch.randn(2, 3, 16, 16),),
          3, 144)

    # int64 ids: the gather is exact, then one product of 32 terms.
    model = TokenHead().eval()
    ids = torch.randint(0, 100, (2, 8))
    f = accel.compile(model, (ids,), fast=FAST)
    assert f.program.inputs[0].type_name == "i64"
    check("embedding", f, model, (ids,), 1, 32)
    check("embedding, other ids", f, model, (torch.randint(0, 100, (2, 8)),),
          1, 32)

    # float16 and bool: computed in float32, rounded once to float16,
    # within accel-run's float16 criterion (two units in its last place,
    # rtol 2^-9, atol 1e-7); the comparison exact.
    model = Typed()
    a, b = (torch.randn(4, 16) * 4).half(), (torch.randn(4, 16) * 4).half()
    typed = accel.compile(model, (a, b), fast=FAST)
    y, above = typed(a, b)
    ref = a.double() * b.double() + a.double()
    assert y.dtype == torch.float16 and above.dtype == torch.bool
    assert bool(((y.double() - ref).abs() <= 1e-7 + 2.0 ** -9 *
                 ref.abs()).all())
    assert torch.equal(above, a > b)
    print("float16 and bool: ok")

    # Refusals: an operator accel-graphc does not take (the node named),
    # an input of another shape or type than the program's.
    try:
        accel.compile(Sampler(), (torch.randn(2, 8),))
        raise SystemExit("Multinomial compiled")
    except accel.AccelError as e:
        assert e.tool == "accel-graphc", e.tool
        print("refused:", e)
    try:
        accel.compile(Spectrum(), (torch.randn(2, 16),))
        raise SystemExit("STFT exported")
    except accel.AccelError as e:
        print("refused:", e)
    for bad in (torch.randn(2, 8), torch.randint(0, 100, (3, 8))):
        try:
            f(bad)
            raise SystemExit("a bad input ran")
        except accel.AccelError as e:
            print("refused:", e)


if __name__ == "__main__":
    main()
