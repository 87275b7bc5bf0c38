import torch
from sinusoidal import sinusoidal_encoding

dim = 64
pe = sinusoidal_encoding(torch.arange(1100), dim).double()
theta = 10000.0 ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)

for m, n in [(0, 5), (10, 15), (100, 105), (1000, 1005), (5, 0), (1005, 1000)]:
    print(f"PE({m:>4}) . PE({n:>4}) = {(pe[m] @ pe[n]).item():.4f}")
print(f"sum of cos(5 theta_i) over the 32 pairs = {torch.cos(5 * theta).sum().item():.4f}")

distances = [0, 1, 2, 5, 10, 20, 50, 100, 1000]
print("n - m        ", "".join(f"{n:>7}" for n in distances))
print("PE(0) . PE(n)", "".join(f"{(pe[0] @ pe[n]).item():7.2f}" for n in distances))
