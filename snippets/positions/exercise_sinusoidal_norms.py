import torch
from sinusoidal import sinusoidal_encoding

d = 8
pe = sinusoidal_encoding(torch.arange(10001), d).double()
print("PE(0):", " ".join(f"{v:g}" for v in pe[0].tolist()))
for p in (3, 10000):
    print(f"|PE({p})|^2 = {pe[p] @ pe[p]:.4f}")
for m, n in [(2, 7), (7, 2), (0, 5), (10, 16)]:
    print(f"PE({m:>2}) . PE({n:>2}) = {pe[m] @ pe[n]:.4f}")
