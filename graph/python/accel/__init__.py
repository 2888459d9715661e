"""accel: PyTorch models on the Accel simulator (docs/python.md).

    import accel
    f = accel.compile(module, (x,))          # export, compile, cache
    y = f(x)                                 # runs on accel-sim
    f.last_run.cycles, f.last_run.matrix_utilization
    r = accel.generate("llama-tiny", [1, 17, 42], 12)
    r.tokens, r.ttft_cycles, r.decode_cycles

Errors are accel.AccelError, carrying the tools' message."""
from .compiler import CompiledModule, compile
from .errors import AccelError
from .generation import GenerationResult, generate
from .simulate import RunStats

__all__ = ["AccelError", "CompiledModule", "GenerationResult", "RunStats",
           "compile", "generate"]
