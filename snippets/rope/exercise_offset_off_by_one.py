import torch
from rope_rotate_half import RotaryCache

torch.manual_seed(0)
heads, head_dim, prompt = 4, 16, 7
rope = RotaryCache(head_dim, max_positions=64)
q, k = torch.randn(1, heads, prompt + 1, head_dim), torch.randn(1, heads, prompt + 1, head_dim)
positions = torch.arange(prompt + 1)
full = rope(q, positions)[..., -1:, :] @ rope(k, positions).transpose(-1, -2)  # the new token at position 7

cached_keys = rope(k[..., :prompt, :], torch.arange(prompt))  # keys 0..6, already rotated
mask = torch.ones(1, prompt + 1, dtype=torch.long)  # the attention mask: the prompt and the new token
count = mask.sum(-1)  # 8 tokens
for name, position in [("count", count), ("count - 1", count - 1)]:
    q_new = rope(q[..., prompt:, :], position)
    scores = q_new @ torch.cat((cached_keys, rope(k[..., prompt:, :], position)), dim=-2).transpose(-1, -2)
    own = torch.allclose(scores[..., -1], full[..., -1], atol=1e-4)
    cached = torch.allclose(scores[..., :-1], full[..., :-1], atol=1e-4)
    print(f"position = {name:9} = {position.item()}: score with its own key right {own}, with the cached keys {cached}")
