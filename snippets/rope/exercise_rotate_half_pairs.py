import torch
from rope_rotate_half import rotate_half

x = torch.arange(8.0)  # feature i holds the number i
print("x:             ", x)
print("rotate_half(x):", rotate_half(x))
print("half-split partners: ", rotate_half(x).abs().long().tolist())
print("interleaved partners:", [i ^ 1 for i in range(8)])
