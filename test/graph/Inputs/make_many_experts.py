#!/usr/bin/python3
"""IR of a shared expert plus N experts, each times its gate column, added
in a row as PyTorch's loop exports them (fuse-moe-many.test): more terms
than one accel_gated_sum call takes.

Usage: make_many_experts.py N"""
import sys

n = int(sys.argv[1])
t, g = "tensor<4x8xf32>", "tensor<4x%dxf32>" % n
print("func.func @many(%s) -> %s {" % (
    ", ".join(["%%g: %s" % g, "%%s: %s" % t] +
              ["%%y%d: %s" % (e, t) for e in range(n)]), t))
acc = "%s"
for e in range(n):
    print("  %%c%d = accel.slice %%g {starts = array<i64: 0, %d>, "
          "steps = array<i64: 1, 1>} : (%s) -> tensor<4x1xf32>" % (e, e, g))
    print("  %%m%d = accel.elementwise mul %%c%d, %%y%d : "
          "(tensor<4x1xf32>, %s) -> %s" % (e, e, e, t, t))
    print("  %%a%d = accel.elementwise add %s, %%m%d : (%s, %s) -> %s" % (
        e, acc, e, t, t, t))
    acc = "%%a%d" % e
print("  return %s : %s" % (acc, t))
print("}")
