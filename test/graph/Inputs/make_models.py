"""Writes the small ONNX models of test/graph's tests into a directory:
valid ones (an MLP, a dynamic batch, a PyTorch-style flatten through
Shape -> Gather -> Unsqueeze -> Concat -> Reshape, weights in an external
data file, a CNN with every window attribute, the elementwise ops) and
damaged ones, each broken in one way its name says. The MLP, the CNN and
the elementwise model also get a directory in the ONNX test-data layout
(model.onnx, test_data_set_0/input_K.pb and output_K.pb) whose expected
outputs are computed here in float64 with numpy, for accel-run.
Usage: make_models.py DIR"""
import math
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

F = TensorProto.FLOAT


def model(nodes, inputs, outputs, inits=(), opset=13, name="g"):
    g = helper.make_graph(nodes, name, inputs, outputs, list(inits))
    return helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)])


def vi(name, shape, t=F):
    return helper.make_tensor_value_info(name, t, shape)


def weights(name, shape, seed, scale=1.0):
    rng = np.random.default_rng(seed)
    return numpy_helper.from_array(
        (scale * rng.standard_normal(shape)).astype(np.float32), name)


def mlp(opset=13, batch=4):
    nodes = [helper.make_node("MatMul", ["x", "w1"], ["h"], name="fc1"),
             helper.make_node("Add", ["h", "b1"], ["hb"], name="bias1"),
             helper.make_node("Relu", ["hb"], ["r"], name="relu1"),
             helper.make_node("MatMul", ["r", "w2"], ["y"], name="fc2")]
    return model(nodes, [vi("x", [batch, 8])], [vi("y", [batch, 3])],
                 [weights("w1", [8, 16], 1), weights("b1", [16], 2),
                  weights("w2", [16, 3], 3)], opset)


def flatten_chain():
    # What torch.onnx.export makes of x.view(x.size(0), -1).
    one = numpy_helper.from_array(np.array([-1], np.int64), "minus_one")
    zero = numpy_helper.from_array(np.array(0, np.int64), "zero")
    nodes = [helper.make_node("Shape", ["x"], ["s"], name="shape"),
             helper.make_node("Gather", ["s", "zero"], ["n"], name="gather",
                              axis=0),
             helper.make_node("Unsqueeze", ["n", "axes0"], ["n1"],
                              name="unsqueeze"),
             helper.make_node("Concat", ["n1", "minus_one"], ["shape2"],
                              name="concat", axis=0),
             helper.make_node("Reshape", ["x", "shape2"], ["y"],
                              name="flatten")]
    axes0 = numpy_helper.from_array(np.array([0], np.int64), "axes0")
    return model(nodes, [vi("x", [2, 3, 4, 5])], [vi("y", [None, None])],
                 [one, zero, axes0])


def cnn(opset):
    """Conv (padded, biased) -> Relu -> MaxPool (ceil mode) -> AveragePool
    (count_include_pad) -> Conv (SAME_UPPER, stride 2, groups) ->
    GlobalAveragePool -> Flatten -> Gemm (transB) -> Softmax."""
    nodes = [
        helper.make_node("Conv", ["x", "w1", "b1"], ["c1"], name="conv1",
                         pads=[1, 1, 1, 1], kernel_shape=[3, 3]),
        helper.make_node("Relu", ["c1"], ["r1"], name="relu1"),
        helper.make_node("MaxPool", ["r1"], ["p1"], name="pool1",
                         kernel_shape=[3, 3], strides=[2, 2], ceil_mode=1),
        helper.make_node("AveragePool", ["p1"], ["p2"], name="pool2",
                         kernel_shape=[2, 2], pads=[1, 1, 0, 0],
                         count_include_pad=1),
        helper.make_node("Conv", ["p2", "w2"], ["c2"], name="conv2",
                         auto_pad="SAME_UPPER", strides=[2, 2], group=2),
        helper.make_node("GlobalAveragePool", ["c2"], ["g"], name="gap"),
        helper.make_node("Flatten", ["g"], ["f"], name="flatten"),
        helper.make_node("Gemm", ["f", "wf", "bf"], ["logits"], name="fc",
                         transB=1, alpha=0.5),
        helper.make_node("Softmax", ["logits"], ["y"], name="softmax",
                         axis=1)]
    return model(nodes, [vi("x", [1, 3, 9, 9])], [vi("y", [1, 5])],
                 # scaled so that the softmax is not saturated
                 [weights("w1", [8, 3, 3, 3], 4, 0.3), weights("b1", [8], 5),
                  weights("w2", [6, 4, 3, 3], 6, 0.3),
                  weights("wf", [5, 6], 7, 0.5), weights("bf", [5], 8)], opset)


