"""The compile cache: an ONNX model compiled by accel-graphc once.

The cache is accel-run's (graph/tools/accel-run.py, compile_model): a
program is KEY.elf, its graph inputs and outputs as accel-graphc
--print-graph gives them KEY.graph, and its model KEY.onnx, KEY the first
24 hex digits of the SHA-256 of the model's bytes, accel-graphc's, the
libraries' the program links and accel-graphc's options. A rebuilt
compiler or kernel library is a new key; `accel-run --cache DIR
DIR/KEY.onnx` finds the same program."""
import glob
import hashlib
import os

from . import tools


class Value:
    """A graph input or output as the program reads or writes it: its name,
    accel-graphc's element type name (f32, i64, bf16, ...) and static
    shape."""

    def __init__(self, name, type_name, shape):
        self.name, self.type_name, self.shape = name, type_name, shape

    def __repr__(self):
        return "%s:%s%s" % (self.name, self.type_name, self.shape)


def parse_values(text, role):
    """accel-graphc --print-graph's 'ROLE NAME:TYPE[D0xD1...]' lines."""
    values = []
    for line in text.splitlines():
        if not line.startswith(role + " "):
            continue
        name, typ = line[len(role) + 1:].rsplit(":", 1)
        kind, dims = typ.rstrip("]").split("[", 1)
        values.append(Value(name, kind,
                            [int(d) for d in dims.split("x")] if dims else []))
    return values


class Program:
    """A compiled model: its ELF and the values it reads and writes, and
    whether it was in the cache already (cache_hit)."""

    def __init__(self, key, cache, cache_hit):
        self.key, self.cache_hit = key, cache_hit
        stem = os.path.join(cache, key)
        self.onnx_path, self.elf = stem + ".onnx", stem + ".elf"
        with open(stem + ".graph") as f:
            text = f.read()
        self.inputs = parse_values(text, "input")
        self.outputs = parse_values(text, "output")


def cache_key(onnx_bytes, options):
    h = hashlib.sha256(onnx_bytes)
    libs = sorted(glob.glob(os.path.join(tools.lib_dir(), "*.[ao]")))
    for path in [tools.tool("accel-graphc")] + libs:
        with open(path, "rb") as f:
            h.update(f.read())
    h.update(" ".join(options).encode())
    return h.hexdigest()[:24]


def write_atomically(path, data):
    tmp = "%s.%d.tmp" % (path, os.getpid())
    with open(tmp, "wb" if isinstance(data, bytes) else "w") as f:
        f.write(data)
    os.replace(tmp, path)


def compile_onnx(onnx_bytes, cache=None, options=()):
    """The Program of the model, compiled unless the cache has it.
    accel-graphc's refusal (an operator it does not take, say) is an
    AccelError naming the node."""
    cache = tools.cache_dir(cache)
    options = list(options)
    key = cache_key(onnx_bytes, options)
    stem = os.path.join(cache, key)
    hit = all(os.path.exists(stem + ext) for ext in (".elf", ".graph"))
    if not hit:
        os.makedirs(cache, exist_ok=True)
        if not os.path.exists(stem + ".onnx"):
            write_atomically(stem + ".onnx", onnx_bytes)
        tmp = "%s.elf.%d.tmp" % (stem, os.getpid())
        tools.run("accel-graphc", [stem + ".onnx", "-o", tmp] + options)
        graph = tools.run("accel-graphc",
                          [stem + ".onnx", "--print-graph"] + options)
        os.replace(tmp, stem + ".elf")
        write_atomically(stem + ".graph", "".join(
            l + "\n" for l in graph.splitlines()
            if l.startswith(("input ", "output "))))
    return Program(key, cache, hit)
