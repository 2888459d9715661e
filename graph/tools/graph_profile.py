"""A graph program's per-operator profile (graph_runtime.c writes it, one
line an op: start, cycles, MACs, DMA bytes, bound, name, tab-separated),
and the "Operators" track it adds to accel-sim's timeline. accel-run and
accel-generate import it from beside themselves."""
import json

KEYS = ("start", "cycles", "macs", "dma_bytes", "bound")


def read_profile(path):
    """The operators in run order: dicts of KEYS (ints) and name."""
    ops = []
    with open(path) as f:
        for line in f:
            fields = line.rstrip("\n").split("\t", len(KEYS))
            op = dict(zip(KEYS, map(int, fields[:-1])))
            op["name"] = fields[-1]
            ops.append(op)
    return ops


def add_operator_track(path, ops):
    """Adds to accel-sim's timeline a track with one span per operator."""
    with open(path) as f:
        t = json.load(f)
    tid = 1 + max(e.get("tid", 0) for e in t["traceEvents"])
    t["traceEvents"].append({"ph": "M", "name": "thread_name", "pid": 1,
                             "tid": tid, "args": {"name": "Operators"}})
    for op in ops:
        t["traceEvents"].append({"ph": "X", "name": op["name"], "pid": 1,
                                 "tid": tid, "ts": op["start"],
                                 "dur": op["cycles"],
                                 "args": {k: op[k] for k in (
                                     "macs", "dma_bytes", "bound")}})
    with open(path, "w") as f:
        json.dump(t, f)
