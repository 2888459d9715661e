"""Programs that call accel-sim's sys services with random arguments, for
fuzz_tools.py's "sys" kind: the file, time and console services with
paths that try to leave the root (dot-dots, absolute paths, links out, link
loops, unterminated and overlong strings), descriptors that are open,
closed or never were, pointers into text, the guard, unmapped memory and
across memory's ends, and sizes up to 2^64 - 1.

A case passes when the simulator neither crashes nor hangs and the tree
outside its --fs-root is exactly as it was (the sandbox: root/ with links
out, and outside/ beside it).
"""
import os

# Services worth calling (0, exit, ends the program; sometimes chosen).
SERVICES = [1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 2, 3]
PATHS = ["in.txt", "new.txt", "sub", "sub/f", "sub/..", ".", "..",
         "../outside/secret.txt", "../outside/new.txt", "link-out",
         "link-out/secret.txt", "link-abs-out/x", "dangling-out", "loop",
         "in-link", "/", "/etc/passwd", "", "sub/../../outside",
         "a" * 300, "b/" * 2100]
FLAGS = [0, 1, 2, 3, 0x40, 0x200, 0x400, 0x800, 0x4000, 0x100000, 0x200000]


def make_sandbox(top):
    """root/ (the --fs-root) and outside/ under top; returns root."""
    root, outside = os.path.join(top, "root"), os.path.join(top, "outside")
    os.makedirs(os.path.join(root, "sub"))
    os.makedirs(outside)
    with open(os.path.join(outside, "secret.txt"), "w") as f:
        f.write("secret\n")
    with open(os.path.join(root, "in.txt"), "w") as f:
        f.write("inside\n")
    os.symlink("../outside", os.path.join(root, "link-out"))
    os.symlink(outside, os.path.join(root, "link-abs-out"))
    os.symlink(os.path.join(outside, "new.txt"),
               os.path.join(root, "dangling-out"))
    os.symlink("loop", os.path.join(root, "loop"))
    os.symlink("in.txt", os.path.join(root, "in-link"))
    return root


def snapshot(top):
    """Everything outside the root: names, link targets and contents."""
    state = {}
    outside = os.path.join(top, "outside")
    for d, dirs, files in os.walk(outside):
        for name in dirs + files:
            p = os.path.join(d, name)
            state[p] = open(p, "rb").read() if os.path.isfile(p) else b"dir"
    state["top"] = tuple(sorted(os.listdir(top)))
    return state


def program(rng):
    """Assembly for a program of random service calls."""
    def value():
        r = rng.random()
        if r < 0.25:
            return "path%d" % rng.randrange(len(PATHS))
        if r < 0.35:
            return rng.choice(["buf", "buf + 1", "main", "spm_end - 8",
                               "0x8", "dram_end - 16", "dram_end"])
        if r < 0.6:
            v = rng.choice([0, 1, 2, 3, 4, 5, 63, 64, 65, -1, 1 << 31,
                            -(1 << 31)])
        elif r < 0.75:
            v = rng.choice(FLAGS) | rng.choice(FLAGS)
        elif r < 0.9:
            v = rng.choice([0, 1, 7, 32, 256, 4096, 1 << 20])
        else:
            v = rng.getrandbits(64)
        return v & ((1 << 64) - 1)

    def load(reg, v):
        """li, and lih for a 64-bit value (garbage in an int's upper half,
        or a length near 2^64)."""
        if isinstance(v, str):
            return ["  li r%d, %s" % (reg, v)]
        if v < (1 << 31) or v >= (1 << 64) - (1 << 31):
            return ["  li r%d, %d" % (reg, v if v < (1 << 31) else v - (1 << 64))]
        lo = v & 0xffffffff
        return ["  li r%d, %d" % (reg, lo - (1 << 32) if lo >> 31 else lo),
                "  lih r%d, r%d, %d" % (reg, reg, v >> 32)]

    lines = ["  .text", "  .globl main", "main:"]
    for _ in range(rng.randint(1, 40)):
        for reg in (1, 2, 3):
            # Sometimes keep r1: the last result (a descriptor, say).
            if reg == 1 and rng.random() < 0.3:
                continue
            lines += load(reg, value())
        service = 0 if rng.random() < 0.02 else rng.choice(SERVICES)
        lines.append("  sys %d" % service)
    lines += ["  li r1, 0", "  sys 0", "", "  .data"]
    for i, p in enumerate(PATHS):
        # Every tenth program leaves one path unterminated at the end.
        lines.append("path%d: .ascii \"%s\"%s" % (
            i, p, "" if rng.random() < 0.1 and i == len(PATHS) - 1
            else "\n  .byte 0"))
    lines += ["  .p2align 3", "buf: .zero 512"]
    return "\n".join(lines) + "\n"
