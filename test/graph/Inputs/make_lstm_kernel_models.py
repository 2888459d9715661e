"""Writes the models of import-lstm-kernel.test into a directory: LSTMs
that run as accel.lstm (no peepholes or sequence lengths, a hidden size of
whole tiles), each in the ONNX test-data layout with its expected outputs
computed in float64 by make_recurrent_models.py's loops: a bidirectional
LSTM with biases and initial states, a batch-first forward one with
neither, and one whose weights are initializers reordered by Slice and
Concat nodes as PyTorch's export does (taken at compile time, R packed by
the importer) with a hidden size of 20; and GRUs with linear_before_reset
that run as accel.gru: a bidirectional one with biases and initial
states, and one of hidden size 20 whose weights are initializers.
Usage: make_lstm_kernel_models.py DIR"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_recurrent_models import gru, lstm, write_run  # noqa: E402


def main():
    d = sys.argv[1]
    rng = np.random.default_rng(40)
    f32 = lambda *s: (0.5 * rng.standard_normal(s)).astype(np.float32)  # noqa

    S, N, I, H = 5, 3, 7, 16
    x, w, r, b = f32(S, N, I), f32(2, 4 * H, I), f32(2, 4 * H, H), \
        f32(2, 8 * H)
    h0, c0 = f32(2, N, H), f32(2, N, H)
    full = np.full(N, S)
    parts = [lstm(x.astype(np.float64),
                  *(v[k].astype(np.float64) for v in (w, r, b)),
                  np.zeros(3 * H), h0[k].astype(np.float64),
                  c0[k].astype(np.float64), full, k == 1) for k in range(2)]
    write_run(d, "lstm-bidirectional-run",
              helper.make_node("LSTM", ["x", "w", "r", "b", "", "h0", "c0"],
                               ["y", "yh", "yc"], name="lstm", hidden_size=H,
                               direction="bidirectional"),
              [("x", x), ("w", w), ("r", r), ("b", b), ("h0", h0),
               ("c0", c0)],
              [("y", np.stack([p[0] for p in parts], axis=1)),
               ("yh", np.stack([p[1] for p in parts])),
               ("yc", np.stack([p[2] for p in parts]))])

    S, N, I, H = 6, 2, 5, 32
    x, w, r = f32(N, S, I), f32(1, 4 * H, I), f32(1, 4 * H, H)
    zeros = np.zeros((N, H))
    y, yh, yc = lstm(x.transpose(1, 0, 2).astype(np.float64),
                     w[0].astype(np.float64), r[0].astype(np.float64),
                     np.zeros(8 * H), np.zeros(3 * H), zeros, zeros,
                     np.full(N, S), False)
    write_run(d, "lstm-batch-first-run",
              helper.make_node("LSTM", ["x", "w", "r"], ["y", "yh", "yc"],
                               name="lstm", hidden_size=H, layout=1),
              [("x", x), ("w", w), ("r", r)],
              [("y", y.transpose(1, 0, 2)[:, :, None]), ("yh", yh[:, None]),
               ("yc", yc[:, None])])

    # PyTorch's gate order i, f, g, o, reordered to ONNX's i, o, f, c by
    # slices of the initializers and a concat, as torch.onnx exports it.
    S, N, I, H = 4, 2, 6, 20
    x, w, r, b = f32(S, N, I), f32(4 * H, I), f32(4 * H, H), f32(8 * H)
    torch_order = [0, 3, 1, 2]  # ONNX's gate k is PyTorch's torch_order[k]
    wt = np.concatenate([w[k * H:(k + 1) * H] for k in (0, 2, 3, 1)])
    rt = np.concatenate([r[k * H:(k + 1) * H] for k in (0, 2, 3, 1)])
    nodes, inits = [], [numpy_helper.from_array(wt, "wt"),
                        numpy_helper.from_array(rt, "rt")]
    for name, pt in (("w", "wt"), ("r", "rt")):
        parts = []
        for k in range(4):  # ONNX gate k from PyTorch's block torch_order[k]
            j = torch_order[k]
            for e, val in (("s", j * H), ("e", (j + 1) * H), ("a", 0)):
                inits.append(numpy_helper.from_array(
                    np.array([val], np.int64), "%s%d%s" % (name, k, e)))
            nodes.append(helper.make_node(
                "Slice", [pt, "%s%ds" % (name, k),
                          "%s%de" % (name, k), "%s%da" % (name, k)],
                ["%s_%d" % (name, k)]))
            parts.append("%s_%d" % (name, k))
        nodes.append(helper.make_node("Concat", parts, [name + "2"], axis=0))
        nodes.append(helper.make_node("Unsqueeze", [name + "2", "axis0"],
                                      [name + "3"]))
    inits.append(numpy_helper.from_array(np.array([0], np.int64), "axis0"))
    inits.append(numpy_helper.from_array(b[None], "b3"))
    nodes.append(helper.make_node("LSTM", ["x", "w3", "r3", "b3"],
                                  ["y", "yh", "yc"], name="lstm",
                                  hidden_size=H))
    zeros = np.zeros((N, H))
    y, yh, yc = lstm(x.astype(np.float64), w.astype(np.float64),
                     r.astype(np.float64), b.astype(np.float64),
                     np.zeros(3 * H), zeros, zeros, np.full(N, S), False)
    outs = [("y", y[:, None]), ("yh", yh[None]), ("yc", yc[None])]
    g = helper.make_graph(
        nodes, "g",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, list(x.shape))],
        [helper.make_tensor_value_info(n, TensorProto.FLOAT, list(v.shape))
         for n, v in outs], inits)
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 14)])
    onnx.checker.check_model(m)
    data = os.path.join(d, "lstm-reordered-run", "test_data_set_0")
    os.makedirs(data, exist_ok=True)
    onnx.save(m, os.path.join(d, "lstm-reordered-run", "model.onnx"))
    for kind, values in (("input", [("x", x)]), ("output", outs)):
        for k, (n, v) in enumerate(values):
            with open(os.path.join(data, "%s_%d.pb" % (kind, k)), "wb") as f:
                f.write(numpy_helper.from_array(
                    v.astype(np.float32), n).SerializeToString())

    S, N, I, H = 5, 3, 7, 16
    x, w, r, b, h0 = f32(S, N, I), f32(2, 3 * H, I), f32(2, 3 * H, H), \
        f32(2, 6 * H), f32(2, N, H)
    parts = [gru(x.astype(np.float64),
                 *(v[k].astype(np.float64) for v in (w, r, b, h0)), k == 1)
             for k in range(2)]
    write_run(d, "gru-bidirectional-run",
              helper.make_node("GRU", ["x", "w", "r", "b", "", "h0"],
                               ["y", "yh"], name="gru", hidden_size=H,
                               direction="bidirectional",
                               linear_before_reset=1),
              [("x", x), ("w", w), ("r", r), ("b", b), ("h0", h0)],
              [("y", np.stack([p[0] for p in parts], axis=1)),
               ("yh", np.stack([p[1] for p in parts]))])

    S, N, I, H = 4, 2, 6, 20
    x, w, r, b = f32(S, N, I), f32(1, 3 * H, I), f32(1, 3 * H, H), \
        f32(1, 6 * H)
    y, yh = gru(x.astype(np.float64), w[0].astype(np.float64),
                r[0].astype(np.float64), b[0].astype(np.float64),
                np.zeros((N, H)), False)
    outs = [("y", y[:, None]), ("yh", yh[None])]
    g = helper.make_graph(
        [helper.make_node("GRU", ["x", "w", "r", "b"], ["y", "yh"],
                          name="gru", hidden_size=H, linear_before_reset=1)],
        "g",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, list(x.shape))],
        [helper.make_tensor_value_info(n, TensorProto.FLOAT, list(v.shape))
         for n, v in outs],
        [numpy_helper.from_array(v, n) for n, v in (("w", w), ("r", r),
                                                    ("b", b))])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 14)])
    onnx.checker.check_model(m)
    data = os.path.join(d, "gru-constant-run", "test_data_set_0")
    os.makedirs(data, exist_ok=True)
    onnx.save(m, os.path.join(d, "gru-constant-run", "model.onnx"))
    for kind, values in (("input", [("x", x)]), ("output", outs)):
        for k, (n, v) in enumerate(values):
            with open(os.path.join(data, "%s_%d.pb" % (kind, k)), "wb") as f:
                f.write(numpy_helper.from_array(
                    v.astype(np.float32), n).SerializeToString())


if __name__ == "__main__":
    main()
