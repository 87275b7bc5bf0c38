import torch
from layout_conversion import interleaved_to_half
from rope_complex import apply_rope_complex
from rope_rotate_half import RotaryCache

N_HEADS, N_KV_HEADS, HEAD_DIM = 4, 2, 8
SPLIT = (N_HEADS * HEAD_DIM, N_KV_HEADS * HEAD_DIM, N_KV_HEADS * HEAD_DIM)  # query, key and value rows


def convert_fused_qkv(w):
    """A fused weight, all query rows, then key rows, then value rows (as Phi-3's qkv_proj): interleaved -> half."""
    q, k, v = w.split(SPLIT)
    return torch.cat((interleaved_to_half(q, N_HEADS), interleaved_to_half(k, N_KV_HEADS), v))


def scores_and_values(x, w, rope):
    q, k, v = (x @ w.T).split(SPLIT, dim=-1)
    q = rope(q.view(-1, N_HEADS, HEAD_DIM).transpose(0, 1))  # (heads, seq, head_dim)
    k = rope(k.view(-1, N_KV_HEADS, HEAD_DIM).transpose(0, 1)).repeat_interleave(N_HEADS // N_KV_HEADS, 0)
    return q @ k.transpose(-1, -2), v


if __name__ == "__main__":
    torch.manual_seed(0)
    seq, hidden = 7, 32
    x, w, positions = torch.randn(seq, hidden), torch.randn(sum(SPLIT), hidden), torch.arange(seq)
    trained = scores_and_values(x, w, lambda t: apply_rope_complex(t, positions))  # Meta's layout
    cache = RotaryCache(HEAD_DIM, seq)
    for label, converted in (("convert_fused_qkv", convert_fused_qkv(w)), ("as 8 heads", interleaved_to_half(w, 8))):
        scores, values = scores_and_values(x, converted, lambda t: cache(t, positions))
        same = torch.allclose(scores, trained[0], atol=1e-4), torch.allclose(values, trained[1], atol=1e-4)
        print(f"{label:<18s} same scores: {same[0]}, same values: {same[1]}")
