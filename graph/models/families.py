"""The model families users ship today, written as they write them in
PyTorch (HuggingFace's Llama and Whisper, timm's ViT, diffusers' UNet
blocks, DeepSeek's MoE with a shared expert), small enough for the
simulator. make_torch_models.py exports them; each class's docstring
says what its export exercises."""
import math

import torch
from torch import nn
from torch.nn import functional as F


class RMSNorm(nn.Module):
    """Llama's: x * rsqrt(mean(x^2) + eps) * weight, in float32."""

    def __init__(self, d, eps=1e-6):
        super().__init__()
        self.weight = nn.Parameter(1 + 0.1 * torch.randn(d))
        self.eps = eps

    def forward(self, x):
        variance = x.pow(2).mean(-1, keepdim=True)
        return self.weight * (x * torch.rsqrt(variance + self.eps))


def rotate_half(x):
    half = x.shape[-1] // 2
    return torch.cat((-x[..., half:], x[..., :half]), dim=-1)


def repeat_kv(x, n_rep):
    """[B, KVH, S, D] -> [B, KVH * n_rep, S, D] as HuggingFace writes it:
    an expand of a new axis and a reshape."""
    b, kvh, s, d = x.shape
    if n_rep == 1:
        return x
    x = x[:, :, None, :, :].expand(b, kvh, n_rep, s, d)
    return x.reshape(b, kvh * n_rep, s, d)


class LlamaAttention(nn.Module):
    def __init__(self, d, heads, kv_heads, rope_theta=10000.0):
        super().__init__()
        self.heads, self.kv_heads, self.head_dim = heads, kv_heads, d // heads
        self.q_proj = nn.Linear(d, heads * self.head_dim, bias=False)
        self.k_proj = nn.Linear(d, kv_heads * self.head_dim, bias=False)
        self.v_proj = nn.Linear(d, kv_heads * self.head_dim, bias=False)
        self.o_proj = nn.Linear(heads * self.head_dim, d, bias=False)
        inv_freq = 1.0 / (rope_theta ** (
            torch.arange(0, self.head_dim, 2).float() / self.head_dim))
        self.register_buffer("inv_freq", inv_freq, persistent=False)

    def project(self, x, position_ids):
        """q, k and v [B, heads, S, D], q and k rotated."""
        b, s, _ = x.shape
        q = self.q_proj(x).view(b, s, self.heads, self.head_dim).transpose(1, 2)
        k = self.k_proj(x).view(b, s, self.kv_heads, self.head_dim).transpose(1, 2)
        v = self.v_proj(x).view(b, s, self.kv_heads, self.head_dim).transpose(1, 2)
        freqs = position_ids[:, :, None].float() * self.inv_freq[None, None, :]
        emb = torch.cat((freqs, freqs), dim=-1)
        cos, sin = emb.cos()[:, None], emb.sin()[:, None]
        return q * cos + rotate_half(q) * sin, k * cos + rotate_half(k) * sin, v

    def attend(self, q, k, v, mask):
        b, _, s, _ = q.shape
        n_rep = self.heads // self.kv_heads
        k, v = repeat_kv(k, n_rep), repeat_kv(v, n_rep)
        scores = torch.matmul(q, k.transpose(2, 3)) / math.sqrt(self.head_dim)
        probs = torch.softmax(scores + mask, dim=-1)
        out = torch.matmul(probs, v).transpose(1, 2).reshape(b, s, -1)
        return self.o_proj(out)

    def forward(self, x, position_ids, mask):
        return self.attend(*self.project(x, position_ids), mask)


