"""Attention cases of the kernel benchmark (kernels.py): accel_attention
with 8 heads (B = 1) of head dim 16 and sequence 16 (heads of one tile),
and of head dim 64 with sequences of 128 and 512, without a mask and
causal, every operand in DRAM.

macs counts the useful matrix MACs: 2 * Sq * Sk * D per head (S = Q.K^T
and P.V), for causal only the scores a query sees (S (S + 1) / 2 of them).
dram_bytes is q, k, v and o once. stream_cycles is the softmax's floor on
the machine's fastest unit for it, the stream engine: per score at least
two passes at StreamLanes a cycle (a row's maximum, vs.redmax; its
exponentials and their sum, one vs.act.exp with sums); the scaling by
the sum is folded into P.V's output, not counted. q, k and v uniform
in [-1, 1]; o checked within accel_attention's bound (verify.py)."""
from verify import attach, attention

DRIVER = "attention_bench.c"
HEADS, HEAD_DIM = 8, 64
STREAM_PASSES = 2


def cases(p):
    # A small encoder's heads (sequence 16, head dim 16: the one-tile path)
    # and BERT-sized ones.
    for seq, dim in ((16, 16), (128, HEAD_DIM), (512, HEAD_DIM)):
        for causal in (0, 1):
            scores = seq * (seq + 1) // 2 if causal else seq * seq
            yield attach({"name": "attention %dx%d d=%d%s" % (
                              HEADS, seq, dim, " causal" if causal else ""),
                          "args": [1, HEADS, seq, dim, causal],
                          "macs": HEADS * 2 * scores * dim,
                          "dram_bytes": 4 * 4 * HEADS * seq * dim,
                          "stream_cycles": HEADS * scores
                          * STREAM_PASSES // p["StreamLanes"]},
                         attention(1, HEADS, seq, dim, causal))
    # Decoding (one query a head) with grouped-query attention: 32 query
    # heads over 8 k/v heads and, for comparison, over 32; 1024 keys.
    for kvh in (8, 32):
        yield attach({"name": "attention decode 32/%d heads Sk=1024 d=%d" % (
                          kvh, HEAD_DIM),
                      "args": [1, 32, 1024, HEAD_DIM, 0, kvh, 1],
                      "macs": 32 * 2 * 1024 * HEAD_DIM,
                      "dram_bytes": 4 * (2 * 32 * HEAD_DIM
                                         + 2 * kvh * 1024 * HEAD_DIM),
                      "stream_cycles": 32 * 1024 * STREAM_PASSES
                      // p["StreamLanes"]},
                     attention(1, 32, 1024, HEAD_DIM, 0, kvh=kvh, sq=1))
