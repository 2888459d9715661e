"""Runs accel_batched_matmul (batched_driver.c) on accel-sim over cases of
broadcast batch shapes and checks each result against numpy's float64
matmul, element by element within accel_gemm's bound (docs/kernels.md):
|c - ref| <= (K + 2) * 2^-24 * 4 * sum_k |a_ik b_kj|.

Usage: batched_check.py <accel-sim command> <driver.elf> <work dir>
"""
import os
import shlex
import struct
import subprocess
import sys

import numpy as np

# (a's batch dims, b's batch dims, M, K, N, trans_a, trans_b)
CASES = [
    ((), (), 17, 15, 16, 0, 0),
    ((3,), (3,), 5, 7, 6, 0, 0),
    ((2, 1), (3,), 5, 7, 6, 0, 0),
    ((4,), (), 33, 20, 17, 0, 1),
    ((), (2, 3), 16, 16, 16, 1, 0),
    ((2, 1, 3), (1, 4, 1), 3, 9, 2, 1, 1),
    ((1,), (5,), 1, 1, 1, 0, 0),
    ((2, 2), (2, 2), 40, 70, 30, 0, 0),
]


def header(dims):
    return [len(dims)] + list(dims) + [0] * (6 - len(dims))


def main():
    sim, elf, work = sys.argv[1:4]
    rng = np.random.default_rng(2026)
    failures = 0
    for i, (ba, bb, m, k, n, ta, tb) in enumerate(CASES):
        a = rng.uniform(-1, 1, ba + ((k, m) if ta else (m, k))).astype(np.float32)
        b = rng.uniform(-1, 1, bb + ((n, k) if tb else (k, n))).astype(np.float32)
        opa = np.swapaxes(a, -1, -2) if ta else a
        opb = np.swapaxes(b, -1, -2) if tb else b
        ref = np.matmul(opa.astype(np.float64), opb.astype(np.float64))
        mag = np.matmul(np.abs(opa).astype(np.float64),
                        np.abs(opb).astype(np.float64))
        case = os.path.join(work, "case%d.bin" % i)
        out = os.path.join(work, "out%d.bin" % i)
        with open(case, "wb") as f:
            f.write(struct.pack("<23q", *(header(a.shape) + header(b.shape)
                                          + header(ref.shape) + [ta, tb])))
            f.write(a.tobytes() + b.tobytes())
        run = subprocess.run(shlex.split(sim) + [elf, case, out], cwd=work)
        name = "%s x %s -> %s tA=%d tB=%d" % (a.shape, b.shape, ref.shape,
                                             ta, tb)
        if run.returncode:
            print("%s: exit status %d" % (name, run.returncode))
            failures += 1
            continue
        c = np.fromfile(out, dtype=np.float32).reshape(ref.shape)
        bound = (k + 2) * 2.0 ** -24 * 4 * mag + 1e-30
        worst = float(np.max(np.abs(c - ref) / bound)) if c.size else 0.0
        status = "ok" if worst <= 1 else "FAIL"
        failures += status != "ok"
        print("%s: %s, worst %.3f of bound" % (name, status, worst))
    print("%d cases, %d failures" % (len(CASES), failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
