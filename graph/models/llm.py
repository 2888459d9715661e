"""A Llama-style decoder with a KV cache in HuggingFace Optimum's
decoder-with-past convention, and PyTorch's greedy generation with it
(the reference the accelerator's tokens are checked against).

forward(input_ids [B, S] int64, attention_mask [B, P + S] int64,
        position_ids [B, S] int64, past.0.key, past.0.value, ...
        [B, KVH, P, D] each)
  -> logits [B, S, V], present.0.key, present.0.value, ...
     [B, KVH, P + S, D] each (the past with the new rows appended).

The mask is built as HF builds it: query i of the step (absolute position
P + i) sees key j when j <= P + i and attention_mask[b, j] is 1; padded
prompts are left-padded and their position ids count only real tokens."""
import torch
from torch import nn

from families import LlamaAttention, LlamaLayer, RMSNorm


class CachedAttention(LlamaAttention):
    """Llama's attention over the past keys and values and the step's:
    returns the output and the whole k and v (the present)."""

    def forward(self, x, position_ids, mask, past_k, past_v):
        q, k, v = self.project(x, position_ids)
        k = torch.cat((past_k, k), dim=2)
        v = torch.cat((past_v, v), dim=2)
        return self.attend(q, k, v, mask), k, v


class CachedLayer(LlamaLayer):
    def __init__(self, d, heads, kv_heads, hidden):
        super().__init__(d, heads, kv_heads, hidden, CachedAttention)

    def forward(self, x, position_ids, mask, past_k, past_v):
        h, k, v = self.self_attn(self.input_layernorm(x), position_ids, mask,
                                 past_k, past_v)
        x = x + h
        return x + self.mlp(self.post_attention_layernorm(x)), k, v


class LlamaWithPast(nn.Module):
    def __init__(self, vocab, d, heads, kv_heads, hidden, layers):
        super().__init__()
        self.vocab, self.layers_count = vocab, layers
        self.kv_heads, self.head_dim = kv_heads, d // heads
        self.embed_tokens = nn.Embedding(vocab, d)
        self.layers = nn.ModuleList(
            CachedLayer(d, heads, kv_heads, hidden) for _ in range(layers))
        self.norm = RMSNorm(d)
        self.lm_head = nn.Linear(d, vocab, bias=False)

    def forward(self, input_ids, attention_mask, position_ids, *past):
        s = input_ids.shape[1]
        total = attention_mask.shape[1]
        # Absolute positions of the step's queries and of every key.
        q_pos = torch.arange(s) + (total - s)
        k_pos = torch.arange(total)
        allowed = (k_pos[None, :] <= q_pos[:, None])[None, None] & \
            (attention_mask[:, None, None, :] == 1)
        mask = torch.where(allowed, torch.tensor(0.0),
                           torch.tensor(torch.finfo(torch.float32).min))
        x = self.embed_tokens(input_ids)
        presents = []
        for i, layer in enumerate(self.layers):
            x, k, v = layer(x, position_ids, mask, past[2 * i], past[2 * i + 1])
            presents += [k, v]
        return (self.lm_head(self.norm(x)),) + tuple(presents)

    def empty_past(self, batch):
        return [torch.zeros(batch, self.kv_heads, 0, self.head_dim)
                for _ in range(2 * self.layers_count)]

    def io_names(self):
        past = [n for i in range(self.layers_count)
                for n in ("past_key_values.%d.key" % i,
                          "past_key_values.%d.value" % i)]
        present = [n for i in range(self.layers_count)
                   for n in ("present.%d.key" % i, "present.%d.value" % i)]
        return (["input_ids", "attention_mask", "position_ids"] + past,
                ["logits"] + present)


def left_pad(prompts):
    """Token lists -> (input_ids, attention_mask, position_ids), left-padded
    with id 0 as HF pads decoder-only batches for generation."""
    length = max(len(p) for p in prompts)
    ids = torch.zeros(len(prompts), length, dtype=torch.int64)
    mask = torch.zeros(len(prompts), length, dtype=torch.int64)
    for b, p in enumerate(prompts):
        ids[b, length - len(p):] = torch.tensor(p)
        mask[b, length - len(p):] = 1
    positions = (mask.cumsum(-1) - 1).clamp(min=0)
    return ids, mask, positions


@torch.no_grad()
def greedy(model, prompts, new_tokens):
    """PyTorch's greedy continuation of each prompt with the KV cache: a
    prefill from an empty past, then one token a step."""
    ids, mask, positions = left_pad(prompts)
    past = model.empty_past(len(prompts))
    out = [[] for _ in prompts]
    for _ in range(new_tokens):
        logits, *past = model(ids, mask, positions, *past)
        nxt = logits[:, -1].argmax(-1)
        for b, t in enumerate(nxt.tolist()):
            out[b].append(t)
        ids = nxt[:, None]
        positions = positions[:, -1:] + 1
        mask = torch.cat((mask, torch.ones(len(prompts), 1,
                                           dtype=torch.int64)), 1)
    return out
