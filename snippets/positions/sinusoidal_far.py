import math

import torch
from sinusoidal import sinusoidal_encoding

dim, delta, far = 64, 3, 10000
pe = sinusoidal_encoding(torch.tensor([0, delta, far, far + delta]), dim).double()
print(f"PE({far}): min {pe[2].min().item():.4f}, max {pe[2].max().item():.4f}")

theta = 10000.0 ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
error = 0.0
for i, theta_i in enumerate(theta.tolist()):
    c, s = math.cos(delta * theta_i), math.sin(delta * theta_i)
    R = torch.tensor([[c, s], [-s, c]], dtype=torch.float64)
    error = max(error, (R @ pe[2, 2 * i : 2 * i + 2] - pe[3, 2 * i : 2 * i + 2]).abs().max().item())
print(f"PE({far + delta}) vs R(delta theta_i) PE({far}), all 32 pairs: max abs difference {error:.1e}")
print(
    f"PE({far}) . PE({far + delta}) = {(pe[2] @ pe[3]).item():.4f}, PE(0) . PE({delta}) = {(pe[0] @ pe[1]).item():.4f}"
)

# The same encoding with the angles computed in float32, as a naive implementation would.
angles32 = torch.tensor([float(far)]) * theta.float()
naive = torch.stack([angles32.sin(), angles32.cos()], dim=-1).flatten()
error = (naive.double() - pe[2]).abs().view(-1, 2).amax(dim=1)  # per pair
worst = error.argmax().item()
angle = angles32[worst]
spacing = (torch.nextafter(angle, torch.tensor(float("inf"))) - angle).item()
print(f"float32 angles at position {far}: max abs error {error.max().item():.1e}, in pair {worst}")
print(f"  pair {worst}: angle {angle.item():.0f} radians, where float32 numbers are {spacing} apart")
exact = angles32[0].item() == far
print(f"  pair 0: angle {far} x theta_0 = {angles32[0].item():.0f}, exact: {exact}, error {error[0]:.1e}")