def elementwise():
    """The elementwise ops and the shape-only ones, broadcasting."""
    lo = numpy_helper.from_array(np.array(-1.5, np.float32), "lo")
    hi = numpy_helper.from_array(np.array(2.0, np.float32), "hi")
    nodes = [
        helper.make_node("Clip", ["x", "lo", "hi"], ["a"], name="clip"),
        helper.make_node("LeakyRelu", ["a"], ["b"], name="leaky", alpha=0.2),
        helper.make_node("Sub", ["b", "v"], ["c"], name="sub"),
        helper.make_node("Sigmoid", ["c"], ["d"], name="sigmoid"),
        helper.make_node("Div", ["d", "x"], ["e"], name="div"),
        helper.make_node("Dropout", ["e"], ["f"], name="dropout"),
        helper.make_node("Transpose", ["f"], ["t"], name="transpose",
                         perm=[0, 2, 1]),
        helper.make_node("Unsqueeze", ["t", "axes"], ["u"], name="unsqueeze"),
        helper.make_node("Identity", ["u"], ["y"], name="identity")]
    axes = numpy_helper.from_array(np.array([0], np.int64), "axes")
    return model(nodes, [vi("x", [2, 3, 4]), vi("v", [4])],
                 [vi("y", [1, 2, 4, 3])], [lo, hi, axes])


# float64 references of the ops the models use (ONNX semantics).

def conv2d(x, w, b, pads, strides, group):
    n, c, h, wd = x.shape
    m, cg, kh, kw = w.shape
    xp = np.pad(x, ((0, 0), (0, 0), (pads[0], pads[2]), (pads[1], pads[3])))
    oh = (xp.shape[2] - kh) // strides[0] + 1
    ow = (xp.shape[3] - kw) // strides[1] + 1
    y = np.zeros((n, m, oh, ow))
    per = m // group
    for o in range(m):
        g = o // per
        for i in range(kh):
            for j in range(kw):
                patch = xp[:, g * cg:(g + 1) * cg,
                           i:i + strides[0] * oh:strides[0],
                           j:j + strides[1] * ow:strides[1]]
                y[:, o] += np.einsum("nchw,c->nhw", patch, w[o, :, i, j])
        if b is not None:
            y[:, o] += b[o]
    return y


def pool2d(x, k, strides, pads, ceil, avg, include_pad):
    n, c, h, w = x.shape
    sizes = []
    for d, size in enumerate((h, w)):
        padded = size + pads[d] + pads[d + 2]
        out = (padded - k[d] + (strides[d] - 1 if ceil else 0)) // strides[d] + 1
        if ceil and (out - 1) * strides[d] >= size + pads[d]:
            out -= 1
        sizes.append(out)
    y = np.zeros((n, c, sizes[0], sizes[1]))
    for oi in range(sizes[0]):
        for oj in range(sizes[1]):
            r0, c0 = oi * strides[0] - pads[0], oj * strides[1] - pads[1]
            r1, c1 = r0 + k[0], c0 + k[1]
            win = x[:, :, max(r0, 0):min(r1, h), max(c0, 0):min(c1, w)]
            if not avg:
                y[:, :, oi, oj] = win.max(axis=(2, 3))
            else:
                count = (k[0] * k[1] if include_pad else
                         win.shape[2] * win.shape[3])
                # count_include_pad counts the pads, not the ceil overhang
                if include_pad:
                    count = ((min(r1, h + pads[2]) - r0) *
                             (min(c1, w + pads[3]) - c0))
                y[:, :, oi, oj] = win.sum(axis=(2, 3)) / count
    return y


def pool3d(x, k, strides, pads, ceil, avg, include_pad):
    """The direct definition over each 3-D window (accel-graphc computes
    it as two 2-D poolings)."""
    import itertools
    spatial = x.shape[2:]
    sizes = []
    for d, size in enumerate(spatial):
        padded = size + pads[d] + pads[d + 3]
        out = (padded - k[d] + (strides[d] - 1 if ceil else 0)) // strides[d] + 1
        if ceil and (out - 1) * strides[d] >= size + pads[d]:
            out -= 1
        sizes.append(out)
    y = np.zeros(x.shape[:2] + tuple(sizes))
    for o in itertools.product(*[range(s) for s in sizes]):
        lo = [o[d] * strides[d] - pads[d] for d in range(3)]
        hi = [lo[d] + k[d] for d in range(3)]
        win = x[(slice(None), slice(None)) + tuple(
            slice(max(lo[d], 0), min(hi[d], spatial[d])) for d in range(3))]
        if not avg:
            y[(Ellipsis,) + o] = win.max(axis=(2, 3, 4))
            continue
        count = np.prod(win.shape[2:])
        if include_pad:  # the pads, not the ceil overhang
            count = np.prod([min(hi[d], spatial[d] + pads[d + 3]) - lo[d]
                             for d in range(3)])
        y[(Ellipsis,) + o] = win.sum(axis=(2, 3, 4)) / count
    return y


