import torch
from rope_rotate_half import RotaryCache


def below(difference, bound):
    """Round-off as the bound it stays under (its digits depend on the CPU), anything larger as a number."""
    return f"< {bound:.0e}" if difference < bound else f"{difference:.1e}"


torch.set_printoptions(precision=3, sci_mode=False)
torch.manual_seed(0)
rope = RotaryCache(head_dim=64, max_positions=4096)
x = torch.randn(1, 1, 4096, 64)  # 4096 different vectors, one per position

rotated = rope(x, torch.arange(4096))
print("position 0 is the identity:", torch.equal(rotated[..., 0, :], x[..., 0, :]))
norm_change = (rotated.norm(dim=-1) - x.norm(dim=-1)).abs().max()
print(f"largest change of a norm over 4096 positions: {below(norm_change, 1e-5)}")

# The same query and key vectors placed at every position 0..5.
q, k = torch.randn(64), torch.randn(64)
positions = torch.arange(6)
q_at = rope(q.expand(1, 1, 6, 64), positions)[0, 0]
k_at = rope(k.expand(1, 1, 6, 64), positions)[0, 0]
scores = q_at @ k_at.T  # scores[m, n] = q_m . k_n
print("scores[m, n] = q_m . k_n:")
print(scores)
spread = max((scores.diagonal(o).max() - scores.diagonal(o).min()).item() for o in range(-5, 6))
print(f"largest spread along a diagonal: {below(spread, 2e-5)}")

for m in [0, 100, 1000, 4000]:
    q_m = rope(q.view(1, 1, 1, 64), torch.tensor([m]))
    k_n = rope(k.view(1, 1, 1, 64), torch.tensor([m + 3]))
    print(f"q at {m:4d}, k at {m + 3:4d}: score {(q_m * k_n).sum():.5f}")

angle = torch.tensor(4000.0) * 10000.0 ** (-2 / 64)  # pair 1 at position 4000, a float32 angle
spacing = torch.nextafter(angle, torch.tensor(float("inf"))) - angle  # gap to the next float32
print(f"angle of pair 1 at position 4000: {angle.item():.1f} rad; float32 numbers there are {spacing.item()} apart")
