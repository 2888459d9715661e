#!/usr/bin/python3
"""Decoders outside HuggingFace Optimum's convention, from a good one
(make_llm_models.py's), for accel-generate's refusals:

  make_bad_decoders.py model.onnx DIR

writes DIR/no-present (output present.1.value dropped), DIR/no-past-value
(input past_key_values.0.value dropped), DIR/past-shapes
(past_key_values.1.value declared with a head size of 8, not 16) and
DIR/extra-input (an unused input token_type_ids), each DIR/<case>/model.onnx."""
import os
import sys

import onnx
from onnx import TensorProto, helper


def main():
    source, top = sys.argv[1:3]

    def write(name, edit):
        model = onnx.load(source)
        edit(model.graph)
        os.makedirs(os.path.join(top, name), exist_ok=True)
        onnx.save(model, os.path.join(top, name, "model.onnx"))

    def no_present(g):
        g.output.remove(next(o for o in g.output
                             if o.name == "present.1.value"))

    def no_past_value(g):
        g.input.remove(next(i for i in g.input
                            if i.name == "past_key_values.0.value"))

    def past_shapes(g):
        past = next(i for i in g.input if i.name == "past_key_values.1.value")
        past.type.tensor_type.shape.dim[3].dim_value = 8

    def extra_input(g):
        g.input.append(helper.make_tensor_value_info(
            "token_type_ids", TensorProto.INT64, ["batch", "sequence"]))

    write("no-present", no_present)
    write("no-past-value", no_past_value)
    write("past-shapes", past_shapes)
    write("extra-input", extra_input)


if __name__ == "__main__":
    main()
