import torch
from long_context import inverse_frequencies

d, base = 128, 10000.0
theta = inverse_frequencies(d, base)
distances = [1, 16, 64, 512, 2048, 8192]


def as_pairs(x):
    """Features (x0, x1), (x2, x3), ... as complex numbers x0 + i x1, ..."""
    return torch.view_as_complex(x.reshape(-1, 2).contiguous())


def score_over_norms(q, k, distance, decay=None):
    """The score of the rotated query and key, the key `distance` tokens before the query, over |q| |k|:
    Re sum_i q_i conj(k_i) e^(i distance theta_i) / (|q| |k|), each pair times decay_i^distance if given."""
    terms = as_pairs(q) * as_pairs(k).conj() * torch.exp(1j * distance * theta)
    if decay is not None:
        terms = terms * decay**distance
    return terms.real.sum().item() / (q.norm() * k.norm()).item()


def roformer_bound(distance):
    """RoFormer's relative upper bound, (1 / (d/2)) sum_j |S_j|, S_j = sum_{i<j} e^(i distance theta_i)."""
    partial_sums = torch.exp(1j * distance * theta).cumsum(0)
    return partial_sums.abs().mean().item()


def xpos_zeta(d, gamma=0.4):
    """xPos: zeta_i = (i / (d/2) + gamma) / (1 + gamma); the score of pair i gets zeta_i^(distance / scale_base)."""
    return (torch.arange(0, d, 2, dtype=torch.float64) / d + gamma) / (1 + gamma)


def rotate_back(k, distance):
    """R(-distance) k: the query that matches key k best when the key is `distance` tokens back."""
    return torch.view_as_real(as_pairs(k) * torch.exp(-1j * distance * theta)).flatten()


torch.manual_seed(0)
ones, k, other = torch.ones(d, dtype=torch.float64), *torch.randn(2, d, dtype=torch.float64)
xpos = xpos_zeta(d) ** (1 / 512)  # scale_base 512
rows = {
    "q = k = (1, ..., 1)": lambda D: score_over_norms(ones, ones, D),
    "RoFormer's bound factor": roformer_bound,  # not a score: sum_j |S_j| / (d/2)
    "q = k, random": lambda D: score_over_norms(k, k, D),
    "q, k independent": lambda D: score_over_norms(other, k, D),
    "q = R(-512) k": lambda D: score_over_norms(rotate_back(k, 512), k, D),
    "xPos, q = k = (1, ..., 1)": lambda D: score_over_norms(ones, ones, D, decay=xpos),
    "xPos, q = R(-512) k": lambda D: score_over_norms(rotate_back(k, 512), k, D, decay=xpos),
}
print(f"d = {d}, base = {base:g}; score / (|q| |k|), the key `distance` tokens before the query")
print(f"{'distance':<26s}" + "".join(f"{D:>8d}" for D in distances))
for name, row in rows.items():
    print(f"{name:<26s}" + "".join(f"{row(D):8.4f}" for D in distances))
zeta = xpos_zeta(d)
print(f"xPos zeta_i: pair 0 {zeta[0]:.4f}, pair 32 {zeta[32]:.4f}, pair 63 {zeta[63]:.4f}")
factors = ", ".join(f"pair {i} {zeta[i] ** 4:.4f}" for i in (0, 32, 63))
print(f"xPos factor zeta_i^(distance/512) at distance 2048: {factors}")
