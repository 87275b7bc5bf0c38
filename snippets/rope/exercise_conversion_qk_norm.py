import torch
from layout_conversion import interleaved_to_half
from rope_complex import apply_rope_complex
from rope_rotate_half import RotaryCache


def scores(x, w_q, w_k, q_norm, k_norm, rope):
    """One head's scores with QK normalisation as in Qwen3: RMS norm with a learned scale, then the rotation."""

    def project(w, scale):
        y = x @ w.T
        return rope(y * torch.rsqrt(y.pow(2).mean(-1, keepdim=True) + 1e-6) * scale)

    return project(w_q, q_norm) @ project(w_k, k_norm).T


if __name__ == "__main__":
    torch.manual_seed(0)
    seq, hidden, head_dim = 7, 16, 8
    x, (w_q, w_k) = torch.randn(seq, hidden), torch.randn(2, head_dim, hidden)
    q_norm, k_norm = torch.rand(2, head_dim) + 0.5  # the learned scales of the RMS norms, one per feature
    positions, cache = torch.arange(seq), RotaryCache(head_dim, seq)
    trained = scores(x, w_q, w_k, q_norm, k_norm, lambda t: apply_rope_complex(t, positions))  # Meta's layout
    w_q, w_k = interleaved_to_half(w_q, 1), interleaved_to_half(w_k, 1)  # the converter's W_q and W_k
    for label, norms in (
        ("norm scales as they were", (q_norm, k_norm)),
        ("norm scales reordered", (interleaved_to_half(q_norm, 1), interleaved_to_half(k_norm, 1))),
    ):
        converted = scores(x, w_q, w_k, *norms, lambda t: cache(t, positions))
        print(f"{label}: same scores: {torch.allclose(converted, trained, atol=1e-4)}")
