import torch
from rope_attention import attention, make_params
from rope_rotate_half import RotaryCache

torch.manual_seed(0)
batch, seq, d_model, n_heads = 2, 8, 32, 4
params = make_params(d_model)
rope = RotaryCache(head_dim=d_model // n_heads, max_positions=128)
x = torch.randn(batch, seq, d_model)

full, _ = attention(x, params, n_heads, rope)

# A prompt of 3 tokens, then one token at a time, as a model generates.
out, cache = attention(x[:, :3], params, n_heads, rope)
outputs = [out]
print(f"prompt: positions 0..2, cache keys {tuple(cache[0].shape)}")
for t in range(3, seq):
    out, cache = attention(x[:, t : t + 1], params, n_heads, rope, cache=cache)
    outputs.append(out)
    print(f"token at position {t}: cache keys {tuple(cache[0].shape)}")
incremental = torch.cat(outputs, dim=1)
difference = (incremental - full).abs().max()
print("incremental vs full forward, max abs diff:", "< 1e-05" if difference < 1e-5 else f"{difference:.1e}")
