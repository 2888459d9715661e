"""Convolution cases of the kernel benchmark (kernels.py): ResNet-50's 3x3
and 1x1 layers, its stride-2 layers (the 7x7 stem, a 3x3 and a 1x1
downsample), MobileNet's depthwise 3x3 layers (and stride-2 ones, with
EfficientNet's 5x5) and LeNet's two 5x5
layers (few channels: the shapes of graph/models' small CNNs) at batch 1,
NCHW, every tensor in DRAM. One input channel a group, in more than one
group, goes to the vector unit (the depthwise path); its bound is still
the machine's best, the matrix unit's rate for its MACs or the DMA
roofline (kernels.py); LeNet's first layer (one channel, one group) goes
to the matrix unit (the few-channel path). x and w uniform in [-1, 1], y
checked within accel_conv2d's bound (verify.py)."""
from verify import attach, conv2d

DRIVER = "conv2d_bench.c"
# (name, C, H, W, Cout, K, padding, groups, stride)
SHAPES = [
    ("resnet 3x3 56x56 64->64", 64, 56, 56, 64, 3, 1, 1, 1),
    ("resnet 3x3 28x28 128->128", 128, 28, 28, 128, 3, 1, 1, 1),
    ("resnet 3x3 14x14 256->256", 256, 14, 14, 256, 3, 1, 1, 1),
    ("resnet 3x3 7x7 512->512", 512, 7, 7, 512, 3, 1, 1, 1),
    ("resnet 1x1 56x56 64->256", 64, 56, 56, 256, 1, 0, 1, 1),
    ("resnet 1x1 28x28 512->128", 512, 28, 28, 128, 1, 0, 1, 1),
    ("resnet 1x1 14x14 1024->256", 1024, 14, 14, 256, 1, 0, 1, 1),
    ("resnet 1x1 7x7 2048->512", 2048, 7, 7, 512, 1, 0, 1, 1),
    ("resnet stem 7x7/2 224x224 3->64", 3, 224, 224, 64, 7, 3, 1, 2),
    ("resnet 3x3/2 56x56 128->128", 128, 56, 56, 128, 3, 1, 1, 2),
    ("resnet 1x1/2 56x56 256->512", 256, 56, 56, 512, 1, 0, 1, 2),
    ("mobilenet dw 3x3 112x112x32", 32, 112, 112, 32, 3, 1, 32, 1),
    ("mobilenet dw 3x3 14x14x512", 512, 14, 14, 512, 3, 1, 512, 1),
    ("mobilenet dw 3x3/2 112x112x96", 96, 112, 112, 96, 3, 1, 96, 2),
    ("mobilenet dw 3x3/2 14x14x576", 576, 14, 14, 576, 3, 1, 576, 2),
    ("efficientnet dw 5x5/2 28x28x240", 240, 28, 28, 240, 5, 2, 240, 2),
    ("lenet 5x5 28x28 1->6", 1, 28, 28, 6, 5, 2, 1, 1),
    ("lenet 5x5 14x14 6->16", 6, 14, 14, 16, 5, 0, 1, 1),
]


def cases(p):
    for name, c, h, w, cout, k, pad, groups, stride in SHAPES:
        oh = ow = (h + 2 * pad - k) // stride + 1
        macs = cout * oh * ow * (c // groups) * k * k
        case = {"name": "conv2d " + name,
                "args": [c, h, w, cout, k, pad, groups, stride],
                "macs": macs,
                "dram_bytes": 4 * (c * h * w + cout * (c // groups) * k * k +
                                   cout * oh * ow)}
        yield attach(case, conv2d(c, h, w, cout, k, pad, groups, stride))
