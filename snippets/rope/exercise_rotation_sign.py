import torch
from rope_rotate_half import RotaryCache, rotate_half

torch.manual_seed(0)
d, seq = 8, 6
positions = torch.arange(seq)
rope = RotaryCache(head_dim=d, max_positions=seq)  # the reference: x * cos + rotate_half(x) * sin


def rope_port(x, positions):
    cos, sin = rope.cos[positions], rope.sin[positions]
    return x * cos - rotate_half(x) * sin


q, k = (torch.randn(d).expand(1, 1, seq, d) for _ in range(2))  # the same q and k at positions 0..5
scores = {}
for name, rotate in [("reference", rope), ("port", rope_port)]:
    q_at, k_at = rotate(q, positions), rotate(k, positions)
    scores[name] = (q_at @ k_at.transpose(-1, -2))[0, 0]  # scores[m, n] = q_m . k_n
    identity = torch.equal(q_at[..., 0, :], q[..., 0, :])
    norms = torch.allclose(q_at.norm(dim=-1), q.norm(dim=-1), atol=1e-5)
    diagonals = all(torch.allclose(s, s[0], atol=1e-5) for s in (scores[name].diagonal(o) for o in range(-5, 6)))
    print(f"{name:9}: position 0 unchanged {identity}, norms kept {norms}, diagonals constant {diagonals}")
print("port vs reference, same scores:", torch.allclose(scores["port"], scores["reference"], atol=1e-5))
swapped = torch.allclose(scores["port"], scores["reference"].T, atol=1e-5)
print("port's scores[m, n] equal the reference's scores[n, m]:", swapped)
