"""Writes the models of import-recurrent.test into a directory, each in the
ONNX test-data layout with its expected outputs computed here in float64
by numpy loops written from ONNX's equations: a bidirectional GRU with
linear_before_reset (PyTorch's), a reverse LSTM with peepholes, initial
states and sequence lengths that end some batch entries early, and a
batch-first RNN.
Usage: make_recurrent_models.py DIR"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def sigmoid(x):
    return 1 / (1 + np.exp(-x))


def write_run(d, name, node, inputs, outputs):
    def vi(n, x):
        t = TensorProto.INT32 if x.dtype == np.int32 else TensorProto.FLOAT
        return helper.make_tensor_value_info(n, t, list(x.shape))
    g = helper.make_graph([node], "g", [vi(n, x) for n, x in inputs],
                          [vi(n, y) for n, y in outputs])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 14)])
    onnx.checker.check_model(m)
    data = os.path.join(d, name, "test_data_set_0")
    os.makedirs(data, exist_ok=True)
    onnx.save(m, os.path.join(d, name, "model.onnx"))
    for kind, values in (("input", inputs), ("output", outputs)):
        for k, (n, x) in enumerate(values):
            if x.dtype == np.float64:
                x = x.astype(np.float32)
            with open(os.path.join(data, "%s_%d.pb" % (kind, k)), "wb") as f:
                f.write(numpy_helper.from_array(x, n).SerializeToString())


def gru(x, w, r, b, h0, backward):
    """One direction of ONNX's GRU, linear_before_reset = 1; gates z, r, h."""
    H = r.shape[1]
    wb, rb = b[:3 * H], b[3 * H:]
    h, ys = h0, [None] * len(x)
    for t in (reversed(range(len(x))) if backward else range(len(x))):
        xw = x[t] @ w.T + wb
        hr = h @ r.T + rb
        z = sigmoid(xw[:, :H] + hr[:, :H])
        rr = sigmoid(xw[:, H:2 * H] + hr[:, H:2 * H])
        c = np.tanh(xw[:, 2 * H:] + rr * hr[:, 2 * H:])
        h = (1 - z) * c + z * h
        ys[t] = h
    return np.stack(ys), h


def lstm(x, w, r, b, p, h0, c0, lens, backward):
    """One direction of ONNX's LSTM with peepholes; gates i, o, f, c; an
    entry past its length keeps its state and outputs 0."""
    H = r.shape[1]
    h, c, ys = h0, c0, [None] * len(x)
    for t in (reversed(range(len(x))) if backward else range(len(x))):
        a = x[t] @ w.T + h @ r.T + b[:4 * H] + b[4 * H:]
        i = sigmoid(a[:, :H] + p[:H] * c)
        f = sigmoid(a[:, 2 * H:3 * H] + p[2 * H:] * c)
        cn = f * c + i * np.tanh(a[:, 3 * H:])
        o = sigmoid(a[:, H:2 * H] + p[H:2 * H] * cn)
        hn = o * np.tanh(cn)
        live = (t < lens)[:, None]
        ys[t] = np.where(live, hn, 0)
        h, c = np.where(live, hn, h), np.where(live, cn, c)
    return np.stack(ys), h, c


def main():
    d = sys.argv[1]
    rng = np.random.default_rng(21)
    f32 = lambda *s: rng.standard_normal(s).astype(np.float32)
    S, N, I, H = 4, 3, 5, 6

    x, w, r, b, h0 = f32(S, N, I), f32(2, 3 * H, I), f32(2, 3 * H, H), \
        f32(2, 6 * H), f32(2, N, H)
    wide = [v.astype(np.float64) for v in (x, w, r, b, h0)]
    parts = [gru(wide[0], wide[1][k], wide[2][k], wide[3][k], wide[4][k],
                 k == 1) for k in range(2)]
    y = np.stack([p[0] for p in parts], axis=1)
    yh = np.stack([p[1] for p in parts])
    write_run(d, "gru-bidirectional-run",
              helper.make_node("GRU", ["x", "w", "r", "b", "", "h0"],
                               ["y", "yh"], name="gru", hidden_size=H,
                               direction="bidirectional",
                               linear_before_reset=1),
              [("x", x), ("w", w), ("r", r), ("b", b), ("h0", h0)],
              [("y", y), ("yh", yh)])

    x, w, r, b, p = f32(S, N, I), f32(1, 4 * H, I), f32(1, 4 * H, H), \
        f32(1, 8 * H), f32(1, 3 * H)
    h0, c0 = f32(1, N, H), f32(1, N, H)
    lens = np.array([4, 2, 1], np.int32)
    y, yh, yc = lstm(*(v.astype(np.float64)[..., :] for v in (x,)),
                     *(v[0].astype(np.float64) for v in (w, r, b, p, h0, c0)),
                     lens, True)
    write_run(d, "lstm-reverse-run",
              helper.make_node("LSTM", ["x", "w", "r", "b", "lens", "h0", "c0",
                                        "p"], ["y", "yh", "yc"], name="lstm",
                               hidden_size=H, direction="reverse"),
              [("x", x), ("w", w), ("r", r), ("b", b), ("lens", lens),
               ("h0", h0), ("c0", c0), ("p", p)],
              [("y", y[:, None]), ("yh", yh[None]), ("yc", yc[None])])

    x, w, r = f32(N, S, I), f32(1, H, I), f32(1, H, H)
    h, ys = np.zeros((N, H)), []
    for t in range(S):
        h = np.tanh(x[:, t].astype(np.float64) @ w[0].T + h @ r[0].T)
        ys.append(h)
    write_run(d, "rnn-batch-first-run",
              helper.make_node("RNN", ["x", "w", "r"], ["y", "yh"], name="rnn",
                               hidden_size=H, layout=1),
              [("x", x), ("w", w), ("r", r)],
              [("y", np.stack(ys, axis=1)[:, :, None]), ("yh", h[:, None])])


if __name__ == "__main__":
    main()
