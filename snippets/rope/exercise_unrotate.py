import torch
from rope_rotate_half import RotaryCache, rotate_half

rope = RotaryCache(head_dim=8, max_positions=64)


def unrotate(x, positions):
    """Undoes rope(x, positions): the inverse of R_m is its transpose R_-m, the rotation with sin negated."""
    cos, sin = rope.cos[positions], rope.sin[positions]
    return x * cos - rotate_half(x) * sin


if __name__ == "__main__":
    torch.manual_seed(0)
    keys = torch.randn(1, 2, 6, 8)  # (batch, heads, seq, head_dim)
    positions = torch.arange(6)
    cached = rope(keys, positions)  # keys as a KV cache stores them
    print("unrotate(rope(k)) == k:", torch.allclose(unrotate(cached, positions), keys, atol=1e-5))
    moved = rope(unrotate(cached, positions), positions + 10)  # the cached keys moved 10 positions on
    print("moved == rope(k, m + 10):", torch.allclose(moved, rope(keys, positions + 10), atol=1e-5))
    again = rope(cached, torch.full((6,), 10))  # the same move as one more rotation, by 10 positions
    print("rope(rope(k, m), 10) == rope(k, m + 10):", torch.allclose(again, rope(keys, positions + 10), atol=1e-5))
    print("rope(k, -m) == unrotate:", torch.allclose(rope(cached, -positions), unrotate(cached, positions), atol=1e-5))