def pooling3d():
    nodes = [helper.make_node("MaxPool", ["x"], ["m"], name="max3d",
                              kernel_shape=[3, 2, 3], strides=[2, 1, 2],
                              pads=[1, 0, 1, 1, 1, 0], ceil_mode=1),
             helper.make_node("AveragePool", ["m"], ["a"], name="avg3d",
                              kernel_shape=[2, 3, 2], strides=[1, 2, 1],
                              pads=[0, 1, 1, 1, 0, 0], count_include_pad=1),
             helper.make_node("AveragePool", ["m"], ["e"], name="avg3d_ex",
                              kernel_shape=[2, 2, 3], pads=[1, 1, 1, 0, 1, 1])]
    return model(nodes, [vi("x", [2, 3, 7, 9, 8])],
                 [vi("a", [2, 3, 4, 4, 4]), vi("e", [2, 3, 4, 10, 4])])


def pooling3d_reference(m, x):
    mx = pool3d(x, [3, 2, 3], [2, 1, 2], [1, 0, 1, 1, 1, 0], True, False,
                False)
    return [pool3d(mx, [2, 3, 2], [1, 2, 1], [0, 1, 1, 1, 0, 0], False, True,
                   True),
            pool3d(mx, [2, 2, 3], [1, 1, 1], [1, 1, 1, 0, 1, 1], False, True,
                   False)]


def embedding():
    """Token and position embeddings (Gathers of int64 and int32 indices
    given at run time), summed, then a projection."""
    nodes = [helper.make_node("Gather", ["tokens", "ids"], ["t"], name="tok"),
             helper.make_node("Gather", ["positions", "pos"], ["p"],
                              name="pos_emb"),
             helper.make_node("Add", ["t", "p"], ["e"], name="sum"),
             helper.make_node("MatMul", ["e", "w"], ["y"], name="proj")]
    return model(nodes, [vi("ids", [2, 6], TensorProto.INT64),
                         vi("pos", [6], TensorProto.INT32)],
                 [vi("y", [2, 6, 4])],
                 [weights("tokens", [7, 8], 41), weights("positions", [7, 8], 42),
                  weights("w", [8, 4], 43)])


def long_records():
    """Three Gathers of 3 000 constant indices each: records of about
    24 KiB, more than accel-graphc places in the scratchpad together
    (64 KiB), so the last one stays in DRAM and is copied in at run time;
    then an Add of all three."""
    rng = np.random.default_rng(44)
    nodes, inits_ = [], []
    for k in range(3):
        idx = rng.integers(-50, 50, 3000).astype(np.int64)
        inits_.append(numpy_helper.from_array(idx, "i%d" % k))
        nodes.append(helper.make_node("Gather", ["x", "i%d" % k], ["g%d" % k],
                                      name="gather%d" % k, axis=0))
    nodes += [helper.make_node("Add", ["g0", "g1"], ["s"], name="add01"),
              helper.make_node("Add", ["s", "g2"], ["y"], name="add2")]
    return model(nodes, [vi("x", [50, 4])], [vi("y", [3000, 4])], inits_)


def long_records_reference(m, x):
    i = [numpy_helper.to_array(t) for t in m.graph.initializer]
    return [x[i[0]] + x[i[1]] + x[i[2]]]


def embedding_reference(m, ids, pos):
    w = inits(m)
    return [(w["tokens"][ids] + w["positions"][pos]) @ w["w"]]


def softmax(x, axis):
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def inits(m):
    return {i.name: numpy_helper.to_array(i).astype(np.float64)
            for i in m.graph.initializer}


def mlp_reference(m, x):
    w = inits(m)
    return [np.maximum(x @ w["w1"] + w["b1"], 0) @ w["w2"]]


def cnn_reference(m, x):
    w = inits(m)
    y = np.maximum(conv2d(x, w["w1"], w["b1"], [1, 1, 1, 1], [1, 1], 1), 0)
    y = pool2d(y, [3, 3], [2, 2], [0, 0, 0, 0], True, False, False)
    y = pool2d(y, [2, 2], [1, 1], [1, 1, 0, 0], False, True, True)
    y = conv2d(y, w["w2"], None, [0, 0, 1, 1], [2, 2], 2)  # SAME_UPPER
    y = y.mean(axis=(2, 3))
    return [softmax(0.5 * y @ w["wf"].T + w["bf"], 1)]


def elementwise_reference(m, x, v):
    a = np.clip(x, -1.5, 2.0)
    b = np.where(a < 0, 0.2 * a, a)
    d = 1 / (1 + np.exp(-(b - v)))
    return [np.expand_dims((d / x).transpose(0, 2, 1), 0)]


