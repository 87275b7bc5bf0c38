import torch
from sinusoidal import sinusoidal_encoding


def shift(pe, delta, base=10000.0):
    """PE(p + delta) from PE(p) alone: each (sin, cos) pair turned by the angle delta * theta_i."""
    dim = pe.shape[-1]
    angle = delta * base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
    c, s = torch.cos(angle), torch.sin(angle)
    sin_p, cos_p = pe[..., 0::2], pe[..., 1::2]
    shifted = torch.empty_like(pe)
    shifted[..., 0::2] = sin_p * c + cos_p * s
    shifted[..., 1::2] = cos_p * c - sin_p * s
    return shifted


if __name__ == "__main__":
    positions = torch.arange(1000)
    pe = sinusoidal_encoding(positions, 64).double()
    for delta in (3, -5, 100):
        same = torch.allclose(shift(pe, delta), sinusoidal_encoding(positions + delta, 64).double(), atol=1e-6)
        print(f"delta = {delta:4}: shift(PE(p), delta) == PE(p + delta) for p = 0..999: {same}")
