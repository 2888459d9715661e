"""ConvTranspose models for import-conv-transpose.test: 2-D with every
attribute (stride, dilation, asymmetric pads, output_padding, group, a
bias; constant weights) and 1-D, each with a float64 numpy reference
written from ONNX's definition (a scatter of each input pixel times the
kernel, output_padding's zeros at the end, then the pads cropped); pads
from output_shape and auto_pad SAME_LOWER (IR only); refusals: a 4-D one
and a float64 one; and a PyTorch nn.ConvTranspose2d (stride 2, padding
1, output_padding 1) exported by torch.onnx.export with PyTorch's output
as the reference."""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
F, D = TensorProto.FLOAT, TensorProto.DOUBLE


def save(name, nodes, inputs, outputs, inits=(), data=None):
    g = helper.make_graph(nodes, name, inputs, outputs, list(inits))
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 13)])
    if data is None:
        onnx.save(m, os.path.join(out, name + ".onnx"))
        return
    write_case(os.path.join(out, name), m, data)


def write_case(d, model, data):
    os.makedirs(os.path.join(d, "test_data_set_0"), exist_ok=True)
    onnx.save(model, os.path.join(d, "model.onnx"))
    for kind, tensors in zip(("input", "output"), data):
        for i, t in enumerate(tensors):
            with open(os.path.join(d, "test_data_set_0",
                                   "%s_%d.pb" % (kind, i)), "wb") as f:
                f.write(t.SerializeToString())


def reference(x, w, b, strides, pads, dilations, out_pad, group):
    """ONNX ConvTranspose in float64 for any spatial rank: pads are
    [begin..., end...]."""
    x, w = x.astype(np.float64), w.astype(np.float64)
    n, c = x.shape[:2]
    sp = x.shape[2:]
    k = w.shape[2:]
    cg, mg = c // group, w.shape[1]
    full = [s * (i - 1) + d * (kk - 1) + 1 + op
            for i, kk, s, d, op in zip(sp, k, strides, dilations, out_pad)]
    y = np.zeros([n, mg * group] + full)
    for g in range(group):
        for ci in range(cg):
            for idx in np.ndindex(*sp):
                v = x[:, g * cg + ci][(slice(None),) + idx]      # [n]
                for kidx in np.ndindex(*k):
                    o = tuple(i * s + kk * d for i, kk, s, d in
                              zip(idx, kidx, strides, dilations))
                    wt = w[g * cg + ci, :, *kidx]               # [mg]
                    y[(slice(None), slice(g * mg, (g + 1) * mg)) + o] += \
                        v[:, None] * wt[None, :]
    r = len(sp)
    crop = tuple(slice(pads[i], full[i] - pads[r + i]) for i in range(r))
    y = y[(slice(None), slice(None)) + crop]
    if b is not None:
        y += b.astype(np.float64).reshape([1, -1] + [1] * r)
    return y.astype(np.float32)


rng = np.random.default_rng(40)

# 2-D, every attribute, constant weights and bias.
x = rng.uniform(-1, 1, (2, 4, 5, 6)).astype(np.float32)
w = rng.uniform(-1, 1, (4, 3, 3, 2)).astype(np.float32)
b = rng.uniform(-1, 1, (6,)).astype(np.float32)
attrs = dict(strides=[2, 3], pads=[1, 0, 0, 2], dilations=[2, 1],
             output_padding=[1, 2], group=2)
y = reference(x, w, b, [2, 3], [1, 0, 0, 2], [2, 1], [1, 2], 2)
save("every-attribute",
     [helper.make_node("ConvTranspose", ["x", "w", "b"], ["y"], name="up",
                       **attrs)],
     [helper.make_tensor_value_info("x", F, list(x.shape))],
     [helper.make_tensor_value_info("y", F, list(y.shape))],
     [numpy_helper.from_array(w, "w"), numpy_helper.from_array(b, "b")])
