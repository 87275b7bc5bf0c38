import torch
from rope_rotate_half import RotaryCache


def index_mask(n_queries, n_keys):  # the port's mask: query i sees keys 0..i
    return torch.ones(n_queries, n_keys, dtype=torch.bool).tril()


def position_mask(positions, n_keys):  # this page's mask: the query at position m sees keys 0..m
    return torch.arange(n_keys)[None, :] <= positions[:, None]


def attend(q, k, v, mask):
    scores = (q @ k.transpose(-1, -2) / q.shape[-1] ** 0.5).masked_fill(~mask, float("-inf"))
    return scores.softmax(dim=-1) @ v


torch.manual_seed(0)
seq, d = 6, 8
positions = torch.arange(seq)
rope = RotaryCache(head_dim=d, max_positions=seq)
q, k, v = (torch.randn(1, 1, seq, d) for _ in range(3))
q, k = rope(q, positions), rope(k, positions)  # every token at its right position
full = attend(q, k, v, position_mask(positions, seq))
print("whole sequence, the two masks are equal:", torch.equal(index_mask(seq, seq), position_mask(positions, seq)))
# Decoding: keys 0..4 are in the cache, and the token at position 5 arrives alone.
for name, mask in [("index mask", index_mask(1, seq)), ("position mask", position_mask(positions[-1:], seq))]:
    out = attend(q[..., -1:, :], k, v, mask)
    same = torch.allclose(out, full[..., -1:, :], atol=1e-5)
    print(f"{name:13}: the new token sees keys {mask[0].nonzero().flatten().tolist()}, same as one pass: {same}")