class SwiGLU(nn.Module):
    def __init__(self, d, hidden):
        super().__init__()
        self.gate_proj = nn.Linear(d, hidden, bias=False)
        self.up_proj = nn.Linear(d, hidden, bias=False)
        self.down_proj = nn.Linear(hidden, d, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class LlamaLayer(nn.Module):
    def __init__(self, d, heads, kv_heads, hidden, attention=LlamaAttention):
        super().__init__()
        self.input_layernorm = RMSNorm(d)
        self.self_attn = attention(d, heads, kv_heads)
        self.post_attention_layernorm = RMSNorm(d)
        self.mlp = SwiGLU(d, hidden)

    def forward(self, x, position_ids, mask):
        x = x + self.self_attn(self.input_layernorm(x), position_ids, mask)
        return x + self.mlp(self.post_attention_layernorm(x))


class LlamaDecoder(nn.Module):
    """Token ids -> embedding -> Llama layers (RMSNorm, RoPE, grouped-query
    attention with k/v repeated by Expand and Reshape, SwiGLU) under a
    causal mask built from comparisons -> final RMSNorm -> LM head."""

    def __init__(self, vocab=512, d=128, heads=4, kv_heads=2, hidden=352,
                 layers=2):
        super().__init__()
        self.vocab = vocab
        self.embed_tokens = nn.Embedding(vocab, d)
        self.layers = nn.ModuleList(
            LlamaLayer(d, heads, kv_heads, hidden) for _ in range(layers))
        self.norm = RMSNorm(d)
        self.lm_head = nn.Linear(d, vocab, bias=False)

    def forward(self, ids):
        b, s = ids.shape
        position_ids = torch.arange(s).unsqueeze(0).expand(b, s)
        i = torch.arange(s)
        mask = torch.where(i[None, :] > i[:, None],
                           torch.tensor(torch.finfo(torch.float32).min),
                           torch.tensor(0.0))[None, None]
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x, position_ids, mask)
        return self.lm_head(self.norm(x))