save("every-attribute-run",
     [helper.make_node("ConvTranspose", ["x", "w", "b"], ["y"], name="up",
                       **attrs)],
     [helper.make_tensor_value_info("x", F, list(x.shape))],
     [helper.make_tensor_value_info("y", F, list(y.shape))],
     [numpy_helper.from_array(w, "w"), numpy_helper.from_array(b, "b")],
     data=([numpy_helper.from_array(x, "x")],
           [numpy_helper.from_array(y, "y")]))

# 1-D: [N, C, L] as [N, C, 1, L].
x1 = rng.uniform(-1, 1, (1, 3, 7)).astype(np.float32)
w1 = rng.uniform(-1, 1, (3, 2, 4)).astype(np.float32)
y1 = reference(x1, w1, None, [2], [1, 1], [1], [1], 1)
save("one-d",
     [helper.make_node("ConvTranspose", ["x", "w"], ["y"], name="up1",
                       strides=[2], pads=[1, 1], output_padding=[1])],
     [helper.make_tensor_value_info("x", F, list(x1.shape))],
     [helper.make_tensor_value_info("y", F, list(y1.shape))],
     [numpy_helper.from_array(w1, "w")],
     data=([numpy_helper.from_array(x1, "x")],
           [numpy_helper.from_array(y1, "y")]))

# Pads from output_shape (total 3 x 2 + 3 - 8 = 1 and 2 x 3 + 3 - 8 = 1,
# the odd one at the start) and from SAME_LOWER (output 6 x 9: totals 1
# and 0).
xs = helper.make_tensor_value_info("x", F, [1, 1, 3, 4])
ws = numpy_helper.from_array(np.ones((1, 2, 3, 3), np.float32), "w")
save("output-shape",
     [helper.make_node("ConvTranspose", ["x", "w"], ["y"], name="os",
                       strides=[3, 2], output_shape=[8, 8])],
     [xs], [helper.make_tensor_value_info("y", F, [1, 2, 8, 8])], [ws])
save("same-lower",
     [helper.make_node("ConvTranspose", ["x", "w"], ["y"], name="sl",
                       strides=[2, 3], auto_pad="SAME_LOWER")],
     [xs], [helper.make_tensor_value_info("y", F, [1, 2, 6, 12])], [ws])

# Refusals.
save("four-d",
     [helper.make_node("ConvTranspose", ["x", "w"], ["y"], name="up4")],
     [helper.make_tensor_value_info("x", F, [1, 1, 2, 2, 2, 2])],
     [helper.make_tensor_value_info("y", F, [1, 1, 3, 3, 3, 3])],
     [numpy_helper.from_array(np.ones((1, 1, 2, 2, 2, 2), np.float32), "w")])
save("double",
     [helper.make_node("ConvTranspose", ["x", "w"], ["y"], name="upd")],
     [helper.make_tensor_value_info("x", D, [1, 1, 2, 2])],
     [helper.make_tensor_value_info("y", D, [1, 1, 3, 3])],
     [numpy_helper.from_array(np.ones((1, 1, 2, 2), np.float64), "w")])

# PyTorch's ConvTranspose2d as torch.onnx.export makes it.
try:
    import torch
except ImportError:
    sys.exit(0)
torch.manual_seed(40)
m = torch.nn.ConvTranspose2d(6, 4, 3, stride=2, padding=1, output_padding=1)
m.eval()
xt = torch.rand(1, 6, 7, 5) * 2 - 1
with torch.no_grad():
    yt = m(xt)
d = os.path.join(out, "torch-up2")
os.makedirs(d, exist_ok=True)
torch.onnx.export(m, (xt,), os.path.join(d, "model.onnx"), opset_version=13,
                  input_names=["x"], output_names=["y"])
write_case(d, onnx.load(os.path.join(d, "model.onnx")),
           ([numpy_helper.from_array(xt.numpy(), "x")],
            [numpy_helper.from_array(yt.numpy(), "y")]))
