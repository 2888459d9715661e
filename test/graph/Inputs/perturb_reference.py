"""Copies a model directory (model.onnx, test_data_set_0/) with one element
of its first expected output moved by FRACTION of the output's scale
(its largest magnitude): the element of the smallest magnitude, where an
error relative to the element itself would be largest. The reference
keeps its element type. Prints the element's index, its value, the
scale and the amount it moved.

Usage: perturb_reference.py SRC DST FRACTION"""
import os
import shutil
import sys

import numpy as np
import onnx
from onnx import numpy_helper


def main():
    src, dst, fraction = sys.argv[1], sys.argv[2], float(sys.argv[3])
    os.makedirs(os.path.join(dst, "test_data_set_0"))
    shutil.copy(os.path.join(src, "model.onnx"), dst)
    for f in os.listdir(os.path.join(src, "test_data_set_0")):
        shutil.copy(os.path.join(src, "test_data_set_0", f),
                    os.path.join(dst, "test_data_set_0"))
    path = os.path.join(dst, "test_data_set_0", "output_0.pb")
    t = onnx.load_tensor(path)
    ref = numpy_helper.to_array(t).copy()
    flat = ref.reshape(-1)
    scale = float(np.abs(flat.astype(np.float64)).max())
    k = int(np.argmin(np.abs(flat)))
    old = float(flat[k])
    flat[k] = old + fraction * scale
    onnx.save_tensor(numpy_helper.from_array(ref, t.name), path)
    print("element %d: %.6g -> %.6g (scale %.6g, moved %.3g)" % (
        k, old, float(flat[k]), scale, float(flat[k]) - old))


if __name__ == "__main__":
    main()
