"""Conv in 1-D and 3-D and ConvTranspose in 3-D for import-conv-nd.test,
each with a float64 numpy reference written from ONNX's definition (a
sum over the kernel's taps of the padded input's strided slices for
Conv, a scatter of each input position times the kernel for
ConvTranspose): 1-D with stride, asymmetric pads, dilation, 2 groups and
a bias; 1-D depthwise (groups = C) and 1-D SAME_UPPER; Whisper's two
Conv1d (stride 1 and 2, pad 1); 3-D with stride, asymmetric pads,
dilation, 2 groups and a bias; 3-D depthwise (channel multiplier 2); 3-D
over planes of 144 floats; a 1 x 3 x 3 3-D one (its depth taps need no
gather); ConvTranspose 3-D with stride, pads, dilation, output_padding,
2 groups and a bias; ConvTranspose 3-D with kernel and stride 2 in
depth, and with kernel 2 and stride 3 in depth, output_padding, 2 groups
and a bias. Refusals: a 4-D kernel, an auto_pad that is not ONNX's, a
float64 3-D one."""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
F, D = TensorProto.FLOAT, TensorProto.DOUBLE


def save(name, node, x, w, b, y, run=True, elem=F):
    """A model of one node over input x with constant w (and b); a
    directory with its test data when run, else name.onnx."""
    inits = [numpy_helper.from_array(w, "w")]
    if b is not None:
        inits.append(numpy_helper.from_array(b, "b"))
    g = helper.make_graph(
        [node], name, [helper.make_tensor_value_info("x", elem, x.shape)],
        [helper.make_tensor_value_info("y", elem, y.shape)], inits)
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 13)])
    if not run:
        onnx.save(m, os.path.join(out, name + ".onnx"))
        return
    d = os.path.join(out, name)
    os.makedirs(os.path.join(d, "test_data_set_0"), exist_ok=True)
    onnx.save(m, os.path.join(d, "model.onnx"))
    for kind, t in (("input", x), ("output", y)):
        with open(os.path.join(d, "test_data_set_0", kind + "_0.pb"),
                  "wb") as f:
            f.write(numpy_helper.from_array(t, kind[0]).SerializeToString())


def conv(x, w, b, strides, pads, dilations, group):
    """ONNX Conv in float64, any spatial rank; pads [begin..., end...]."""
    x, w = x.astype(np.float64), w.astype(np.float64)
    r = x.ndim - 2
    n, c = x.shape[:2]
    m, cg = w.shape[:2]
    k = w.shape[2:]
    mg = m // group
    xp = np.pad(x, [(0, 0), (0, 0)] + [(pads[i], pads[r + i])
                                       for i in range(r)])
    o = [(xp.shape[2 + i] - dilations[i] * (k[i] - 1) - 1) // strides[i] + 1
         for i in range(r)]
    y = np.zeros([n, m] + o)
    for kidx in np.ndindex(*k):
        taps = xp[(slice(None), slice(None)) + tuple(
            slice(kidx[i] * dilations[i],
                  kidx[i] * dilations[i] + (o[i] - 1) * strides[i] + 1,
                  strides[i]) for i in range(r))]
        for g in range(group):
            xs = taps[:, g * cg:(g + 1) * cg]             # [n, cg, o...]
            ws = w[(slice(g * mg, (g + 1) * mg), slice(None)) + kidx]
            y[:, g * mg:(g + 1) * mg] += np.einsum("nc...,mc->nm...", xs, ws)
    if b is not None:
        y += b.astype(np.float64).reshape([1, -1] + [1] * r)
    return y.astype(np.float32)


def conv_transpose(x, w, b, strides, pads, dilations, out_pad, group):
    """ONNX ConvTranspose in float64, any spatial rank: each input
    position times the kernel added at position i s + k d of the full
    output, output_padding's zeros at its end, then the pads cropped."""
    x, w = x.astype(np.float64), w.astype(np.float64)
    r = x.ndim - 2
    n, c = x.shape[:2]
    sp, k = x.shape[2:], w.shape[2:]
    cg, mg = c // group, w.shape[1]
    full = [s * (i - 1) + d * (kk - 1) + 1 + op
            for i, kk, s, d, op in zip(sp, k, strides, dilations, out_pad)]
    y = np.zeros([n, mg * group] + full)
    for idx in np.ndindex(*sp):
        for kidx in np.ndindex(*k):
            o = tuple(i * s + kk * d for i, kk, s, d in
                      zip(idx, kidx, strides, dilations))
            for g in range(group):
                v = x[(slice(None), slice(g * cg, (g + 1) * cg)) + idx]
                wt = w[(slice(g * cg, (g + 1) * cg), slice(None)) + kidx]
                y[(slice(None), slice(g * mg, (g + 1) * mg)) + o] += v @ wt
    crop = tuple(slice(pads[i], full[i] - pads[r + i]) for i in range(r))
    y = y[(slice(None), slice(None)) + crop]
    if b is not None:
        y += b.astype(np.float64).reshape([1, -1] + [1] * r)
    return y.astype(np.float32)


rng = np.random.default_rng(40)


def rand(*shape):
    return rng.uniform(-1, 1, shape).astype(np.float32)


