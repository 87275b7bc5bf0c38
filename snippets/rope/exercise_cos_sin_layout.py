import torch
from rope_rotate_half import rotate_half


def rope(x, m, cos, sin):
    return x * cos[m] + rotate_half(x) * sin[m]


torch.manual_seed(0)
d, base = 8, 10000.0
inv_freq = 1.0 / (base ** (torch.arange(0, d, 2).float() / d))
angles = torch.arange(16).float()[:, None] * inv_freq  # (positions, d/2)
tables = {
    "cat (right)": torch.cat((angles, angles), dim=-1),
    "repeat_interleave": torch.repeat_interleave(angles, 2, dim=-1),
}
q, k = torch.randn(d), torch.randn(d)
for name, table in tables.items():
    cos, sin = table.cos(), table.sin()
    norm_kept = all(torch.isclose(rope(q, m, cos, sin).norm(), q.norm()) for m in range(16))
    scores = [rope(q, m, cos, sin) @ rope(k, m + 3, cos, sin) for m in (0, 5, 10)]
    same = all(torch.isclose(s, scores[0], atol=1e-5) for s in scores)
    print(f"{name:18} norm kept: {norm_kept}, same score at distance 3: {same}")
