import torch
from rope_rotate_half import RotaryCache, rotate_half


def rope_2d_angles(rows, cols, head_dim, base=10000.0):
    """Angles of axial 2-D RoPE for image patches: the first half of the pairs turn with the row, the second half
    with the column, both with the frequencies of a head of head_dim / 2."""
    inv_freq = 1.0 / (base ** (torch.arange(0, head_dim // 2, 2).float() / (head_dim // 2)))
    return torch.cat((rows.float()[:, None] * inv_freq, cols.float()[:, None] * inv_freq), dim=-1)


def apply_rope_2d(x, rows, cols, base=10000.0):
    """x: (..., patches, head_dim), rotated in half-split pairs (rotate_half), as vision encoders do."""
    angles = rope_2d_angles(rows, cols, x.shape[-1], base)
    cos, sin = torch.cat((angles, angles), -1).cos(), torch.cat((angles, angles), -1).sin()
    return x * cos + rotate_half(x) * sin


if __name__ == "__main__":
    torch.manual_seed(0)
    height, width, head_dim = 4, 6, 16
    rows, cols = torch.meshgrid(torch.arange(height), torch.arange(width), indexing="ij")
    rows, cols = rows.flatten(), cols.flatten()  # patches in reading order: row by row
    q, k = torch.randn(head_dim), torch.randn(head_dim)
    q_all, k_all = (
        apply_rope_2d(q.expand(len(rows), -1), rows, cols),
        apply_rope_2d(k.expand(len(rows), -1), rows, cols),
    )
    scores = q_all @ k_all.T

    def patch(r, c):
        return r * width + c

    print("score of one query and one key, placed at different patches (row, column):")
    for (r1, c1), (r2, c2) in [((0, 0), (1, 2)), ((2, 3), (3, 5)), ((0, 0), (2, 1)), ((1, 1), (3, 2))]:
        print(
            f"  ({r1}, {c1}) -> ({r2}, {c2}), offset ({r2 - r1}, {c2 - c1}): {scores[patch(r1, c1), patch(r2, c2)]:.4f}"
        )
    flat = torch.arange(len(rows))  # 1-D RoPE on the reading order, for comparison
    rope_1d = RotaryCache(head_dim, len(rows))
    one_d = rope_1d(q.expand(len(rows), -1), flat) @ rope_1d(k.expand(len(rows), -1), flat).T
    print("neighbours in reading order: (0, 0) -> (0, 1) and (0, 5) -> (1, 0)")
    print(f"  1-D RoPE: {one_d[patch(0, 0), patch(0, 1)]:.4f} and {one_d[patch(0, 5), patch(1, 0)]:.4f}")
    print(f"  2-D RoPE: {scores[patch(0, 0), patch(0, 1)]:.4f} and {scores[patch(0, 5), patch(1, 0)]:.4f}")