def conv_case(name, xs, ws, group=1, bias=True, run=True, **attrs):
    x, w = rand(*xs), rand(*ws)
    b = rand(ws[0]) if bias else None
    r = len(xs) - 2
    strides = attrs.get("strides", [1] * r)
    dil = attrs.get("dilations", [1] * r)
    pads = attrs.get("pads", [0] * 2 * r)
    if attrs.get("auto_pad") == "SAME_UPPER":
        pads = [0] * 2 * r
        for i in range(r):
            o = -(-xs[2 + i] // strides[i])
            total = max(0, (o - 1) * strides[i] + dil[i] * (ws[2 + i] - 1)
                        + 1 - xs[2 + i])
            pads[i], pads[r + i] = total // 2, total - total // 2
    y = conv(x, w, b, strides, pads, dil, group)
    node = helper.make_node("Conv", ["x", "w"] + (["b"] if bias else []),
                            ["y"], name=name, group=group, **attrs)
    save(name, node, x, w, b, y, run)


# 1-D, every attribute.
conv_case("conv1d", (2, 6, 17), (4, 3, 3), group=2, strides=[2],
          pads=[2, 1], dilations=[2])
# 1-D depthwise (groups = C), as ConvNeXt-1D and Conformer write it.
conv_case("conv1d-depthwise", (1, 8, 20), (8, 1, 7), group=8, pads=[3, 3])
# 1-D SAME_UPPER: total padding 3 - 1 = 2 at stride 1, no bias.
conv_case("conv1d-same", (1, 3, 9), (5, 3, 3), bias=False,
          auto_pad="SAME_UPPER")
# Whisper's stem: kernel 3, pad 1, stride 1 then 2.
conv_case("whisper-conv1", (1, 16, 24), (32, 16, 3), pads=[1, 1])
conv_case("whisper-conv2", (1, 32, 24), (32, 32, 3), pads=[1, 1],
          strides=[2])
# 3-D, every attribute: depth taps od * 2 + kd - 1 (the first and last
# outside the input) and height dilated.
conv_case("conv3d", (2, 4, 5, 6, 7), (6, 2, 3, 2, 3), group=2,
          strides=[2, 1, 2], pads=[1, 0, 1, 2, 1, 0], dilations=[1, 2, 1])
# 3-D depthwise with a channel multiplier of 2: each folded channel its
# own group, the depth taps' partial sums added.
conv_case("conv3d-depthwise", (1, 6, 5, 6, 7), (12, 1, 3, 3, 2), group=6,
          strides=[2, 1, 1], pads=[1, 1, 0, 1, 0, 1], dilations=[1, 1, 2])
# 3-D over planes of 12 x 12: gathered one at a time, depth taps od + kd - 1
# (-1 and 4 the zero plane), depth dilation 1.
conv_case("conv3d-planes", (1, 3, 4, 12, 12), (4, 3, 2, 3, 3),
          pads=[1, 1, 0, 0, 1, 2], strides=[1, 2, 1])
# 3-D with a depth of 1 tap, stride 1, no depth pads: no gather.
conv_case("conv3d-flat", (1, 3, 4, 5, 5), (4, 3, 1, 3, 3), pads=[0, 1, 1,
                                                                 0, 1, 1])

# ConvTranspose 3-D, every attribute.
x = rand(1, 4, 3, 4, 3)
w = rand(4, 3, 3, 2, 3)
b = rand(6)
attrs = dict(strides=[2, 2, 1], pads=[1, 0, 0, 0, 1, 1],
             dilations=[1, 1, 2], output_padding=[1, 1, 0], group=2)
y = conv_transpose(x, w, b, attrs["strides"], attrs["pads"],
                   attrs["dilations"], attrs["output_padding"], 2)
save("conv-transpose3d",
     helper.make_node("ConvTranspose", ["x", "w", "b"], ["y"], name="up3",
                      **attrs), x, w, b, y)

# ConvTranspose 3-D whose output depths take one tap each (kernel 2,
# stride 2 in depth): the taps folded into the output channels.
x = rand(1, 4, 3, 4, 4)
w = rand(4, 3, 2, 3, 3)
b = rand(3)
attrs = dict(strides=[2, 2, 2], pads=[0, 1, 1, 0, 1, 1])
y = conv_transpose(x, w, b, [2, 2, 2], attrs["pads"], [1, 1, 1], [0, 0, 0], 1)
save("conv-transpose3d-up2",
     helper.make_node("ConvTranspose", ["x", "w", "b"], ["y"], name="up2",
                      **attrs), x, w, b, y)
# One tap at most (kernel 2, stride 3 in depth): depths without one, from
# the pads and output_padding too, are zeros plus the bias.
x = rand(2, 4, 3, 3, 4)
w = rand(4, 2, 2, 2, 2)
b = rand(4)
attrs = dict(strides=[3, 1, 2], pads=[1, 0, 1, 0, 1, 0],
             output_padding=[2, 0, 1], group=2)
y = conv_transpose(x, w, b, attrs["strides"], attrs["pads"], [1, 1, 1],
                   attrs["output_padding"], 2)
save("conv-transpose3d-gaps",
     helper.make_node("ConvTranspose", ["x", "w", "b"], ["y"], name="gaps",
                      **attrs), x, w, b, y)

# Refusals.
x4, w4 = rand(1, 1, 3, 3, 3, 3), rand(1, 1, 2, 2, 2, 2)
save("four-d", helper.make_node("Conv", ["x", "w"], ["y"], name="conv4"),
     x4, w4, None, rand(1, 1, 2, 2, 2, 2), run=False)
save("bad-auto-pad",
     helper.make_node("Conv", ["x", "w"], ["y"], name="convpad",
                      auto_pad="SOMETIMES"),
     rand(1, 2, 8), rand(3, 2, 3), None, rand(1, 3, 6), run=False)
x64, w64 = rand(1, 2, 3, 4, 4).astype(np.float64), \
    rand(2, 2, 2, 3, 3).astype(np.float64)
save("double", helper.make_node("Conv", ["x", "w"], ["y"], name="conv64"),
     x64, w64, None, rand(1, 2, 2, 2, 2).astype(np.float64), run=False,
     elem=D)
