"""Torch tensors to and from the raw little-endian bytes a program
reads and writes (accel-graphc's element types: bool one byte, float16
and bfloat16 their 16 bits)."""
import numpy as np
import torch

from .errors import AccelError

# accel-graphc's element type names (graph/onnx/OnnxLoader.cpp) that
# torch has.
TORCH_TYPES = {"f32": torch.float32, "f64": torch.float64,
               "f16": torch.float16, "bf16": torch.bfloat16,
               "i64": torch.int64, "i32": torch.int32, "i16": torch.int16,
               "i8": torch.int8, "u8": torch.uint8, "bool": torch.bool}


def torch_type(value):
    t = TORCH_TYPES.get(value.type_name)
    if t is None:
        raise AccelError("%s: element type %s, which torch does not have" % (
            value.name, value.type_name))
    return t


def write(tensor, value, path):
    """Writes the tensor as the program reads value, after checking its
    element type and shape against the program's."""
    want = torch_type(value)
    if tensor.dtype != want:
        raise AccelError("input '%s' is %s; the program's is %s" % (
            value.name, str(tensor.dtype).replace("torch.", ""),
            str(want).replace("torch.", "")))
    if list(tensor.shape) != value.shape:
        raise AccelError("input '%s' has shape %s; the program's is %s "
                         "(compiled for the example inputs' shapes)" % (
                             value.name, list(tensor.shape), value.shape))
    t = tensor.detach().cpu().contiguous()
    if t.dtype in (torch.bfloat16,):
        t = t.view(torch.int16)  # numpy has no bfloat16: its bits
    t.numpy().tofile(path)


def read(path, value):
    """The tensor the program wrote for value."""
    want = torch_type(value)
    if want == torch.bfloat16:
        a = np.fromfile(path, np.int16)
    else:
        a = np.fromfile(path, torch.empty(0, dtype=want).numpy().dtype)
    count = int(np.prod(value.shape, dtype=np.int64))
    if a.size != count:
        raise AccelError("output '%s': the program wrote %d elements, its "
                         "shape %s holds %d" % (value.name, a.size,
                                                value.shape, count))
    t = torch.from_numpy(a).reshape(value.shape)
    return t.view(torch.bfloat16) if want == torch.bfloat16 else t
