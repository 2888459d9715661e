"""Pooling cases of the kernel benchmark (kernels.py): issue 23's max
pooling of a ResNet stem (64 x 112 x 112, 3 x 3, stride 2, padding 1), the
same window averaged, and ResNet-50's global average pooling (2048 x 7 x
7). Memory-bound on paper: the bound is the DMA roofline, x read and y
written once.

The windows run on the stream engine (docs/kernels.md, "Pooling"), one
operation per tap after the first: kw - 1 over every input row's W / sw
column-pass pixels, kh - 1 over the output's pixels, and one more for
the average's division; a pixel is 16 planes, and the engine takes
StreamLanes elements a cycle ("stream_cycles"); the global pool is one
vs.moments pass over the planes. x uniform in [-3, 3]; y checked against
pool_check.py's reference (max exactly, averages within their bound;
verify.py)."""
from verify import attach, pooling

DRIVER = "pooling_bench.c"

# (name, args, N, C, H, W, OH, OW, kernel, stride)
CASES = [
    ("maxpool 3x3/2 64x112x112", ["pool", "max", 1, 64, 112, 112, 3, 2, 1],
     1, 64, 112, 112, 56, 56, 3, 2),
    ("avgpool 3x3/2 64x112x112", ["pool", "avg", 1, 64, 112, 112, 3, 2, 1],
     1, 64, 112, 112, 56, 56, 3, 2),
    ("global avgpool 2048x7x7", ["global", "avg", 1, 2048, 7, 7],
     1, 2048, 7, 7, 1, 1, 0, 0),
]


def cases(p):
    for name, args, n, c, h, w, oh, ow, k, s in CASES:
        case = {"name": name, "args": args, "macs": 0,
                "dram_bytes": 4 * n * c * (h * w + oh * ow)}
        avg = args[1] == "avg"
        if k:
            elements = n * c * ((k - 1) * h * (w // s) +
                                (k - 1 + avg) * oh * ow)
            case["stream_cycles"] = elements // p["StreamLanes"]
            pad = args[-1]
            check = pooling("avgpool" if avg else "maxpool", (n, c, h, w),
                            k=(k, k), s=(s, s), pads=(pad,) * 4)
        else:
            case["stream_cycles"] = n * c * h * w // p["StreamLanes"]
            check = pooling("global_avg" if avg else "global_max",
                            (n, c, h, w))
        yield attach(case, check)
