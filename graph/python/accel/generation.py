"""accel.generate: greedy generation with a decoder-with-past on the
accelerator, through accel-generate (one simulator run: prefill, then a
decode step a token with the KV cache kept in DRAM)."""
import hashlib
import importlib
import json
import numbers
import os
import sys
import tempfile

import torch

from . import program as programs
from . import tools
from .errors import AccelError


class GenerationResult:
    """What accel-generate reports of a generation:

      tokens              the generated ids (a list; with a batch of
                          prompts, a list per prompt)
      ttft_cycles         time to first token (the prefill and its
                          ArgMax), cycles
      decode_cycles       each decode step's cycles
      dma_bytes_per_step  each decode step's DMA bytes
      past_rows           each decode step's bucket of past rows
      roofline_cycles     each decode step's roofline: the weights' and
                          its cache rows' bytes at the DMA channels' peak
      weight_bytes, cache_bytes_per_step, prefill_dma_bytes, clock_hz
      figures             the whole of accel-generate's --json
      report              what it printed"""

    def __init__(self, figures, report, batch):
        self.figures, self.report = figures, report
        for key in ("tokens", "ttft_cycles", "decode_cycles",
                    "dma_bytes_per_step"):
            if key not in figures:
                raise AccelError("accel-generate's --json has no '%s'" % key,
                                 "accel-generate")
        self.tokens = figures["tokens"]
        self.ttft_cycles = figures["ttft_cycles"]
        self.decode_cycles = figures["decode_cycles"]
        self.dma_bytes_per_step = figures["dma_bytes_per_step"]
        for key in ("past_rows", "roofline_cycles", "weight_bytes",
                    "cache_bytes_per_step", "prefill_dma_bytes",
                    "clock_hz"):
            setattr(self, key, figures.get(key))
        # The batch's sequences (1 for a single prompt).
        self.batch_size = len(self.tokens) if batch else 1

    @property
    def mean_decode_cycles(self):
        steps = self.decode_cycles
        return sum(steps) / len(steps) if steps else None

    @property
    def decode_vs_roofline(self):
        """The mean decode step over its mean roofline (1.0: at the
        weight and cache bandwidth's bound)."""
        roof = self.roofline_cycles
        if not roof or not self.decode_cycles:
            return None
        return self.mean_decode_cycles / (sum(roof) / len(roof))

    def tokens_per_second(self, clock_hz=1e9):
        """Decode tokens/s per user at the clock (1 GHz unless given)."""
        mean = self.mean_decode_cycles
        return clock_hz / mean if mean else None

    def total_tokens_per_second(self, clock_hz=1e9):
        """Decode tokens/s of the whole batch: a step makes a token for
        each of its sequences."""
        per_user = self.tokens_per_second(clock_hz)
        return per_user and per_user * self.batch_size

    def ttft_ms(self, clock_hz=1e9):
        return 1e3 * self.ttft_cycles / clock_hz

    def __repr__(self):
        return "GenerationResult(tokens=%r, ttft_cycles=%r, " \
            "mean_decode_cycles=%r)" % (self.tokens, self.ttft_cycles,
                                        self.mean_decode_cycles)


def models_dir():
    """graph/models of the source tree the package was built from
    (make_llm_models.py's export), or $ACCEL_MODELS."""
    if os.environ.get("ACCEL_MODELS"):
        return os.environ["ACCEL_MODELS"]
    try:
        from . import _build
    except ImportError:
        raise AccelError("accel.generate of a torch module needs "
                         "graph/models (make_llm_models.py): set "
                         "ACCEL_MODELS to it") from None
    return os.path.join(_build.SOURCE_DIR, "graph", "models")


