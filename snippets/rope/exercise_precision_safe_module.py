import torch
from precision_angles import POSITIONS, max_errors
from precision_modules import Rotary


class SafeRotary(torch.nn.Module):
    """No floating-point buffer for .to() to round: inv_freq is recomputed in float32 at every call."""

    def __init__(self, head_dim=128, base=500000.0):
        super().__init__()
        self.head_dim, self.base = head_dim, base

    def forward(self, positions, dtype):
        inv_freq = 1.0 / (self.base ** (torch.arange(0, self.head_dim, 2, dtype=torch.float32) / self.head_dim))
        angles = positions.float()[:, None] * inv_freq  # elementwise: autocast leaves it in float32
        return angles.cos().to(dtype), angles.sin().to(dtype)


if __name__ == "__main__":
    for module in (Rotary(), SafeRotary()):
        before = module(POSITIONS, torch.bfloat16)
        with torch.autocast("cpu", dtype=torch.bfloat16):
            autocast = module(POSITIONS, torch.bfloat16)
        after = module.to(torch.bfloat16)(POSITIONS, torch.bfloat16)  # as model.to(torch.bfloat16) does
        first, *_, last = max_errors(*after)
        same = f"same under autocast: {all(map(torch.equal, autocast, before))!s:<6}"
        same += f"same after .to(bfloat16): {all(map(torch.equal, after, before))!s:<6}"
        print(f"{type(module).__name__:<11s}{same} max error {first:.1e} (0..255), {last:.1e} (0..131071)")
