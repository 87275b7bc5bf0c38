import torch
from precision_angles import POSITIONS, inverse_frequencies, max_errors, rope_cos_sin


class Rotary(torch.nn.Module):
    """A common pattern: inv_freq kept as a buffer, cos and sin computed from it at each call."""

    def __init__(self):
        super().__init__()
        self.register_buffer("inv_freq", inverse_frequencies(), persistent=False)

    def forward(self, positions, dtype):
        angles = positions.float()[:, None] * self.inv_freq.float()  # back to float32, but already rounded
        return angles.cos().to(dtype), angles.sin().to(dtype)


if __name__ == "__main__":
    rotary = Rotary().to(torch.bfloat16)  # what model.to(torch.bfloat16) does to every floating-point buffer
    print("inv_freq buffer after .to(torch.bfloat16):", rotary.inv_freq.dtype)
    for name, (cos, sin) in (
        ("cos and sin from that buffer", rotary(POSITIONS, torch.bfloat16)),
        ("inv_freq recomputed in float32", rope_cos_sin(POSITIONS, torch.bfloat16)),
    ):
        first, *_, last = max_errors(cos, sin)
        print(f"  {name:<32s}max error {first:.1e} at positions 0..255, {last:.1e} at 0..131071")

    plain = rope_cos_sin(POSITIONS, torch.bfloat16)
    with torch.autocast("cpu", dtype=torch.bfloat16):
        inv_freq = inverse_frequencies()
        angles = {
            "matrix product (@)": POSITIONS.float()[:, None] @ inv_freq[None, :],
            "torch.outer": torch.outer(POSITIONS.float(), inv_freq),
            "elementwise product": POSITIONS.float()[:, None] * inv_freq,
        }
        autocast = rope_cos_sin(POSITIONS, torch.bfloat16)
    print('under torch.autocast("cpu", dtype=torch.bfloat16), angles computed as')
    for name, a in angles.items():
        print(f"  {name:<21s}{str(a.dtype):<16s}max error {max_errors(a.cos(), a.sin())[-1]:.1e}")
    print("rope_cos_sin under autocast, same tables as without:", all(map(torch.equal, autocast, plain)))
