import torch
from rope_rotate_half import rotate_half

x = torch.arange(1.0, 9.0)
print("x:              ", x)
print("rotate_half(x): ", rotate_half(x))
d = x.shape[-1]
print("half-split pairs:", [(i, i + d // 2) for i in range(d // 2)])
print("interleaved pairs:", [(2 * i, 2 * i + 1) for i in range(d // 2)])
