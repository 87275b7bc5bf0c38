import torch
from rope_complex import apply_rope_complex


def mla_scores(q_nope, q_rope, latent, k_rope, w_uk, q_positions, k_positions, base=10000.0):
    """Query-key scores read straight from MLA's cache: one latent and one rotated key per token.

    q_nope, q_rope: (heads, queries, nope_dim), (heads, queries, rope_dim); latent: (keys, latent_dim);
    k_rope: (keys, rope_dim), shared by every head; w_uk: (heads, nope_dim, latent_dim), latent -> key.
    """
    absorbed = torch.einsum("hqd,hdl->hql", q_nope, w_uk)  # W_UK folded into the query: keys are never built
    rotated_q = apply_rope_complex(q_rope, q_positions, base)
    rotated_k = apply_rope_complex(k_rope, k_positions, base)
    return absorbed @ latent.T + rotated_q @ rotated_k.T


if __name__ == "__main__":
    torch.manual_seed(0)
    heads, nope_dim, rope_dim, latent_dim, length = 4, 16, 8, 32, 10
    latent = torch.randn(length, latent_dim)  # what MLA caches per token, instead of keys and values
    w_uk = torch.randn(heads, nope_dim, latent_dim) / latent_dim**0.5
    q = torch.randn(heads, length, nope_dim)
    positions = torch.arange(length)

    keys = torch.einsum("hdl,tl->htd", w_uk, latent)  # every head's keys, expanded from the cache
    absorbed = torch.einsum("hqd,hdl->hql", q, w_uk) @ latent.T
    print("no RoPE:       absorbed == expanded:", torch.allclose(absorbed, q @ keys.transpose(-1, -2), atol=1e-4))

    rotated = apply_rope_complex(q, positions) @ apply_rope_complex(keys, positions).transpose(-1, -2)
    absorbed_rotated_q = torch.einsum("hqd,hdl->hql", apply_rope_complex(q, positions), w_uk) @ latent.T
    error = (absorbed_rotated_q - rotated).abs().max()
    print(f"RoPE on keys:  absorbed == expanded: {torch.allclose(absorbed_rotated_q, rotated, atol=1e-4)}", end="")
    print(f" (largest error {error:.1f}, largest score {rotated.abs().max():.1f})")

    q_rope, k_rope = torch.randn(heads, length, rope_dim), torch.randn(length, rope_dim)
    scores = mla_scores(q, q_rope, latent, k_rope, w_uk, positions, positions)
    full_q = torch.cat((q, apply_rope_complex(q_rope, positions)), -1)
    full_k = torch.cat((keys, apply_rope_complex(k_rope, positions).expand(heads, -1, -1)), -1)
    print(
        "decoupled RoPE: from the cache == expanded:",
        torch.allclose(scores, full_q @ full_k.transpose(-1, -2), atol=1e-4),
    )
    shifted = mla_scores(q, q_rope, latent, k_rope, w_uk, positions + 100, positions + 100)
    print("decoupled RoPE: same scores 100 positions later:", torch.allclose(scores, shifted, atol=1e-3))

    heads, nope_dim, rope_dim, v_dim, latent_dim = 128, 128, 64, 128, 512  # DeepSeek-V3's attention
    per_head = heads * (nope_dim + rope_dim + v_dim)
    print(f"DeepSeek-V3, numbers cached per token and layer: keys and values {per_head}, MLA {latent_dim + rope_dim}")
