"""The whole-model bound of an ONNX model (docs/graph.md, accel-run
--profile; bench/models/models.py): max(MACs / MacsPerCycle, bytes /
(DmaChannels x DmaBytesPerCycle)), counted from the ONNX graph,
independent of how the compiler splits or fuses it."""
import os
import re
import subprocess


def machine_peaks(bin_dir):
    """The machine's MACs and DMA bytes a cycle (accel-graphc
    --print-machine, from isa/AccelMachine.td)."""
    r = subprocess.run([os.path.join(bin_dir, "accel-graphc"),
                        "--print-machine"], stdout=subprocess.PIPE, text=True,
                       check=True)
    return {k: int(v) for k, v in (l.split() for l in r.stdout.splitlines())}


def graph_work(bin_dir, model_path, graphc_args=()):
    """(MACs, bytes) of the ONNX graph: the MACs of its MatMul, Gemm, Conv,
    ConvTranspose and recurrent (LSTM, GRU, RNN) nodes, from ONNX's shape
    inference (an independent count: not the compiler's), with its data
    propagation for PyTorch's shape computations, which it does from opset
    17's Shape and Reshape on (older graphs are converted first), or else
    accel-graphc's loader (with graphc_args, its --input-shape options);
    the bytes of its weights (initializers), inputs and outputs."""
    import numpy as np
    import onnx
    from onnx import mapping, numpy_helper, version_converter
    m = onnx.load(model_path)
    if m.opset_import[0].version < 17:
        m = version_converter.convert_version(m, 17)
    m = onnx.shape_inference.infer_shapes(m, data_prop=True)
    shapes = {}
    for v in list(m.graph.input) + list(m.graph.value_info) + \
            list(m.graph.output):
        dims = v.type.tensor_type.shape.dim
        if all(d.HasField("dim_value") for d in dims):
            shapes[v.name] = [d.dim_value for d in dims]
    for t in m.graph.initializer:
        shapes[t.name] = list(t.dims)
    # What ONNX's inference leaves unknown (its data propagation stops at
    # Where and Expand, as in a Llama's rotary and repeat_kv), the loader's
    # static shapes of the same graph give.
    printed = subprocess.run([os.path.join(bin_dir, "accel-graphc"),
                              "--print-graph", model_path] +
                             list(graphc_args), check=True,
                             capture_output=True, text=True).stdout
    for name, dims in re.findall(r"([^\s(),]+):[a-z0-9]+\[([0-9x]*)\]",
                                 printed):
        shapes.setdefault(name, [int(d) for d in dims.split("x") if d])
    weights = {t.name for t in m.graph.initializer}
    nbytes = sum(numpy_helper.to_array(t).nbytes
                 for t in m.graph.initializer)
    for v in list(m.graph.input) + list(m.graph.output):
        if v.name not in weights:
            item = np.dtype(mapping.TENSOR_TYPE_TO_NP_TYPE[
                v.type.tensor_type.elem_type]).itemsize
            nbytes += item * int(np.prod(shapes[v.name]))
    macs = 0
    for n in m.graph.node:
        if n.op_type == "MatMul":
            a, y = shapes[n.input[0]], shapes[n.output[0]]
            macs += int(np.prod(y)) * a[-1]
        elif n.op_type == "Gemm":
            a, y = shapes[n.input[0]], shapes[n.output[0]]
            trans_a = any(x.name == "transA" and x.i for x in n.attribute)
            macs += int(np.prod(y)) * (a[0] if trans_a else a[1])
        elif n.op_type == "Conv":
            w, y = shapes[n.input[1]], shapes[n.output[0]]
            macs += int(np.prod(y)) * int(np.prod(w[1:]))
        elif n.op_type in ("LSTM", "GRU", "RNN"):
            # Every step's input and recurrent products: T x B rows
            # through W [dirs, gates x H, I] and R [dirs, gates x H, H].
            x, w, r = (shapes[n.input[i]] for i in range(3))
            macs += x[0] * x[1] * (int(np.prod(w)) + int(np.prod(r)))
        elif n.op_type == "ConvTranspose":
            x, w = shapes[n.input[0]], shapes[n.input[1]]
            macs += int(np.prod(x)) * int(np.prod(w[1:]))
    return macs, nbytes


def whole_model_bound(macs, nbytes, peaks):
    """(bound, matrix cycles, DMA cycles) of macs and nbytes."""
    mxu = -(-macs // peaks["macs_per_cycle"])
    dma = -(-nbytes // peaks["dma_bytes_per_cycle"])
    return max(mxu, dma), mxu, dma
