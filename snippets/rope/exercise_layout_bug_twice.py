import torch
from rope_complex import rope_angles


def rope_buggy(x, positions, base=10000.0):  # this page's rope_buggy
    angles = rope_angles(positions, x.shape[-1], base)
    cos, sin = angles.cos(), angles.sin()
    x1, x2 = x[..., 0::2], x[..., 1::2]  # interleaved pairs in ...
    return torch.cat((x1 * cos - x2 * sin, x1 * sin + x2 * cos), dim=-1)  # ... concatenated halves out


x = torch.arange(8.0)  # feature i holds the number i
once = rope_buggy(x, torch.tensor(0))
print("once at position 0: ", once.long().tolist())
print("twice at position 0:", rope_buggy(once, torch.tensor(0)).long().tolist())
