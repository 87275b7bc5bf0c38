import torch
from rope_rotate_half import RotaryCache


def make_params(d_model, seed=0):
    generator = torch.Generator().manual_seed(seed)
    return {
        name: torch.randn(d_model, d_model, generator=generator) / d_model**0.5 for name in ("w_q", "w_k", "w_v", "w_o")
    }


def attention(x, params, n_heads, rope, cache=None, show=False):
    """Causal multi-head self-attention with RoPE on queries and keys.

    x: (batch, seq, d_model), the new tokens. cache: None, or (keys, values) of the earlier
    tokens, each (batch, heads, cached, head_dim), keys already rotated.
    Returns the output (batch, seq, d_model) and the cache extended with the new tokens.
    """

    def log(step, tensor):
        if show:
            print(f"{step:32s}{tuple(tensor.shape)}")

    batch, seq, d_model = x.shape
    head_dim = d_model // n_heads
    offset = 0 if cache is None else cache[0].shape[2]  # tokens already in the cache
    positions = torch.arange(offset, offset + seq)
    log("x", x)
    q, k, v = x @ params["w_q"], x @ params["w_k"], x @ params["w_v"]
    log("q = x @ w_q (same for k, v)", q)
    q, k, v = (t.view(batch, seq, n_heads, head_dim).transpose(1, 2) for t in (q, k, v))
    log("split into heads", q)
    q, k = rope(q, positions), rope(k, positions)  # queries and keys only, never values
    log("RoPE on q and k", q)
    if cache is not None:
        k, v = torch.cat((cache[0], k), dim=2), torch.cat((cache[1], v), dim=2)
    log("keys, cached ones included", k)
    scores = q @ k.transpose(-1, -2) / head_dim**0.5
    log("scores = q @ k^T / sqrt(d)", scores)
    causal = torch.arange(k.shape[2])[None, :] <= positions[:, None]  # key position <= query position
    weights = scores.masked_fill(~causal, float("-inf")).softmax(dim=-1)
    heads = weights @ v
    log("weights @ v", heads)
    out = heads.transpose(1, 2).reshape(batch, seq, d_model) @ params["w_o"]
    log("merge heads, @ w_o", out)
    return out, (k, v)


if __name__ == "__main__":
    torch.set_printoptions(precision=4, sci_mode=False)
    torch.manual_seed(0)
    batch, seq, d_model, n_heads = 2, 5, 32, 4
    params = make_params(d_model)
    rope = RotaryCache(head_dim=d_model // n_heads, max_positions=128)
    x = torch.randn(batch, seq, d_model)

    out, _ = attention(x, params, n_heads, rope, show=True)
    print("out[0, :, :4] =")
    print(out[0, :, :4])

    changed = x.clone()
    changed[:, -1] = torch.randn(batch, d_model)  # a different last token
    out_changed, _ = attention(changed, params, n_heads, rope)
    print("earlier outputs unchanged when the last token changes:", torch.equal(out[:, :-1], out_changed[:, :-1]))
