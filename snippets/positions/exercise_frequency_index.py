import math

import torch

d = 64
i = torch.arange(0, d, 2, dtype=torch.float64)  # the loop's i: 0, 2, 4, ..., the even features
positions = torch.arange(512, dtype=torch.float64)
for name, theta in [("right", 10000.0 ** (-i / d)), ("buggy", 10000.0 ** (-2 * i / d))]:
    angles = positions[:, None] * theta
    pe = torch.stack([angles.sin(), angles.cos()], dim=-1).flatten(-2)
    bounded = bool(pe.abs().max() <= 1)
    distance_only = torch.allclose(pe[0] @ pe[5], pe[100] @ pe[105], atol=1e-9)
    still = int((511 * theta < 0.1).sum())  # pairs that turn by less than 0.1 rad over positions 0..511
    print(f"{name}: theta_1 = {theta[1]:.4f}, slowest pair: one turn every {2 * math.pi / theta[-1]:,.0f} positions")
    print(f"  pairs turning less than 0.1 rad over positions 0..511: {still} of {d // 2}")
    print(f"  values in [-1, 1]: {bounded}, dot product a function of the distance: {distance_only}")
