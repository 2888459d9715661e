"""Makes file-gemm's input and checks its output (file-gemm.test).

  file_gemm.py make <input> M K N   random A and B (fixed seed)
  file_gemm.py check <input> <output>
The check computes A . B in double precision and requires every element of
the f32 result within a bound of the f32 accumulation's error:
|c - ref| <= K * 2^-23 * sum(|a * b|) (a rounding per fused multiply-add).
"""
import random
import struct
import sys


def read_input(path):
    with open(path, "rb") as f:
        data = f.read()
    m, k, n = struct.unpack_from("<3i", data)
    floats = struct.unpack_from("<%df" % (m * k + k * n), data, 12)
    return m, k, n, floats[:m * k], floats[m * k:]


def make(path, m, k, n):
    rng = random.Random(2026)
    values = [rng.uniform(-1.0, 1.0) for _ in range(m * k + k * n)]
    with open(path, "wb") as f:
        f.write(struct.pack("<3i", m, k, n))
        f.write(struct.pack("<%df" % len(values), *values))


def check(inp, out):
    m, k, n, a, b = read_input(inp)
    with open(out, "rb") as f:
        data = f.read()
    if len(data) != 4 * m * n:
        sys.exit("output has %d bytes, want %d" % (len(data), 4 * m * n))
    c = struct.unpack("<%df" % (m * n), data)
    worst = 0.0
    for i in range(m):
        for j in range(n):
            products = [a[i * k + p] * b[p * n + j] for p in range(k)]
            ref = sum(products)
            bound = k * 2.0 ** -23 * sum(abs(x) for x in products)
            err = abs(c[i * n + j] - ref)
            if err > bound:
                sys.exit("C[%d][%d] = %r, reference %r (error %g > %g)"
                         % (i, j, c[i * n + j], ref, err, bound))
            worst = max(worst, err / bound if bound else 0.0)
    print("%dx%dx%d: all %d elements within bound (worst %.3f of it)"
          % (m, k, n, m * n, worst))


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(sys.argv[2], *map(int, sys.argv[3:6]))
    else:
        check(sys.argv[2], sys.argv[3])
