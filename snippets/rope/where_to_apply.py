import torch
from rope_rotate_half import RotaryCache

torch.manual_seed(0)
d, seq = 16, 6
rope = RotaryCache(head_dim=d, max_positions=256)
w_q, w_k, w_v = (torch.randn(d, d) / d**0.5 for _ in range(3))
tokens = torch.randn(1, 1, seq, d)  # one sequence of 6 token embeddings (single head, d = 16)


def attend(start, where):
    """Scores and outputs of the same 6 tokens placed at positions start .. start + 5."""
    positions = torch.arange(start, start + seq)
    x = rope(tokens, positions) if where == "embeddings" else tokens
    q, k, v = x @ w_q, x @ w_k, x @ w_v
    if where in ("q and k", "q, k and v"):
        q, k = rope(q, positions), rope(k, positions)
    if where == "q, k and v":
        v = rope(v, positions)
    scores = q @ k.transpose(-1, -2) / d**0.5
    causal = torch.ones(seq, seq, dtype=torch.bool).tril()
    weights = scores.masked_fill(~causal, float("-inf")).softmax(dim=-1)
    return scores, weights @ v


def below(difference, bound=1e-5):
    """Round-off as the bound it stays under (its digits depend on the CPU), anything larger as a number."""
    return f"< {bound:.0e}" if difference < bound else f"{difference:.1e}"


print("same tokens at positions 0..5 vs 100..105, max abs diff of")
for where in ["q and k", "q, k and v", "embeddings"]:
    scores_0, out_0 = attend(0, where)
    scores_100, out_100 = attend(100, where)
    print(
        f"  RoPE on {where:10s}  scores: {below((scores_0 - scores_100).abs().max()):7s}"
        f"   outputs: {below((out_0 - out_100).abs().max())}"
    )
