import torch
from exercise_frequencies import frequencies


def rotate(x, m, theta):
    """x rotated at position m: pair (x[2i], x[2i + 1]) turns by the angle m * theta[i]."""
    cos, sin = torch.cos(m * theta), torch.sin(m * theta)
    even, odd = x[..., 0::2], x[..., 1::2]
    rotated = torch.empty_like(x)
    rotated[..., 0::2] = even * cos - odd * sin
    rotated[..., 1::2] = even * sin + odd * cos
    return rotated


if __name__ == "__main__":
    torch.manual_seed(0)
    q, k = torch.randn(8, dtype=torch.float64), torch.randn(8, dtype=torch.float64)
    theta = frequencies(8)
    print(f"norm of q: {q.norm():.4f}, rotated at position 7: {rotate(q, 7, theta).norm():.4f}")
    for m, n in [(3, 5), (10, 12), (100, 102), (5, 3)]:
        print(f"query at {m:3}, key at {n:3}: score {rotate(q, m, theta) @ rotate(k, n, theta):.4f}")
