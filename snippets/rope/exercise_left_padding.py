import torch
from rope_rotate_half import RotaryCache

torch.manual_seed(0)
rope = RotaryCache(head_dim=8, max_positions=64)
mask = torch.tensor([[0, 0, 1, 1, 1], [1, 1, 1, 1, 1]])  # sequence 0 has two pads on the left
positions = (mask.cumsum(-1) - 1).masked_fill(mask == 0, 0)
print("position ids:", positions.tolist())

x = torch.randn(2, 1, 5, 8)  # (batch, heads, seq, head_dim)
rotated = rope(x, positions)
alone = rope(x[:1, :, 2:], torch.arange(3))  # the same three tokens without the pads
print("padded sequence's tokens as if alone:", torch.equal(rotated[:1, :, 2:], alone))
print("with arange positions instead:      ", torch.equal(rope(x, torch.arange(5))[:1, :, 2:], alone))
