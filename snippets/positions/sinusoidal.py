import torch


def sinusoidal_encoding(positions, dim, base=10000.0):
    """PE[p, 2i] = sin(p * theta_i), PE[p, 2i+1] = cos(p * theta_i), theta_i = base^(-2i/dim); (len(positions), dim)."""
    if dim % 2:
        raise ValueError(f"dim must be even, got {dim}")
    positions = torch.as_tensor(positions, dtype=torch.float64)
    theta = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
    angles = positions[:, None] * theta  # float64: exact enough even at position 10000 and beyond
    return torch.stack([angles.sin(), angles.cos()], dim=-1).flatten(-2).float()


if __name__ == "__main__":
    torch.set_printoptions(precision=4, sci_mode=False)
    pe = sinusoidal_encoding(torch.arange(4), dim=6)
    print("frequencies theta_i:", (10000.0 ** (-torch.arange(0, 6, 2) / 6)))
    print(pe)
