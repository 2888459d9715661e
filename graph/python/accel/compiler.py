"""accel.compile: a torch module as a program on the simulator."""
import io

import torch
from torch.utils import _pytree as pytree

from . import program as programs
from . import simulate
from .errors import AccelError

OPSET = 17


def export(module, example_inputs, n_out):
    """The module as ONNX bytes at the example inputs' static shapes, its
    inputs named input_K and its n_out outputs output_K (K in flattened
    order)."""
    buf = io.BytesIO()
    try:
        torch.onnx.export(
            module, tuple(example_inputs), buf, opset_version=OPSET,
            input_names=["input_%d" % k for k in range(len(example_inputs))],
            output_names=["output_%d" % k for k in range(n_out)])
    except Exception as e:  # the exporter's refusal, in its words
        raise AccelError("torch.onnx.export: %s" % (
            str(e).strip().splitlines() or [type(e).__name__])[0],
            "torch.onnx.export") from None
    return buf.getvalue()


def structure_of(module, example_inputs):
    """The module's output on the example inputs (its tensors' nesting is
    what a call returns)."""
    try:
        with torch.no_grad():
            return module(*example_inputs)
    except Exception as e:  # the module itself fails on them
        raise AccelError("the module's forward on the example inputs: %s" % (
            str(e).strip().splitlines() or [type(e).__name__])[0],
            "torch") from None


class CompiledModule:
    """The callable accel.compile returns: f(*tensors) runs the program
    on accel-sim and returns what the module would (a tensor, or the
    module's tuple of them).

      program     the compiled program (its .elf, .onnx, .inputs, .outputs)
      cache_hit   whether the compile cache had the program already
      last_run    the last call's simulate.RunStats (cycles, matrix
                  utilization, DMA bytes, with profile=True each
                  operator's figures), None before the first call"""

    def __init__(self, program, structure, n_inputs, fast, profile):
        self.program, self.cache_hit = program, program.cache_hit
        self.fast, self.profile = fast, profile
        self.last_run = None
        leaves, self._spec = pytree.tree_flatten(structure)
        self._n_inputs = n_inputs
        self._input_index = [index_of(v.name, "input_", n_inputs)
                             for v in program.inputs]
        self._output_index = [index_of(v.name, "output_", len(leaves))
                              for v in program.outputs]
        if sorted(self._output_index) != list(range(len(leaves))):
            raise AccelError("the program writes %d outputs, the module "
                             "returns %d tensors" % (len(program.outputs),
                                                     len(leaves)))

    def __call__(self, *args):
        if len(args) != self._n_inputs:
            raise AccelError("%d inputs given, the module was compiled with "
                             "%d" % (len(args), self._n_inputs))
        for k, a in enumerate(args):
            if not isinstance(a, torch.Tensor):
                raise AccelError("input %d is a %s, not a torch.Tensor" % (
                    k, type(a).__name__))
        # An input the exported graph does not read (torch.onnx.export
        # drops it) is not passed.
        ys, self.last_run = simulate.run(
            self.program, [args[k] for k in self._input_index],
            fast=self.fast, profile=self.profile)
        leaves = [None] * len(ys)
        for k, y in zip(self._output_index, ys):
            leaves[k] = y
        return pytree.tree_unflatten(leaves, self._spec)


def index_of(name, prefix, count):
    """K of the value named PREFIX_K, one of the module's count."""
    k = name[len(prefix):]
    if not name.startswith(prefix) or not k.isdigit() or int(k) >= count:
        raise AccelError("the program's value '%s' is none of the module's "
                         "%ss" % (name, prefix.rstrip("_")))
    return int(k)


def compile(module, example_inputs, cache=None, fast=False, profile=False):
    """Exports module (torch.onnx.export, opset 17, the static shapes of
    example_inputs: a tensor or a tuple of them), compiles it with
    accel-graphc into the compile cache (cache, else $ACCEL_CACHE, else
    ~/.cache/accel; a model already compiled is not compiled again) and
    returns a CompiledModule. fast runs accel-sim without its cycle model
    (results, no cycles); profile records each operator's figures in
    last_run.ops. Errors are AccelError with the tools' message."""
    if isinstance(example_inputs, torch.Tensor):
        example_inputs = (example_inputs,)
    example_inputs = tuple(example_inputs)
    structure = structure_of(module, example_inputs)
    n_out = len(pytree.tree_flatten(structure)[0])
    onnx_bytes = export(module, example_inputs, n_out)
    program = programs.compile_onnx(onnx_bytes, cache)
    return CompiledModule(program, structure, len(example_inputs), fast,
                          profile)
