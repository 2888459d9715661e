#!/usr/bin/python3
"""Checks accel-generate's --json tokens against PyTorch's greedy ones
(make_llm_models.py's expected.json):

  check_generated.py expected.json generated.json PROMPT|batch

PROMPT (0, 1, ...): the tokens of that prompt decoded alone; batch: every
prompt's, decoded together. Prints "tokens: identical to PyTorch's" or
the first difference, and exits non-zero on one."""
import json
import sys


def main():
    expected_path, generated_path, which = sys.argv[1:4]
    with open(expected_path) as f:
        expected = json.load(f)
    with open(generated_path) as f:
        generated = json.load(f)
    if which == "batch":
        want, got = expected["batch_tokens"], generated["tokens"]
    else:
        want, got = [expected["tokens"][int(which)]], [generated["tokens"]]
    for b, (w, g) in enumerate(zip(want, got)):
        if w != g:
            first = next((i for i, (x, y) in enumerate(zip(w, g)) if x != y),
                         min(len(w), len(g)))
            print("sequence %d differs at token %d: %s, PyTorch's %s" % (
                b, first, g, w))
            sys.exit(1)
    if len(want) != len(got):
        print("%d sequences, PyTorch's %d" % (len(got), len(want)))
        sys.exit(1)
    n = len(generated["decode_cycles"])
    if n != len(want[0]) - 1 or len(generated["dma_bytes_per_step"]) != n:
        print("%d decode steps' figures for %d tokens" % (n, len(want[0])))
        sys.exit(1)
    print("tokens: identical to PyTorch's (%d sequences of %d)" % (
        len(want), len(want[0])))


if __name__ == "__main__":
    main()