def write_test_data(d, name, m, reference, seed, index_range=0):
    """name/model.onnx and name/test_data_set_0 with inputs drawn from a
    seeded normal distribution (an integer input: indices, uniform in
    [-index_range, index_range)) and the float64 reference's outputs."""
    top = os.path.join(d, name)
    data = os.path.join(top, "test_data_set_0")
    os.makedirs(data, exist_ok=True)
    onnx.save(m, os.path.join(top, "model.onnx"))
    rng = np.random.default_rng(seed)
    xs = []
    for k, i in enumerate(m.graph.input):
        shape = [dim.dim_value for dim in i.type.tensor_type.shape.dim]
        t = i.type.tensor_type.elem_type
        x = rng.standard_normal(shape).astype(np.float32)
        if t in (TensorProto.INT64, TensorProto.INT32):  # indices
            x = rng.integers(-index_range, index_range, shape).astype(
                onnx.mapping.TENSOR_TYPE_TO_NP_TYPE[t])
        xs.append(x)
        with open(os.path.join(data, "input_%d.pb" % k), "wb") as f:
            f.write(numpy_helper.from_array(x, i.name).SerializeToString())
    ys = reference(m, *[x if x.dtype.kind == "i" else x.astype(np.float64)
                        for x in xs])
    for k, (o, y) in enumerate(zip(m.graph.output, ys)):
        with open(os.path.join(data, "output_%d.pb" % k), "wb") as f:
            f.write(numpy_helper.from_array(y.astype(np.float32),
                                            o.name).SerializeToString())


def chain():
    """Elementwise ops in a row on 16 384 elements: one chain after
    -accel-fuse (relu, + y broadcast, 0.5 * r, tanh, - x)."""
    half = numpy_helper.from_array(np.array([0.5], np.float32), "half")
    nodes = [helper.make_node("Relu", ["x"], ["a"], name="relu"),
             helper.make_node("Add", ["a", "y"], ["b"], name="add"),
             helper.make_node("Mul", ["half", "b"], ["c"], name="scale"),
             helper.make_node("Tanh", ["c"], ["d"], name="tanh"),
             helper.make_node("Sub", ["d", "x"], ["out"], name="sub")]
    return model(nodes, [vi("x", [4, 4096]), vi("y", [4096])],
                 [vi("out", [4, 4096])], [half])


def chain_reference(m, x, y):
    return [np.tanh(0.5 * (np.maximum(x, 0) + y)) - x]


def attention():
    """Scaled dot-product attention as exporters write it, with an additive
    mask: Softmax(MatMul(Div(q, 2), Transpose(k)) + mask) . v over 2 x 3
    heads, 5 queries, 7 keys, head dim 4 and value dim 6; the mask hides
    keys 5 and 6 from query 0 (-1e9) and broadcasts from [5, 7]."""
    two = numpy_helper.from_array(np.array(2.0, np.float32), "two")
    mask = np.zeros((5, 7), np.float32)
    mask[0, 5:] = -1e9
    nodes = [helper.make_node("Div", ["q", "two"], ["qs"], name="scale"),
             helper.make_node("Transpose", ["k"], ["kt"], name="kt",
                              perm=[0, 1, 3, 2]),
             helper.make_node("MatMul", ["qs", "kt"], ["s"], name="scores"),
             helper.make_node("Add", ["s", "mask"], ["sm"], name="mask"),
             helper.make_node("Softmax", ["sm"], ["p"], name="softmax",
                              axis=-1),
             helper.make_node("MatMul", ["p", "v"], ["y"], name="context")]
    return model(nodes, [vi("q", [2, 3, 5, 4]), vi("k", [2, 3, 7, 4]),
                         vi("v", [2, 3, 7, 6])], [vi("y", [2, 3, 5, 6])],
                 [two, numpy_helper.from_array(mask, "mask")])


def heads():
    """Multi-head attention as PyTorch's encoder exports it, sequence
    first: x [S 5, B 2, 3 E 36] sliced into q, k and v, each reshaped to
    [S, B H (H 3 heads), E / H] and transposed to [B H, S, E / H]; the
    scores scaled by a Mul; then y's heads back to [S, B H, E / H]. The
    slices' reshape splits B H, which no strides of rank 3 say: views of
    the finer [S, B, H, E / H]. A fourth slice read by an Add too: not a
    view."""
    half = numpy_helper.from_array(np.array(0.5, np.float32), "half")
    shape = numpy_helper.from_array(np.array([5, 6, 4], np.int64), "shape")
    nodes = []
    for name in ("q", "k", "v"):
        nodes += [
            helper.make_node("Slice", ["x", name + "_s", name + "_e",
                                       "axis2"], [name + "0"],
                             name="slice_" + name),
            helper.make_node("Reshape", [name + "0", "shape"], [name + "1"],
                             name="split_" + name),
            helper.make_node("Transpose", [name + "1"], [name + "2"],
                             name="heads_" + name, perm=[1, 0, 2])]
    nodes += [
        helper.make_node("Mul", ["q2", "half"], ["qs"], name="scale"),
        helper.make_node("Transpose", ["k2"], ["kt"], name="kt",
                         perm=[0, 2, 1]),
        helper.make_node("MatMul", ["qs", "kt"], ["s"], name="scores"),
        helper.make_node("Softmax", ["s"], ["p"], name="softmax", axis=-1),
        helper.make_node("MatMul", ["p", "v2"], ["o"], name="context"),
        helper.make_node("Transpose", ["o"], ["y"], name="merge",
                         perm=[1, 0, 2]),
        helper.make_node("Slice", ["x", "q_s", "q_e", "axis2"], ["w0"],
                         name="slice_w"),
        helper.make_node("Reshape", ["w0", "shape"], ["w1"], name="split_w"),
        helper.make_node("Add", ["w1", "w1"], ["z"], name="double")]
    i64 = lambda name, v: numpy_helper.from_array(np.array(v, np.int64), name)
    inits = [half, shape, i64("axis2", [2])]
    for name, start in (("q", 0), ("k", 12), ("v", 24)):
        inits += [i64(name + "_s", [start]), i64(name + "_e", [start + 12])]
    return model(nodes, [vi("x", [5, 2, 36])],
                 [vi("y", [5, 6, 4]), vi("z", [5, 6, 4])], inits)


