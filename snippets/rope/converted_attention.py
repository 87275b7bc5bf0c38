import torch
from layout_conversion import interleaved_to_half
from rope_complex import apply_rope_complex
from rope_rotate_half import RotaryCache


def attention(x, weights, n_heads, n_kv_heads, rope):
    """Causal grouped-query attention of x (seq, hidden); returns the scores (heads, seq, seq) and the output.

    weights: "q", "k", "v", "o" as (out_features, in_features), like nn.Linear and checkpoints store them, and
    optional biases "q_bias", "k_bias", "v_bias". rope rotates (heads, seq, head_dim) tensors in some layout.
    """
    seq, head_dim = x.shape[0], weights["q"].shape[0] // n_heads

    def project(name, heads):
        y = x @ weights[name].T + weights.get(f"{name}_bias", 0)
        return y.view(seq, heads, head_dim).transpose(0, 1)  # (heads, seq, head_dim)

    q, k, v = project("q", n_heads), project("k", n_kv_heads), project("v", n_kv_heads)
    q, k = rope(q), rope(k)
    group = n_heads // n_kv_heads  # query heads 0 .. group - 1 share key/value head 0, and so on
    k, v = k.repeat_interleave(group, dim=0), v.repeat_interleave(group, dim=0)
    scores = q @ k.transpose(-1, -2) / head_dim**0.5
    causal = torch.ones(seq, seq, dtype=torch.bool).tril()
    probs = scores.masked_fill(~causal, float("-inf")).softmax(dim=-1)
    return scores, (probs @ v).transpose(0, 1).reshape(seq, -1) @ weights["o"].T


def size(difference):
    """Round-off is shown as a bound: its last digits depend on the number of CPU threads."""
    return "< 1e-05" if difference < 1e-5 else f"{difference:.1e}"


if __name__ == "__main__":
    torch.manual_seed(0)
    hidden, n_heads, n_kv_heads, head_dim, seq = 64, 4, 2, 16, 7
    positions = torch.arange(seq)
    cache = RotaryCache(head_dim, max_positions=seq)

    def interleaved(t):
        return apply_rope_complex(t, positions)

    def half_split(t):
        return cache(t, positions)

    shapes = {"q": n_heads * head_dim, "k": n_kv_heads * head_dim, "v": n_kv_heads * head_dim}
    meta = {name: torch.randn(rows, hidden) / hidden**0.5 for name, rows in shapes.items()}  # trained interleaved
    meta |= {f"{name}_bias": torch.randn(rows) for name, rows in shapes.items()}  # Qwen2-style q, k, v biases
    meta["o"] = torch.randn(hidden, n_heads * head_dim) / hidden**0.5
    x = torch.randn(seq, hidden)

    def converted(k_heads):
        """Meta's weights in the half-split layout: q and k rows (and their biases) permuted, v and o unchanged."""
        hf = dict(meta)
        for name, heads in (("q", n_heads), ("q_bias", n_heads), ("k", k_heads), ("k_bias", k_heads)):
            hf[name] = interleaved_to_half(meta[name], heads)
        return hf

    scores, out = attention(x, meta, n_heads, n_kv_heads, interleaved)  # the model as trained
    print(f"trained model: largest |score| {scores.abs().max():.2f}, largest |output| {out.abs().max():.2f}")
    print(f"{'max abs diff from the trained model':<43s}{'scores':>8s}{'output':>10s}")
    for label, weights, rope in (
        ("converted weights, rotate_half", converted(n_kv_heads), half_split),
        ("keys converted with 4 heads, not 2", converted(n_heads), half_split),
        ("weights not converted, rotate_half", meta, half_split),
        ("converted weights, interleaved rotation", converted(n_kv_heads), interleaved),
    ):
        s, o = attention(x, weights, n_heads, n_kv_heads, rope)
        print(f"  {label:<41s}{size((s - scores).abs().max()):>8s}{size((o - out).abs().max()):>10s}")
