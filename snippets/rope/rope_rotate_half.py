import torch


def rotate_half(x):
    """(x_1, x_2) -> (-x_2, x_1), where x_1 and x_2 are the two halves of the last dimension."""
    x1, x2 = x.chunk(2, dim=-1)
    return torch.cat((-x2, x1), dim=-1)


class RotaryCache:
    """cos/sin tables for positions 0 .. max_positions - 1, computed once and shared by every layer
    that uses the same head_dim and base."""

    def __init__(self, head_dim, max_positions, base=10000.0):
        if head_dim % 2:
            raise ValueError(f"RoPE rotates pairs of features, so head_dim must be even (got {head_dim})")
        inv_freq = 1.0 / (base ** (torch.arange(0, head_dim, 2).float() / head_dim))
        angles = torch.arange(max_positions).float()[:, None] * inv_freq
        angles = torch.cat((angles, angles), dim=-1)  # feature i and feature i + d/2 share theta_i
        self.cos, self.sin = angles.cos(), angles.sin()

    def __call__(self, x, positions):
        """x: (batch, heads, seq, head_dim); positions: (seq,) or (batch, seq) position ids."""
        cos, sin = self.cos[positions], self.sin[positions]
        if positions.dim() == 2:  # one row of positions per sequence of the batch
            cos, sin = cos[:, None], sin[:, None]
        return (x * cos + rotate_half(x) * sin).type_as(x)


if __name__ == "__main__":
    torch.set_printoptions(precision=4, sci_mode=False)
    torch.manual_seed(0)
    rope = RotaryCache(head_dim=8, max_positions=2048)
    print("tables:", tuple(rope.cos.shape), tuple(rope.sin.shape))
    print("cos of position 1:", rope.cos[1])

    q = torch.randn(2, 4, 6, 8)  # (batch, heads, seq, head_dim)
    rotated = rope(q, torch.arange(6))
    x0, x4 = q[0, 0, 1, 0], q[0, 0, 1, 4]
    c, s = torch.cos(torch.tensor(1.0)), torch.sin(torch.tensor(1.0))
    print("pair (x0, x4) rotated:", rotated[0, 0, 1, [0, 4]])
    print("same pair by hand:    ", torch.stack((x0 * c - x4 * s, x0 * s + x4 * c)))

    # Three new tokens after 100 cached ones: positions 100, 101, 102.
    new = torch.randn(2, 4, 3, 8)
    offset = 100
    with_offset = rope(new, torch.arange(3) + offset)
    fresh = RotaryCache(head_dim=8, max_positions=offset + 3)
    print(
        "offset 100 equals positions 100..102 of a fresh table:",
        torch.equal(with_offset, fresh(new, torch.tensor([100, 101, 102]))),
    )
    per_sequence = torch.tensor([[100, 101, 102], [5, 6, 7]])  # (batch, seq), e.g. different prompt lengths
    both = rope(new, per_sequence)
    alone = rope(new[1:], torch.tensor([5, 6, 7]))
    print("sequence 1 rotated at 5, 6, 7, as if alone:", torch.equal(both[1], alone[0]))
