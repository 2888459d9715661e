"""Mixture-of-experts cases of the kernel benchmark (kernels.py): the
router's gates (accel_moe_route) and the experts' gated sum
(accel_gated_sum) at the family models' sizes (graph/models: moe, 16
tokens, top-2 of 4 at d 64; moe-top1, top-1 of 8 at d 96) and at a
DeepSeek-like layer's (64 experts choosing 6 over 2048 tokens; 8 experts
and a shared one summed at d 1024 over 256 tokens). dram_bytes: the
logits read and the gates written; the gates, every term read once and y
written.

Logits normal with deviation 2, gates and terms uniform in [-1, 1]; the
gates within 2^-17 of float64 and y within (n + 1) 2^-24 of its terms'
magnitudes (test/kernels/Inputs/moe_check.py's bounds)."""
import numpy as np

import moe_check
from verify import attach, uniform

DRIVER = "moe_bench.c"
ROUTES = [("moe", 16, 4, 2), ("moe-top1", 16, 8, 1),
          ("deepseek-like", 2048, 64, 6)]
SUMS = [("moe", 16, 4, 64, 5), ("moe-top1", 16, 8, 96, 9),
        ("8 experts d 1024", 256, 8, 1024, 9)]


def route(t, e, k):
    def inputs(rng):
        return [(2 * rng.standard_normal((t, e))).astype(np.float32)]

    def reference(ins):
        return moe_check.route_ref(ins[0], k), 2.0 ** -17
    return inputs, reference


def gated_sum(t, e, d, n):
    def inputs(rng):
        return [uniform(rng, (t, e))] + [uniform(rng, (t, d))
                                         for _ in range(n)]

    def reference(ins):
        g = ins[0].astype(np.float64)
        ref, mag = np.zeros((t, d)), np.zeros((t, d))
        for i, term in enumerate(ins[1:]):
            w = 1.0 if i == 0 else g[:, i - 1:i]
            ref += w * term.astype(np.float64)
            mag += np.abs(w * term.astype(np.float64))
        return ref, (n + 1) * 2.0 ** -24 * mag + 1e-30
    return inputs, reference


def cases(p):
    for name, t, e, k in ROUTES:
        yield attach({"name": "moe_route %s %dx%d k %d" % (name, t, e, k),
                      "args": ["route", t, e, k],
                      "macs": 0,
                      "dram_bytes": 8 * t * e},
                     route(t, e, k))
    for name, t, e, d, n in SUMS:
        yield attach({"name": "gated_sum %s %dx%d n %d" % (name, t, d, n),
                      "args": ["sum", t, e, d, n],
                      "macs": 0,
                      "dram_bytes": 4 * (t * e + (n + 1) * t * d)},
                     gated_sum(t, e, d, n))
