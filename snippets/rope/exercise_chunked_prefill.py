import torch
from rope_attention import attention, make_params
from rope_rotate_half import RotaryCache


def prefill_in_chunks(x, params, n_heads, rope, chunk):
    """x (batch, seq, d_model) processed chunk tokens at a time, each chunk attending to the cache."""
    outputs, cache = [], None
    for start in range(0, x.shape[1], chunk):
        out, cache = attention(x[:, start : start + chunk], params, n_heads, rope, cache=cache)
        outputs.append(out)
    return torch.cat(outputs, dim=1), cache


if __name__ == "__main__":
    torch.manual_seed(0)
    batch, seq, d_model, n_heads = 2, 8, 32, 4
    params = make_params(d_model)
    rope = RotaryCache(head_dim=d_model // n_heads, max_positions=128)
    x = torch.randn(batch, seq, d_model)
    full, _ = attention(x, params, n_heads, rope)
    for chunk in (1, 3, 8):
        out, cache = prefill_in_chunks(x, params, n_heads, rope, chunk)
        same = torch.allclose(out, full, atol=1e-5)
        print(f"chunks of {chunk}: cache keys {tuple(cache[0].shape)}, same outputs as one pass: {same}")
