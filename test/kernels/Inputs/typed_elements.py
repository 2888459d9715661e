"""The element types of accel_kernels.h's accel_dtype, as the typed
kernels' checkers (cast_check.py, elementwise_typed_check.py,
matmul_typed_check.py, reduce_typed_check.py) number and hold them: NAMES,
STORE (the numpy type holding a type's bits: bf16 as uint16, bool as
uint8), and the conversions between stored elements and float64 or
Python ints."""
import numpy as np

F32, I8, I32, F16, BF16, F64, I16, I64, U8, U16, U32, U64, BOOL = range(13)
NAMES = ["f32", "int8", "int32", "f16", "bf16", "f64", "int16", "int64",
         "uint8", "uint16", "uint32", "uint64", "bool"]
STORE = [np.float32, np.int8, np.int32, np.float16, np.uint16, np.float64,
         np.int16, np.int64, np.uint8, np.uint16, np.uint32, np.uint64,
         np.uint8]
FLOATS = {F32, F16, BF16, F64}
UNSIGNED = {U8, U16, U32, U64}


def bits(t):
    return 8 * np.dtype(STORE[t]).itemsize


def from_f64(t, v):
    """float64 values as type t's stored elements (bf16 by f32's RNE)."""
    v = np.asarray(v, dtype=np.float64)
    if t == BF16:
        u = v.astype(np.float32).view(np.uint32).astype(np.uint64)
        return ((u + 0x7fff + ((u >> 16) & 1)) >> 16).astype(np.uint16)
    return v.astype(STORE[t])


def wrap(t, v):
    """A Python int wrapped to integer type t's width and signedness."""
    b = bits(t)
    v &= (1 << b) - 1
    if t not in UNSIGNED and v >= 1 << (b - 1):
        v -= 1 << b
    return v
