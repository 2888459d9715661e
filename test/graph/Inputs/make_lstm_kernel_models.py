"""Writes the models of import-lstm-kernel.test into a directory: LSTMs
that run as accel.lstm (no peepholes or sequence lengths, a hidden size of
whole tiles), each in the ONNX test-data layout with its expected outputs
computed in float64 by make_recurrent_models.py's loops: a bidirectional
LSTM with biases and initial states, and a batch-first forward one with
neither.
Usage: make_lstm_kernel_models.py DIR"""
import os
import sys

import numpy as np
from onnx import helper

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_recurrent_models import lstm, write_run  # noqa: E402


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


if __name__ == "__main__":
    main()
