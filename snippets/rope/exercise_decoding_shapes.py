import torch
from rope_attention import attention, make_params
from rope_rotate_half import RotaryCache

torch.manual_seed(0)
batch, d_model, n_heads = 3, 64, 4
params = make_params(d_model)
rope = RotaryCache(head_dim=d_model // n_heads, max_positions=128)
_, cache = attention(torch.randn(batch, 6, d_model), params, n_heads, rope)  # a prompt of 6 tokens
print("the new token is rotated at position", cache[0].shape[2])
new = torch.randn(batch, 1, d_model)  # one new token per sequence
attention(new, params, n_heads, rope, cache=cache, show=True)
