import torch
from rope_complex import apply_rope_complex, rope_angles
from rope_rotate_half import RotaryCache


def rope_buggy(x, positions, base=10000.0):
    angles = rope_angles(positions, x.shape[-1], base)
    cos, sin = angles.cos(), angles.sin()
    x1, x2 = x[..., 0::2], x[..., 1::2]  # interleaved pairs in ...
    return torch.cat((x1 * cos - x2 * sin, x1 * sin + x2 * cos), dim=-1)  # ... concatenated halves out


def rope_fixed(x, positions, base=10000.0):
    angles = rope_angles(positions, x.shape[-1], base)
    cos, sin = angles.cos(), angles.sin()
    x1, x2 = x[..., 0::2], x[..., 1::2]
    return torch.stack((x1 * cos - x2 * sin, x1 * sin + x2 * cos), dim=-1).flatten(-2)  # interleaved out


torch.manual_seed(0)
d, seq = 8, 6
positions = torch.arange(seq)
perm = torch.cat((torch.arange(0, d, 2), torch.arange(1, d, 2)))
q, k = torch.randn(1, 1, seq, d), torch.randn(1, 1, seq, d)
at_zero = torch.zeros(seq, dtype=torch.long)


def max_diff(a, b):
    """Round-off as the bound it stays under (its digits depend on the CPU), anything larger as a number."""
    difference = (a - b).abs().max()
    return "< 1e-05" if difference < 1e-5 else f"{difference:.1e}"


print("naive checks")
print("  position 0 leaves x unchanged:", torch.equal(rope_buggy(q, at_zero), q))
q_same, k_same = q[..., :1, :].expand(1, 1, seq, d), k[..., :1, :].expand(1, 1, seq, d)
same_vectors = (rope_buggy(q_same, positions) @ rope_buggy(k_same, positions).transpose(-1, -2))[0, 0]
spread = max((same_vectors.diagonal(o).max() - same_vectors.diagonal(o).min()).item() for o in range(-seq + 1, seq))
print("  same q and k at every position, largest spread along a diagonal:", "< 1e-05" if spread < 1e-5 else spread)
buggy_scores = rope_buggy(q, positions) @ rope_buggy(k, positions).transpose(-1, -2)
correct_scores = apply_rope_complex(q, positions) @ apply_rope_complex(k, positions).transpose(-1, -2)
print("  scores vs the interleaved RoPE, max abs diff:", max_diff(buggy_scores, correct_scores))
print("what the function really computes")
print("  position 0 gives x[perm]:", torch.equal(rope_buggy(q, at_zero), q[..., perm]))
print(
    "  buggy(x) vs complex(x)[perm], max abs diff:",
    max_diff(rope_buggy(q, positions), apply_rope_complex(q, positions)[..., perm]),
)
print("what it breaks, max abs diff")
rope_half = RotaryCache(d, max_positions=64)
half_split_scores = rope_half(q, positions) @ rope_half(k, positions).transpose(-1, -2)
print("  scores, weights in the half-split layout:", max_diff(buggy_scores, half_split_scores))
cached_keys = apply_rope_complex(k, positions)  # keys written by a correct implementation
mixed_scores = rope_buggy(q, positions) @ cached_keys.transpose(-1, -2)
print("  scores, buggy queries vs correct cached keys:", max_diff(mixed_scores, correct_scores))
shift = torch.full((seq,), 10)  # move every cached key 10 positions further, by rotating it again
moved_correct = apply_rope_complex(apply_rope_complex(k, positions), shift)
moved_buggy = rope_buggy(rope_buggy(k, positions), shift)
print(
    "  keys moved 10 positions by a second rotation, correct:",
    max_diff(moved_correct, apply_rope_complex(k, positions + 10)),
)
print("  keys moved 10 positions by a second rotation, buggy:  ", max_diff(moved_buggy, rope_buggy(k, positions + 10)))
print("the fix")
print(
    "  stack + flatten vs the interleaved RoPE, max abs diff:",
    max_diff(rope_fixed(q, positions), apply_rope_complex(q, positions)),
)
