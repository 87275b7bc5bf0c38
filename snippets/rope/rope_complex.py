import torch


def rope_angles(positions, head_dim, base=10000.0):
    """Angles m * theta_i, shape (*positions.shape, head_dim // 2), float32 like the references."""
    if head_dim % 2:
        raise ValueError(f"RoPE rotates pairs of features, so head_dim must be even (got {head_dim})")
    inv_freq = 1.0 / (base ** (torch.arange(0, head_dim, 2).float() / head_dim))
    return positions.float()[..., None] * inv_freq


def apply_rope_complex(x, positions, base=10000.0):
    """x: (batch, heads, seq, head_dim); rotates the pairs (x0, x1), (x2, x3), ...

    positions: (seq,) or (batch, seq) position ids.
    """
    angles = rope_angles(positions, x.shape[-1], base)
    if angles.dim() == 3:  # (batch, seq, pairs) -> (batch, 1, seq, pairs), one row per head
        angles = angles[:, None]
    rotation = torch.polar(torch.ones_like(angles), angles)  # e^(i m theta)
    pairs = torch.view_as_complex(x.float().contiguous().view(*x.shape[:-1], -1, 2))
    return torch.view_as_real(pairs * rotation).flatten(-2).type_as(x)


if __name__ == "__main__":
    torch.set_printoptions(precision=4, sci_mode=False)
    torch.manual_seed(0)
    q = torch.randn(2, 4, 6, 8)  # (batch, heads, seq, head_dim)
    positions = torch.arange(6)
    rotated = apply_rope_complex(q, positions)
    print("shape:", tuple(rotated.shape))
    print("angles of position 1:", rope_angles(torch.tensor(1), 8))
    print("q[0, 0, 1]:      ", q[0, 0, 1])
    print("rotated[0, 0, 1]:", rotated[0, 0, 1])
    x0, x1 = q[0, 0, 1, :2]
    c, s = torch.cos(torch.tensor(1.0)), torch.sin(torch.tensor(1.0))
    print("first pair by hand:", torch.stack((x0 * c - x1 * s, x0 * s + x1 * c)))