def heads_reference(m, x):
    def split(start):
        return x[:, :, start:start + 12].reshape(5, 6, 4).transpose(1, 0, 2)
    q, k, v = split(0), split(12), split(24)
    s = 0.5 * q @ np.swapaxes(k, -1, -2)
    p = np.exp(s - s.max(axis=-1, keepdims=True))
    o = (p / p.sum(axis=-1, keepdims=True)) @ v
    return [o.transpose(1, 0, 2), 2 * x[:, :, 0:12].reshape(5, 6, 4)]


def attention_no_head_dim():
    """Attention whose head dim is 0: the scores are all 0, the
    probabilities uniform, y the mean of v's rows."""
    nodes = [helper.make_node("Transpose", ["k"], ["kt"], name="kt",
                              perm=[0, 1, 3, 2]),
             helper.make_node("MatMul", ["q", "kt"], ["s"], name="scores"),
             helper.make_node("Softmax", ["s"], ["p"], name="softmax",
                              axis=-1),
             helper.make_node("MatMul", ["p", "v"], ["y"], name="context")]
    return model(nodes, [vi("q", [1, 2, 4, 0]), vi("k", [1, 2, 5, 0]),
                         vi("v", [1, 2, 5, 3])], [vi("y", [1, 2, 4, 3])])


def attention_no_head_dim_reference(m, q, k, v):
    return [np.broadcast_to(v.mean(axis=-2, keepdims=True), (1, 2, 4, 3))]


def views():
    """Transposes and slices that accel-graphc makes views (no copy): a
    transpose [1, 0, 2] read by an Add, a slice of the last dimension read
    by a MatMul, and a transpose of a slice read by a Mul."""
    i64 = lambda name, v: numpy_helper.from_array(np.array(v, np.int64), name)
    nodes = [helper.make_node("Transpose", ["x"], ["t"], name="t",
                              perm=[1, 0, 2]),
             helper.make_node("Add", ["t", "c"], ["y"], name="add"),
             helper.make_node("Slice", ["x", "s0", "s1", "ax"], ["s"],
                              name="slice"),
             helper.make_node("MatMul", ["s", "w"], ["z"], name="mm"),
             helper.make_node("Transpose", ["s"], ["st"], name="st",
                              perm=[1, 0, 2]),
             helper.make_node("Mul", ["st", "st"], ["u"], name="square")]
    return model(nodes, [vi("x", [4, 2, 12])],
                 [vi("y", [2, 4, 12]), vi("z", [4, 2, 5]), vi("u", [2, 4, 6])],
                 [weights("c", [12], 5), weights("w", [6, 5], 6),
                  i64("s0", [4]), i64("s1", [10]), i64("ax", [2])])


def movement():
    """Pad (reflect, edge, constant 1.5 with pads as an initializer), Gather
    (2-D indices with a negative one, axis 1), Expand, Where (a bool
    initializer) and Cast to f32, on x [2, 3, 4]."""
    i64 = lambda name, v: numpy_helper.from_array(np.array(v, np.int64), name)
    cond = numpy_helper.from_array(
        np.array([[True, False, True, False]] * 3), "cond")
    nodes = [helper.make_node("Pad", ["x", "p1"], ["r"], name="reflect",
                              mode="reflect"),
             helper.make_node("Pad", ["r", "p2"], ["e"], name="edge",
                              mode="edge"),
             helper.make_node("Pad", ["e", "p3", "v"], ["pc"],
                              name="constant"),
             helper.make_node("Gather", ["x", "idx"], ["g"], name="gather",
                              axis=1),
             helper.make_node("Expand", ["row", "shape"], ["ex"],
                              name="expand"),
             helper.make_node("Add", ["ex", "x"], ["xe"], name="add"),
             helper.make_node("Where", ["cond", "xe", "x"], ["w"],
                              name="where"),
             helper.make_node("Cast", ["w"], ["c"], name="cast",
                              to=onnx.TensorProto.FLOAT)]
    return model(nodes, [vi("x", [2, 3, 4])],
                 [vi("pc", [2, 8, 10]), vi("g", [2, 2, 2, 4]),
                  vi("c", [2, 3, 4])],
                 [i64("p1", [0, 1, 2, 0, 1, 1]), i64("p2", [0, 0, 1, 0, 2, 0]),
                  i64("p3", [0, 1, 0, 0, 0, 2]),
                  numpy_helper.from_array(np.array(1.5, np.float32), "v"),
                  i64("idx", [[2, 0], [-1, 1]]), weights("row", [1, 4], 9),
                  i64("shape", [2, 3, 4]), cond])


