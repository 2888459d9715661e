"""accel_gemm_layernorm and accel_mlp_layernorm cases of the kernel
benchmark (kernels.py): a projection with the residual add and layer norm
after it, y = layernorm(a . b + bias + residual), the shapes of a d-64
encoder's output projection and second feed-forward gemm (batch 2 x
sequence 16 rows) and BERT-mini's output projection (128 rows, 256 x
256); and the d-64 encoder's whole feed-forward block, y =
layernorm(relu(a . w1 + b1) . w2 + b2 + residual), 64 -> 128 -> 64.
dram_bytes: the operands, the residual and the parameter vectors read
once, y written once; the MACs the products'. The engine's passes (the
additions, the activation, the norm's three) are under the matrix unit's
time at these shapes. The operands are seeded random values and y is
checked within the kernels' bound (verify.py)."""
from verify import attach, gemm_norm

DRIVER = "gemm_norm_bench.c"
SHAPES = [(32, 64, 64, 0), (32, 128, 64, 0), (128, 256, 256, 0),
          (32, 64, 64, 128)]


def cases(p):
    for m, k, n, h in SHAPES:
        if not h:
            yield attach({"name": "gemm+norm %dx%dx%d" % (m, k, n),
                          "args": [m, k, n],
                          "macs": m * k * n,
                          "dram_bytes": 4 * (m * k + k * n + 2 * m * n +
                                             3 * n),
                          "stream_cycles": 5 * m * n // p["StreamLanes"]},
                         gemm_norm(m, k, n, 0))
            continue
        yield attach({"name": "mlp+norm %dx%dx%dx%d" % (m, k, h, n),
                      "args": [m, k, n, h],
                      "macs": m * (k * h + h * n),
                      "dram_bytes": 4 * (m * k + k * h + h * n + 2 * m * n +
                                         h + 3 * n),
                      "stream_cycles": (2 * m * h + 5 * m * n)
                      // p["StreamLanes"]},
                     gemm_norm(m, k, n, h))
