import torch

torch.set_printoptions(precision=4, sci_mode=False)
d, base = 6, 10000.0
theta = base ** (-2 * torch.arange(d // 2, dtype=torch.float64) / d)
print("theta_i:", theta)


def R(m):
    """The block-diagonal rotation of position m: one 2x2 block per pair of features."""
    blocks = [
        torch.tensor([[torch.cos(m * t), -torch.sin(m * t)], [torch.sin(m * t), torch.cos(m * t)]]) for t in theta
    ]
    return torch.block_diag(*blocks)


print("R_1 =")
print(R(1))
print("R_0 is the identity:", torch.equal(R(0), torch.eye(d, dtype=torch.float64)))
print("R_3^T R_7 == R_4:", torch.allclose(R(3).T @ R(7), R(4)))

torch.manual_seed(0)
q, k = torch.randn(d, dtype=torch.float64), torch.randn(d, dtype=torch.float64)
for m, n in [(3, 7), (10, 14), (100, 104), (7, 3)]:
    score = (R(m) @ q) @ (R(n) @ k)
    print(f"m={m:3d} n={n:3d}  q_m.k_n = {score:.6f}   q^T R_(n-m) k = {q @ R(n - m) @ k:.6f}")