def movement_reference(m, x):
    init = {i.name: numpy_helper.to_array(i) for i in m.graph.initializer}
    r = np.pad(x, [(0, 0), (1, 1), (2, 1)], mode="reflect")
    e = np.pad(r, [(0, 0), (0, 2), (1, 0)], mode="edge")
    pc = np.pad(e, [(0, 0), (1, 0), (0, 2)], constant_values=1.5)
    g = np.take(x, init["idx"], axis=1)
    w = np.where(init["cond"], init["row"].astype(np.float64) + x, x)
    return [pc, g, w]


def residual_norm():
    """A post-norm block's add and norm, sequence first as PyTorch's
    encoder runs: x [S 4, B 3, 8] plus r (given batch first, [3, 4, 8],
    and transposed), LayerNormalization over the last axis, back to batch
    first, as rows ([12, 8]: no strides say that of the transpose) into a
    MatMul. The add becomes the norm's residual (r's transpose a view it
    reads), and the norm stores its result in the transpose's layout."""
    rows = numpy_helper.from_array(np.array([12, 8], np.int64), "rows")
    nodes = [helper.make_node("Transpose", ["r"], ["rt"], name="r_seq",
                              perm=[1, 0, 2]),
             helper.make_node("Add", ["x", "rt"], ["s"], name="residual"),
             helper.make_node("LayerNormalization", ["s", "g", "b"], ["n"],
                              name="norm", axis=-1, epsilon=1e-5),
             helper.make_node("Transpose", ["n"], ["t"], name="batch_first",
                              perm=[1, 0, 2]),
             helper.make_node("Reshape", ["t", "rows"], ["tr"],
                              name="as_rows"),
             helper.make_node("MatMul", ["tr", "w"], ["y"], name="proj")]
    return model(nodes, [vi("x", [4, 3, 8]), vi("r", [3, 4, 8])],
                 [vi("y", [12, 5])],
                 [weights("g", [8], 51, 0.5), weights("b", [8], 52),
                  weights("w", [8, 5], 53), rows], opset=17)


def residual_norm_reference(m, x, r):
    g, b, w = (numpy_helper.to_array(t).astype(np.float64)
               for t in m.graph.initializer[:3])
    s = x + np.transpose(r, (1, 0, 2))
    d = s - s.mean(axis=-1, keepdims=True)
    n = d / np.sqrt((d * d).mean(axis=-1, keepdims=True) + 1e-5) * g + b
    return [np.transpose(n, (1, 0, 2)).reshape(12, 8) @ w]


def gelu_matmul():
    """The exact GELU as PyTorch exports it before opset 20 (x / sqrt 2,
    Erf, + 1, times x, times 0.5) after a MatMul by a constant (rows of a
    3-D x, one GEMM) and after a batched MatMul of two inputs: each the
    matrix op's activation."""
    c = lambda name, v: numpy_helper.from_array(np.array(v, np.float32), name)
    nodes = []
    for k, (a, b) in enumerate((("x", "w"), ("x", "v"))):
        p = "g%d_" % k
        nodes += [
            helper.make_node("MatMul", [a, b], [p + "m"], name=p + "matmul"),
            helper.make_node("Div", [p + "m", "sqrt2"], [p + "d"],
                             name=p + "div"),
            helper.make_node("Erf", [p + "d"], [p + "e"], name=p + "erf"),
            helper.make_node("Add", [p + "e", "one"], [p + "a"],
                             name=p + "add"),
            helper.make_node("Mul", [p + "m", p + "a"], [p + "p"],
                             name=p + "mul"),
            helper.make_node("Mul", [p + "p", "half"], ["y%d" % k],
                             name=p + "half")]
    return model(nodes, [vi("x", [2, 5, 8]), vi("v", [2, 8, 6])],
                 [vi("y0", [2, 5, 6]), vi("y1", [2, 5, 6])],
                 [weights("w", [8, 6], 61), c("sqrt2", 1.4142135),
                  c("one", 1.0), c("half", 0.5)])


def gelu_matmul_reference(m, x, v):
    w = numpy_helper.to_array(m.graph.initializer[0]).astype(np.float64)
    erf = np.vectorize(math.erf)
    gelu = lambda z: 0.5 * z * (1 + erf(z / np.sqrt(2.0)))
    return [gelu(x @ w), gelu(x @ v)]


