import torch
from sinusoidal import sinusoidal_encoding

dim = 64
pe = sinusoidal_encoding(torch.arange(1100), dim).double()
omega = 10000.0 ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)

for p, q in [(0, 5), (10, 15), (100, 105), (1000, 1005), (5, 0), (1005, 1000)]:
    print(f"PE({p:>4}) . PE({q:>4}) = {(pe[p] @ pe[q]).item():.4f}")
print(f"sum of cos(5 w_i) over the 32 pairs = {torch.cos(5 * omega).sum().item():.4f}")

distances = [0, 1, 2, 5, 10, 20, 50, 100, 1000]
print("k           ", "".join(f"{k:>7}" for k in distances))
print("PE(0) . PE(k)", "".join(f"{(pe[0] @ pe[k]).item():7.2f}" for k in distances))