class ViT(nn.Module):
    """Patch convolution, class token (expanded to the batch), learned
    position embedding, pre-norm encoder layers with exact GELU, head on
    the class token."""

    def __init__(self, image=32, patch=8, d=96, heads=3, layers=2,
                 classes=10):
        super().__init__()
        self.patch_embed = nn.Conv2d(3, d, patch, stride=patch)
        self.cls_token = nn.Parameter(0.02 * torch.randn(1, 1, d))
        self.pos_embed = nn.Parameter(
            0.02 * torch.randn(1, (image // patch) ** 2 + 1, d))
        layer = nn.TransformerEncoderLayer(d, heads, dim_feedforward=4 * d,
                                           dropout=0.0, activation="gelu",
                                           batch_first=True, norm_first=True)
        self.blocks = nn.TransformerEncoder(layer, layers,
                                            enable_nested_tensor=False)
        self.norm = nn.LayerNorm(d)
        self.head = nn.Linear(d, classes)

    def forward(self, x):
        x = self.patch_embed(x).flatten(2).transpose(1, 2)
        cls = self.cls_token.expand(x.shape[0], -1, -1)
        x = torch.cat((cls, x), dim=1) + self.pos_embed
        x = self.norm(self.blocks(x))
        return self.head(x[:, 0])


class ResnetBlock(nn.Module):
    """diffusers' ResnetBlock2D without the time embedding: GroupNorm,
    SiLU, 3x3 conv, twice, and the (1x1-projected) input added."""

    def __init__(self, cin, cout, groups=8):
        super().__init__()
        self.norm1 = nn.GroupNorm(groups, cin, eps=1e-6)
        self.conv1 = nn.Conv2d(cin, cout, 3, padding=1)
        self.norm2 = nn.GroupNorm(groups, cout, eps=1e-6)
        self.conv2 = nn.Conv2d(cout, cout, 3, padding=1)
        self.shortcut = nn.Conv2d(cin, cout, 1) if cin != cout else None

    def forward(self, x):
        h = self.conv1(F.silu(self.norm1(x)))
        h = self.conv2(F.silu(self.norm2(h)))
        return h + (self.shortcut(x) if self.shortcut is not None else x)


class SpatialAttention(nn.Module):
    """diffusers' attention block: GroupNorm, the pixels as a sequence,
    single-head self-attention, back to an image, the input added."""

    def __init__(self, c, groups=8):
        super().__init__()
        self.norm = nn.GroupNorm(groups, c, eps=1e-6)
        self.to_q, self.to_k = nn.Linear(c, c), nn.Linear(c, c)
        self.to_v, self.to_out = nn.Linear(c, c), nn.Linear(c, c)
        self.scale = 1.0 / math.sqrt(c)

    def forward(self, x):
        b, c, h, w = x.shape
        s = self.norm(x).view(b, c, h * w).transpose(1, 2)
        q, k, v = self.to_q(s), self.to_k(s), self.to_v(s)
        probs = torch.softmax(torch.bmm(q, k.transpose(1, 2)) * self.scale, -1)
        out = self.to_out(torch.bmm(probs, v))
        return out.transpose(1, 2).reshape(b, c, h, w) + x


class UNetSlice(nn.Module):
    """A diffusion UNet's level and the one below it: a ResNet block, a
    stride-2 conv down, a ResNet block with spatial self-attention, a
    nearest 2x upsample and its conv, the skip concatenated, a ResNet
    block, the output conv."""

    def __init__(self, cin=4, c=32):
        super().__init__()
        self.conv_in = nn.Conv2d(cin, c, 3, padding=1)
        self.down_block = ResnetBlock(c, c)
        self.downsample = nn.Conv2d(c, c, 3, stride=2, padding=1)
        self.mid_block = ResnetBlock(c, 2 * c)
        self.mid_attn = SpatialAttention(2 * c)
        self.upsample_conv = nn.Conv2d(2 * c, c, 3, padding=1)
        self.up_block = ResnetBlock(2 * c, c)
        self.norm_out = nn.GroupNorm(8, c, eps=1e-6)
        self.conv_out = nn.Conv2d(c, cin, 3, padding=1)

    def forward(self, x):
        skip = self.down_block(self.conv_in(x))
        h = self.mid_attn(self.mid_block(self.downsample(skip)))
        h = self.upsample_conv(F.interpolate(h, scale_factor=2.0,
                                             mode="nearest"))
        h = self.up_block(torch.cat((h, skip), dim=1))
        return self.conv_out(F.silu(self.norm_out(h)))


def sinusoids(length, channels, max_timescale=10000):
    """Whisper's fixed position embedding."""
    log_timescale = math.log(max_timescale) / (channels // 2 - 1)
    inv = torch.exp(-log_timescale * torch.arange(channels // 2))
    t = torch.arange(length)[:, None] * inv[None, :]
    return torch.cat([torch.sin(t), torch.cos(t)], dim=1)


class WhisperEncoder(nn.Module):
    """Log-mel frames -> two Conv1d + GELU (the second stride 2) -> fixed
    sinusoidal positions -> pre-norm encoder layers -> LayerNorm."""

    def __init__(self, mels=16, frames=64, d=64, heads=4, layers=2):
        super().__init__()
        self.conv1 = nn.Conv1d(mels, d, 3, padding=1)
        self.conv2 = nn.Conv1d(d, d, 3, stride=2, padding=1)
        self.register_buffer("positions", sinusoids(frames // 2, d))
        layer = nn.TransformerEncoderLayer(d, heads, dim_feedforward=4 * d,
                                           dropout=0.0, activation="gelu",
                                           batch_first=True, norm_first=True)
        self.layers = nn.TransformerEncoder(layer, layers,
                                            enable_nested_tensor=False)
        self.ln_post = nn.LayerNorm(d)

    def forward(self, mel):
        x = F.gelu(self.conv2(F.gelu(self.conv1(mel))))
        x = x.permute(0, 2, 1) + self.positions
        return self.ln_post(self.layers(x))


class MoE(nn.Module):
    """DeepSeek-style: a router's softmax, the top-k experts' gates
    renormalized and scattered back over all experts, every expert a
    SwiGLU weighted by its gate (zero where not chosen), plus a shared
    expert every token goes through."""

    def __init__(self, d=64, hidden=128, experts=4, top_k=2):
        super().__init__()
        self.top_k = top_k
        self.gate = nn.Linear(d, experts, bias=False)
        self.experts = nn.ModuleList(SwiGLU(d, hidden) for _ in range(experts))
        self.shared_expert = SwiGLU(d, hidden)

    def forward(self, x):
        probs = torch.softmax(self.gate(x), dim=-1)
        weights, chosen = torch.topk(probs, self.top_k, dim=-1)
        weights = weights / weights.sum(dim=-1, keepdim=True)
        gates = torch.zeros_like(probs).scatter(-1, chosen, weights)
        out = self.shared_expert(x)
        for e, expert in enumerate(self.experts):
            out = out + gates[..., e:e + 1] * expert(x)
        return out


class SmallLSTM(nn.Module):
    """A two-layer LSTM over a sequence and a linear head on every step."""

    def __init__(self, features=32, hidden=64, classes=10):
        super().__init__()
        self.lstm = nn.LSTM(features, hidden, num_layers=2, batch_first=True)
        self.head = nn.Linear(hidden, classes)

    def forward(self, x):
        return self.head(self.lstm(x)[0])
