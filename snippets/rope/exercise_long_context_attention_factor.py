import torch
from partial_rotary import apply_partial_rope
from rope_frequencies import rope_frequencies

torch.manual_seed(0)
yarn = {"rope_type": "yarn", "factor": 4.0, "original_max_position_embeddings": 2048}
inv_freq, factor = rope_frequencies({"head_dim": 128, "max_position_embeddings": 2048, "rope_scaling": yarn})
q, k = torch.randn(1, 1, 6, 128), torch.randn(1, 1, 6, 128)  # (batch, heads, seq, head_dim)
positions = torch.arange(6)


def scores(attention_factor):
    """Query-key scores with cos and sin multiplied by attention_factor, as transformers applies it."""
    rotated_q = apply_partial_rope(q, positions, inv_freq, "half-split", attention_factor)
    rotated_k = apply_partial_rope(k, positions, inv_freq, "half-split", attention_factor)
    return rotated_q @ rotated_k.transpose(-1, -2)


port = factor * scores(1.0)  # the port: plain cos and sin, then the scores times the attention factor
reference = scores(factor)
print(f"attention factor {factor:.4f}, its square {factor**2:.4f}")
for name, s in [("port", port), ("reference", reference)]:
    ratio = (s * scores(1.0)).sum() / (scores(1.0) ** 2).sum()  # least squares: s = ratio * plain scores
    print(
        f"{name:<9s} scores = {ratio:.4f} x plain scores; same as reference: {torch.allclose(s, reference, atol=1e-4)}"
    )
