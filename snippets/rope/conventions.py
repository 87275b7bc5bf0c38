import torch
from rope_complex import apply_rope_complex
from rope_rotate_half import RotaryCache


def below(difference, bound=1e-5):
    """Round-off as the bound it stays under (its digits depend on the CPU), anything larger as a number."""
    return f"< {bound:.0e}" if difference < bound else f"{difference:.2f}"


torch.set_printoptions(precision=3, sci_mode=False)
torch.manual_seed(0)
d_model, head_dim, seq = 16, 8, 6
positions = torch.arange(seq)
rope_half = RotaryCache(head_dim, max_positions=seq)

# Interleaved order -> half-split order: (x0, x2, x4, x6, x1, x3, x5, x7).
perm = torch.cat((torch.arange(0, head_dim, 2), torch.arange(1, head_dim, 2)))
print("perm:", perm.tolist())

x = torch.randn(1, 1, seq, head_dim)
same = (rope_half(x[..., perm], positions) - apply_rope_complex(x, positions)[..., perm]).abs().max()
print(f"rotate_half(x[perm]) vs complex(x)[perm], max abs diff: {below(same)}")

# One head's query and key weights trained with the interleaved rotation (Meta's layout) ...
w_q, w_k = torch.randn(head_dim, d_model) / d_model**0.5, torch.randn(head_dim, d_model) / d_model**0.5
# ... and the same weights with their rows permuted, as a conversion to the half-split layout does.
w_q_hf, w_k_hf = w_q[perm], w_k[perm]


def permute(w, n_heads):  # from transformers' convert_llama_weights_to_hf.py
    return w.view(n_heads, w.shape[0] // n_heads // 2, 2, w.shape[1]).transpose(1, 2).reshape(w.shape)


print("the conversion script's permute is w[perm]:", torch.equal(permute(w_q, n_heads=1), w_q_hf))
tokens = torch.randn(1, 1, seq, d_model)


def scores(rotate, w_q, w_k):
    q, k = rotate(tokens @ w_q.T), rotate(tokens @ w_k.T)
    return (q @ k.transpose(-1, -2))[0, 0]


def complex_rope(t):
    return apply_rope_complex(t, positions)


def half_rope(t):
    return rope_half(t, positions)


trained = scores(complex_rope, w_q, w_k)
mixed = scores(half_rope, w_q, w_k)
print("scores of query 5 against keys 0..5")
print("  interleaved weights, complex form (as trained):", trained[5])
print("  interleaved weights, rotate_half (mixed):      ", mixed[5])
print("max abs diff from the trained scores, all queries")
print(f"  permuted weights, rotate_half:    {below((scores(half_rope, w_q_hf, w_k_hf) - trained).abs().max())}")
print(f"  interleaved weights, rotate_half: {below((mixed - trained).abs().max())}")
print(f"  permuted weights, complex form:   {below((scores(complex_rope, w_q_hf, w_k_hf) - trained).abs().max())}")
