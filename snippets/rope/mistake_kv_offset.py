import torch
from rope_rotate_half import RotaryCache

torch.manual_seed(0)
heads, head_dim, prompt = 4, 16, 7
rope = RotaryCache(head_dim, max_positions=64)
q, k = torch.randn(1, heads, prompt + 1, head_dim), torch.randn(1, heads, prompt + 1, head_dim)

# The whole sequence at once: the last token (position 7) against keys 0..7.
full_positions = torch.arange(prompt + 1)
full = rope(q, full_positions)[..., -1:, :] @ rope(k, full_positions).transpose(-1, -2) / head_dim**0.5

# Decoding: keys 0..6 are in the cache, already rotated; one new token arrives.
cached_keys = rope(k[..., :prompt, :], torch.arange(prompt))
q_new, k_new = q[..., prompt:, :], k[..., prompt:, :]
for name, positions in [("forgot the offset", torch.arange(1)), ("offset = cache length", torch.arange(1) + prompt)]:
    keys = torch.cat((cached_keys, rope(k_new, positions)), dim=-2)
    scores = rope(q_new, positions) @ keys.transpose(-1, -2) / head_dim**0.5
    weights_diff = (scores.softmax(-1) - full.softmax(-1)).abs().max()
    print(
        f"{name:22s} new token at position {positions.item()}: max abs diff of scores "
        f"{(scores - full).abs().max():.1e}, of attention weights {weights_diff:.1e}"
    )
