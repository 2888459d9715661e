#!/usr/bin/python3
"""accel_attention at one query a head (a decode step: attention_decode.c,
the group's query heads one pass over their k/v head's keys) on accel-sim
against numpy in float64, with attention_check.py's cases, bound and
harness (its docstring):

  attention_decode_check.py --sim "accel-sim [options]"
      --driver attention_driver.elf --dir DIR [--set all|decode]
      [--only TEXT]

llama-16m's step (6 query heads over 2 k/v heads, 128 keys, D 64, a
padding mask [B, 1, 1, Sk]) at batch 1 and 4 (prompts padded on the left);
k and v as a KV cache viewed at its first rows (head stride past the
rows'), and padded everywhere; a group of 16; D 48 and 128;
one key; odd key counts; a mask of rank 2; o = P . V on mmac.4x64 (D 64,
groups of 2 to 4) and mmac.8x32 (D 32, up to 8), full groups of 4 and 8,
and a group of 5 at D 64 on 16 x 16 tiles; caches past 512 keys in
segments combined (flash-decoding: 1 024, 1 030 with a batch row's first
segment all masked, 700 at D 32, 600 on the tiles); and beside them the
cases the other paths keep (a group of one; 1 500 keys)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from attention_check import AttnCase, main  # noqa: E402


def decode():
    C, P = "cache", "pad"
    return [
        AttnCase((1, 6), 1, 128, 64, 64, mask="additive",
                 mask_dims=(1, 1, 1, 128), ninf=0.3, kvh=2),
        AttnCase((4, 6), 1, 128, 64, 64, mask="additive",
                 mask_dims=(4, 1, 1, 128), kvh=2, left_pad=(0, 5, 60, 127)),
        AttnCase((3, 6), 1, 200, 64, 64, kvh=3, lk=C, lv=C),
        AttnCase((2, 6), 1, 77, 48, 48, kvh=2, lq=P, lk=P, lv=P, lo=P),
        AttnCase((2, 8), 1, 13, 16, 16, kvh=8),
        AttnCase((1, 32), 1, 37, 128, 128, kvh=2),
        AttnCase((2, 4), 1, 1, 32, 32, kvh=1),
        AttnCase((2, 6), 1, 45, 32, 32, mask="additive", mask_dims=(1, 45),
                 ninf=0.3, kvh=2, lk=C, lv=C),
        AttnCase((1, 4), 1, 1500, 64, 64, kvh=1, scale=0.5),
        AttnCase((2, 8), 1, 100, 64, 64, kvh=2, lk=C, lv=C, lo=P),
        AttnCase((1, 16), 1, 33, 32, 32, kvh=2, lq=P),
        AttnCase((2, 10), 1, 50, 64, 64, kvh=2, lv=C),
        # Longer caches in segments (flash-decoding): two of 512, three
        # with a short last one, a padded batch row whose first segment is
        # all masked, 16 x 16 tiles' o.
        AttnCase((1, 6), 1, 1024, 64, 64, mask="additive",
                 mask_dims=(1, 1, 1, 1024), ninf=0.3, kvh=2, lk=C, lv=C),
        AttnCase((2, 6), 1, 1030, 64, 64, mask="additive",
                 mask_dims=(2, 1, 1, 1030), kvh=2, left_pad=(0, 600)),
        AttnCase((2, 8), 1, 700, 32, 32, kvh=2, lq=P, lo=P),
        AttnCase((1, 10), 1, 600, 48, 48, kvh=2, lv=C),
    ]


SETS = {"decode": decode}


if __name__ == "__main__":
    sys.exit(main(__doc__, SETS, "attn"))
