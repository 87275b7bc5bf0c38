import torch
from long_context import interpolated_positions, inverse_frequencies

d, trained, extended = 128, 1024, 8192
s = extended / trained
theta = inverse_frequencies(d)  # base 10000, float64


def mean_cos(distance, scale=1.0):
    """The score of q = k = (1, ..., 1) divided by d at this distance, with positions divided by `scale`."""
    return torch.cos(interpolated_positions(distance, scale) * theta).mean().item()


last = interpolated_positions(extended - 1, s)
print(
    f"s = {s:g}; pair 0: neighbours {interpolated_positions(1, s) * theta[0]:.4f} rad apart, "
    f"position {extended - 1} at {last * theta[0]:.4f} rad"
)
print(
    f"pair 63: angle at position {extended - 1} / largest trained angle: "
    f"{last * theta[63] / ((trained - 1) * theta[63]):.4f}"
)
print(f"mean cos: original at distance 2 {mean_cos(2):.4f}, PI at distance 16 {mean_cos(16, s):.4f}")