def export_module(model, cache):
    """The module exported as make_llm_models.export exports a
    decoder-with-past (dynamic batch, sequence and past), into the compile
    cache as KEY.onnx by its bytes; returns the path."""
    for attr in ("io_names", "kv_heads", "head_dim", "layers_count"):
        if not hasattr(model, attr):
            raise AccelError("the module has no '%s': accel.generate takes "
                             "a decoder-with-past module as "
                             "graph/models/llm.py's LlamaWithPast" % attr)
    directory = models_dir()
    if directory not in sys.path:
        sys.path.insert(0, directory)
    make_llm_models = importlib.import_module("make_llm_models")
    cache = tools.cache_dir(cache)
    os.makedirs(cache, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="accel-") as work:
        path = os.path.join(work, "model.onnx")
        try:
            make_llm_models.export(model, path)
        except Exception as e:
            raise AccelError("torch.onnx.export: %s" % (
                str(e).strip().splitlines() or [type(e).__name__])[0],
                "torch.onnx.export") from None
        with open(path, "rb") as f:
            data = f.read()
    target = os.path.join(cache, hashlib.sha256(data).hexdigest()[:24] +
                          ".onnx")
    if not os.path.exists(target):
        programs.write_atomically(target, data)
    return target


def model_path(model, cache):
    if isinstance(model, torch.nn.Module):
        return export_module(model, cache)
    path = os.fspath(model)
    if os.path.isdir(path):
        path = os.path.join(path, "model.onnx")
    if not os.path.exists(path):
        raise AccelError("%s: no such model" % path)
    return path


def prompt_list(prompt_ids):
    """[[ids]] and whether it is a batch (a list of lists, or a tensor
    [B, S])."""
    def ids(p):
        p = list(p)
        if not p or not all(isinstance(t, numbers.Integral) and
                            not isinstance(t, bool) for t in p):
            raise AccelError("a prompt is a non-empty list of int token ids")
        return [int(t) for t in p]
    if isinstance(prompt_ids, torch.Tensor):
        prompt_ids = prompt_ids.tolist()
    prompt_ids = list(prompt_ids)
    if prompt_ids and not isinstance(prompt_ids[0], numbers.Integral):
        return [ids(p) for p in prompt_ids], True
    return [ids(prompt_ids)], False


OPTIONS = {"max_length": "--max-length", "buckets": "--buckets",
           "clock_hz": "--clock-hz", "timeline": "--timeline",
           "cache": "--cache"}


def generate(model, prompt_ids, max_new_tokens, **options):
    """Greedy generation on the accelerator: model is a decoder-with-past
    ONNX in Optimum's convention (a path, or a directory holding
    model.onnx) or a torch module with that forward (exported as
    graph/models/make_llm_models.py exports one); prompt_ids a list of
    ints, or a list of lists decoded together as a batch (or a tensor of
    ids [S] or [B, S]). Options: accel-generate's max_length, buckets
    (the decoding steps' past rows: a list of ints), clock_hz, timeline (a
    file) and cache (the compile cache, else $ACCEL_CACHE, else
    ~/.cache/accel; an exported module is kept there too). Returns a
    GenerationResult; errors are AccelError with accel-generate's
    message."""
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise TypeError("generate() got an unexpected option '%s'" %
                        unknown[0])
    if isinstance(max_new_tokens, bool) or not isinstance(max_new_tokens,
                                                          int):
        raise AccelError("max_new_tokens must be an int")
    options = dict(options)
    options["cache"] = tools.cache_dir(options.get("cache"))
    if not isinstance(options.get("buckets"), (str, type(None))):
        options["buckets"] = ",".join(map(str, options["buckets"]))
    prompts, batch = prompt_list(prompt_ids)
    path = model_path(model, options["cache"])
    with tempfile.TemporaryDirectory(prefix="accel-") as work:
        args = [path, "--max-new-tokens", str(max_new_tokens)]
        if batch:
            prompts_file = os.path.join(work, "prompts.txt")
            with open(prompts_file, "w") as f:
                f.write("".join(",".join(map(str, p)) + "\n"
                                for p in prompts))
            args += ["--prompts", prompts_file]
        else:
            args += ["--prompt-ids", ",".join(map(str, prompts[0]))]
        for key, flag in OPTIONS.items():
            value = options.get(key)
            if isinstance(value, float) and value.is_integer():
                value = int(value)  # --clock-hz 2000000000, not 2e9's repr
            if value is not None:
                args += [flag, str(value)]
        out = os.path.join(work, "out.json")
        report = tools.run("accel-generate", args + ["--json", out])
        try:
            with open(out) as f:
                figures = json.load(f)
        except (OSError, ValueError) as e:
            raise AccelError("accel-generate's --json: %s" % e,
                             "accel-generate") from None
    return GenerationResult(figures, report, batch)
