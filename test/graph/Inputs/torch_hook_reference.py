"""A reference directory for accel-run --compare-layers as a PyTorch user
makes one: forward hooks on modules of graph/models' ViT (the model
make_torch_models.py exports, same weights) save their outputs on the
test data set's input, each written as a TensorProto named by the ONNX
tensor the exporter made the module's output (docs/graph.md, "Comparing
layers").

usage: torch_hook_reference.py MODEL_DIR OUT_DIR"""
import os
import sys

import onnx
import torch
from onnx import numpy_helper

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..",
                                "graph", "models"))
import make_torch_models  # noqa: E402

# Module -> the output of the last node the exporter named after it.
ONNX_NAMES = {
    "patch_embed": "/patch_embed/Conv_output_0",
    "blocks.layers.0.norm1": "/blocks/layers.0/norm1/LayerNormalization_output_0",
    "blocks.layers.1.norm2": "/blocks/layers.1/norm2/LayerNormalization_output_0",
    "norm": "/norm/LayerNormalization_output_0",
    "head": "y",
}

model_dir, out = sys.argv[1], sys.argv[2]
model = next(m for name, m, _, _ in make_torch_models.models() if name == "vit")
model.eval()
refs = {}


def hook(name):
    def save(module, inputs, output):
        refs[name] = output.detach().numpy()
    return save


for path, onnx_name in ONNX_NAMES.items():
    model.get_submodule(path).register_forward_hook(hook(onnx_name))
x = numpy_helper.to_array(onnx.load_tensor(
    os.path.join(model_dir, "test_data_set_0", "input_0.pb")))
model(torch.from_numpy(x.copy()))  # with gradients on, as the model was exported
os.makedirs(out, exist_ok=True)
for k, (name, a) in enumerate(sorted(refs.items())):
    with open(os.path.join(out, "%d.pb" % k), "wb") as f:
        f.write(numpy_helper.from_array(a, name).SerializeToString())