def views_reference(m, x):
    c = numpy_helper.to_array(m.graph.initializer[0]).astype(np.float64)
    w = numpy_helper.to_array(m.graph.initializer[1]).astype(np.float64)
    s = x[:, :, 4:10]
    st = np.transpose(s, (1, 0, 2))
    return [np.transpose(x, (1, 0, 2)) + c, s @ w, st * st]


def attention_reference(m, q, k, v):
    mask = numpy_helper.to_array(m.graph.initializer[1]).astype(np.float64)
    s = (q / 2.0) @ np.swapaxes(k, -1, -2) + mask
    p = np.exp(s - s.max(axis=-1, keepdims=True))
    return [(p / p.sum(axis=-1, keepdims=True)) @ v]


def write(d, name, m, check=True):
    if check:
        onnx.checker.check_model(m)
    onnx.save(m, os.path.join(d, name))


def main():
    d = sys.argv[1]
    os.makedirs(d, exist_ok=True)
    write(d, "mlp.onnx", mlp())
    write(d, "mlp-opset17.onnx", mlp(opset=17))
    dyn = mlp()
    dyn.graph.input[0].type.tensor_type.shape.dim[0].dim_param = "batch"
    dyn.graph.output[0].type.tensor_type.shape.dim[0].dim_param = "batch"
    write(d, "dynamic-batch.onnx", dyn)
    write(d, "flatten-chain.onnx", flatten_chain())
    write(d, "cnn.onnx", cnn(13))
    write(d, "cnn-opset11.onnx", cnn(11))
    write(d, "elementwise.onnx", elementwise())
    write_test_data(d, "mlp-run", mlp(), mlp_reference, 11)
    write_test_data(d, "attention-run", attention(), attention_reference, 17)
    write_test_data(d, "views-run", views(), views_reference, 19)
    write_test_data(d, "heads-run", heads(), heads_reference, 43)
    write_test_data(d, "residual-norm-run", residual_norm(),
                    residual_norm_reference, 47)
    write_test_data(d, "gelu-matmul-run", gelu_matmul(),
                    gelu_matmul_reference, 49)
    write_test_data(d, "long-records-run", long_records(),
                    long_records_reference, 45)
    write_test_data(d, "attention-d0-run", attention_no_head_dim(),
                    attention_no_head_dim_reference, 29)
    write_test_data(d, "movement-run", movement(), movement_reference, 23)
    write_test_data(d, "cnn-run", cnn(13), cnn_reference, 12)
    write_test_data(d, "elementwise-run", elementwise(), elementwise_reference,
                    13)
    write_test_data(d, "pool3d-run", pooling3d(), pooling3d_reference, 31)
    write_test_data(d, "embedding-run", embedding(), embedding_reference, 37,
                    index_range=7)
    # Token ids past the table's 7 rows: the run must stop at the node.
    write_test_data(d, "embedding-outside", embedding(), lambda m, ids, pos: [
        np.zeros((2, 6, 4))], 37, index_range=9)
    write(d, "chain.onnx", chain())
    write_test_data(d, "chain-run", chain(), chain_reference, 14)
    # The MLP's data with one expected element off by 1 %: must not match.
    write_test_data(d, "mlp-wrong", mlp(), lambda m, x: [
        mlp_reference(m, x)[0] * np.array([1, 1, 1.01])], 11)
    unsupported = model([helper.make_node("Unique", ["x"], ["y"],
                                          name="unique")],
                        [vi("x", [2, 3, 3])], [vi("y", [5])])
    write(d, "unsupported-op.onnx", unsupported)
    ints = model([helper.make_node("Add", ["x", "x"], ["y"], name="add")],
                 [vi("x", [4], TensorProto.INT32)],
                 [vi("y", [4], TensorProto.INT32)])
    write(d, "int-add.onnx", ints)
    clip_input = model([helper.make_node("Clip", ["x", "lo"], ["y"],
                                         name="clip")],
                       [vi("x", [4]), vi("lo", [])], [vi("y", [4])])
    write(d, "clip-runtime-min.onnx", clip_input)
    # The movement ops' limits: a condition computed at run time, a pad that
    # crops, a cast of f32 to an integer type.
    where_input = model([helper.make_node("Greater", ["x", "x"], ["c"],
                                          name="greater"),
                         helper.make_node("Where", ["c", "x", "x"], ["y"],
                                          name="where")],
                        [vi("x", [4])], [vi("y", [4])])
    write(d, "where-runtime.onnx", where_input)
    crop = model([helper.make_node("Pad", ["x", "p"], ["y"], name="crop")],
                 [vi("x", [4, 4])], [vi("y", [3, 4])],
                 [numpy_helper.from_array(np.array([-1, 0, 0, 0], np.int64),
                                          "p")])
    write(d, "pad-crop.onnx", crop)
    # A Reshape to a shape of another count, which ONNX's checker and
    # shape inference let through.
    bad_reshape = model([helper.make_node("Reshape", ["x", "s"], ["y"],
                                          name="squash")],
                        [vi("x", [2, 6])], [vi("y", [4, 4])],
                        [numpy_helper.from_array(np.array([4, 4], np.int64),
                                                 "s")])
    write(d, "reshape-count.onnx", bad_reshape)
    to_int = model([helper.make_node("Cast", ["x"], ["y"], name="cast",
                                     to=TensorProto.INT32),
                    helper.make_node("Cast", ["y"], ["z"], name="back",
                                     to=TensorProto.FLOAT)],
                   [vi("x", [4])], [vi("z", [4])])
    write(d, "cast-int.onnx", to_int)
    i64 = lambda name, v: numpy_helper.from_array(np.array(v, np.int64), name)
    far = model([helper.make_node("Gather", ["x", "i"], ["y"], name="far")],
                [vi("x", [4, 3])], [vi("y", [2, 3])], [i64("i", [1, 4])])
    write(d, "gather-outside.onnx", far, check=False)
    many = model([helper.make_node("Gather", ["x", "i"], ["y"], name="many")],
                 [vi("x", [4, 3])], [vi("y", [5000, 3])],
                 [i64("i", [k % 4 for k in range(5000)])])
    write(d, "gather-many.onnx", many)
    wrap = model([helper.make_node("Pad", ["x", "p"], ["y"], name="wrap",
                                   mode="wrap")],
                 [vi("x", [4, 4])], [vi("y", [4, 6])],
                 [i64("p", [0, 1, 0, 1])])
    write(d, "pad-wrap.onnx", wrap, check=False)
    # A transpose of seven dimensions, none merging with its neighbour.
    rank7 = model([helper.make_node("Transpose", ["x"], ["y"], name="deep",
                                    perm=[6, 5, 4, 3, 2, 1, 0])],
                  [vi("x", [2, 3, 2, 3, 2, 3, 2])],
                  [vi("y", [2, 3, 2, 3, 2, 3, 2])])
    write(d, "rank7.onnx", rank7)

    # Weights in a file beside the model.
    ext = mlp()
    w1 = ext.graph.initializer[0]
    data = w1.raw_data if w1.raw_data else np.array(
        w1.float_data, np.float32).tobytes()
    with open(os.path.join(d, "mlp-weights.bin"), "wb") as f:
        f.write(b"\0" * 16 + data)
    w1.ClearField("raw_data")
    w1.ClearField("float_data")
    w1.data_location = TensorProto.EXTERNAL
    for k, v in (("location", "mlp-weights.bin"), ("offset", "16"),
                 ("length", str(len(data)))):
        e = w1.external_data.add()
        e.key, e.value = k, v
    write(d, "mlp-external.onnx", ext, check=False)
    missing = onnx.ModelProto()
    missing.CopyFrom(ext)
    missing.graph.initializer[0].external_data[0].value = "no-such-file.bin"
    write(d, "external-missing.onnx", missing, check=False)
    short = onnx.ModelProto()
    short.CopyFrom(ext)
    short.graph.initializer[0].external_data[2].value = str(len(data) + 64)
    write(d, "external-short.onnx", short, check=False)
    escape = onnx.ModelProto()
    escape.CopyFrom(ext)
    escape.graph.initializer[0].external_data[0].value = "../mlp-weights.bin"
    write(d, "external-escape.onnx", escape, check=False)

    # Damaged files and graphs.
    raw = mlp().SerializeToString()
    with open(os.path.join(d, "truncated.onnx"), "wb") as f:
        f.write(raw[:len(raw) // 2])
    with open(os.path.join(d, "not-onnx.onnx"), "wb") as f:
        f.write(b"this is not a protobuf \xff\xff\xff\xff")
    write(d, "opset9.onnx", mlp(opset=9))
    write(d, "opset18.onnx", mlp(opset=18), check=False)
    dangling = mlp()
    dangling.graph.node[1].input[1] = "no_such_value"
    write(d, "dangling.onnx", dangling, check=False)
    cyclic = mlp()
    cyclic.graph.node[0].input[0] = "r"
    write(d, "cyclic.onnx", cyclic, check=False)
    mismatch = mlp()
    mismatch.graph.initializer[2].CopyFrom(weights("w2", [15, 3], 3))
    write(d, "shape-mismatch.onnx", mismatch, check=False)
    short_init = mlp()
    short_init.graph.initializer[1].raw_data = b"\0" * 12
    write(d, "initializer-short.onnx", short_init, check=False)
    negative = mlp()
    negative.graph.initializer[1].dims[0] = -16
    write(d, "initializer-negative.onnx", negative, check=False)
    domain = mlp()
    domain.graph.node[2].domain = "com.example"
    domain.opset_import.append(helper.make_opsetid("com.example", 1))
    write(d, "custom-domain.onnx", domain, check=False)
    seq = model([helper.make_node("Identity", ["x"], ["y"], name="id")],
                [helper.make_tensor_sequence_value_info("x", F, [2])],
                [helper.make_tensor_sequence_value_info("y", F, [2])])
    write(d, "sequence-input.onnx", seq, check=False)


if __name__ == "__main__":
    main()
