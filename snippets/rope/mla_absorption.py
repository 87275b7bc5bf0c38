import torch


def rotate_pairs(x, positions, inv_freq):
    """RoPE on interleaved pairs (x0, x1), (x2, x3), ... of x: (..., tokens, rope_dim), with any frequencies."""
    angles = positions.float()[:, None] * inv_freq.float()  # float32 angles, as the models compute them
    pairs = torch.view_as_complex(x.reshape(*x.shape[:-1], -1, 2).contiguous())
    return torch.view_as_real(pairs * torch.polar(torch.ones_like(angles), angles)).flatten(-2)


def mla_scores(q_nope, q_rope, latent, k_rope, w_uk, q_positions, k_positions, inv_freq):
    """Query-key scores q.k, before the softmax scale, read straight from MLA's cache: one latent and one rotated
    key per token.

    q_nope, q_rope: (heads, queries, nope_dim), (heads, queries, rope_dim); latent: (keys, latent_dim);
    k_rope: (keys, rope_dim), one key shared by every head; w_uk: (heads, nope_dim, latent_dim), latent -> key.
    """
    absorbed = torch.einsum("hqd,hdl->hql", q_nope, w_uk)  # W_UK folded into the query: keys are never built
    rotated_q = rotate_pairs(q_rope, q_positions, inv_freq)
    rotated_k = rotate_pairs(k_rope, k_positions, inv_freq)
    return absorbed @ latent.T + rotated_q @ rotated_k.T


def mla_output(weights, latent, w_uv, w_o):
    """The attention output from the softmax weights (heads, queries, keys) and the cached latents: W_UV is applied
    after the weighted sum, W_O after it, so values are never built either. w_uv: (heads, v_dim, latent_dim)."""
    per_head = torch.einsum("hvl,hql->qhv", w_uv, weights @ latent)
    return per_head.flatten(1) @ w_o.T


def best_single_matrix_error(q, latent, scores):
    """Fits the one matrix M with q_m . M c_n closest to the scores, over every query and key; its largest error."""
    features = torch.einsum("md,nl->mndl", q, latent).flatten(2).flatten(0, 1)
    solution = torch.linalg.lstsq(features, scores.flatten()[:, None]).solution
    return (features @ solution - scores.flatten()[:, None]).abs().max()


if __name__ == "__main__":
    torch.manual_seed(0)
    nope_dim, rope_dim, latent_dim, length = 8, 8, 16, 40
    inv_freq = 1.0 / (10000.0 ** (torch.arange(0, nope_dim, 2).double() / nope_dim))
    latent = torch.randn(length, latent_dim, dtype=torch.float64)
    w_uk = torch.randn(nope_dim, latent_dim, dtype=torch.float64) / latent_dim**0.5
    q = torch.randn(length, nope_dim, dtype=torch.float64)
    positions = torch.arange(length)
    keys = latent @ w_uk.T  # the keys of one head, expanded from the cache
    plain, rotated = q @ keys.T, rotate_pairs(q, positions, inv_freq) @ rotate_pairs(keys, positions, inv_freq).T
    print(f"one head, {length} tokens: the best single matrix between query and latent, largest error")
    print(f"  no RoPE:      {best_single_matrix_error(q, latent, plain):.1f}  (largest score {plain.abs().max():.1f})")
    print(
        f"  RoPE:         {best_single_matrix_error(q, latent, rotated):.1f}  (largest score {rotated.abs().max():.1f})"
    )

    heads, length = 4, 10
    latent, positions = latent[:length], torch.arange(length)
    w_uk = torch.randn(heads, nope_dim, latent_dim, dtype=torch.float64) / latent_dim**0.5
    q_nope, q_rope = torch.randn(2, heads, length, nope_dim, dtype=torch.float64)
    k_rope = torch.randn(length, rope_dim, dtype=torch.float64)
    scores = mla_scores(q_nope, q_rope, latent, k_rope, w_uk, positions, positions, inv_freq)
    keys = torch.cat(
        (latent @ w_uk.transpose(1, 2), rotate_pairs(k_rope, positions, inv_freq).expand(heads, -1, -1)), -1
    )
    expanded = torch.cat((q_nope, rotate_pairs(q_rope, positions, inv_freq)), -1) @ keys.transpose(1, 2)
    print("decoupled RoPE, scores from the cache == from expanded keys:", torch.allclose(scores, expanded, atol=1e-4))
    shifted = mla_scores(q_nope, q_rope, latent, k_rope, w_uk, positions + 100, positions + 100, inv_freq)
    print("decoupled RoPE, same scores 100 positions later:", torch.allclose(scores, shifted, atol=1e-4))

    heads, nope_dim, rope_dim, v_dim, latent_dim = 128, 128, 64, 128, 512  # DeepSeek-V3's attention
    print("DeepSeek-V3, numbers cached per token and layer:")
    print(f"  keys (128 + 64 features) and values (128) of every head: {heads * (nope_dim + rope_dim + v_dim)}")
    print(f"  MLA, the latent and one shared rotated key: {latent_dim + rope_dim}")
    print(f"  MLA with one rotated key per head: {latent_dim + heads * rope_dim}")
