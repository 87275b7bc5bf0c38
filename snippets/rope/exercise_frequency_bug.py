import math

import torch
from exercise_rotate import rotate

d, base = 8, 10000.0
pairs = torch.arange(d // 2, dtype=torch.float64)
torch.manual_seed(0)
q, k = torch.randn(d, dtype=torch.float64), torch.randn(d, dtype=torch.float64)
for name, theta in [("right", base ** (-2 * pairs / d)), ("buggy", base ** (-pairs / d))]:
    print(f"{name}: theta = {' '.join(f'{t:.4f}' for t in theta.tolist())}")
    same = [f"{rotate(q, m, theta) @ rotate(k, m + 2, theta):.4f}" for m in (3, 10, 100)]
    print(f"  scores at distance 2 from positions 3, 10, 100: {', '.join(same)}")
    print(f"  slowest pair: one turn every {2 * math.pi / theta[-1]:.1f} positions")
