import torch
from model_family_table import LAYOUT, MODELS
from rope_frequencies import rope_frequencies, rope_parameters, rotated_features


def apply_partial_rope(x, positions, inv_freq, layout, attention_factor=1.0):
    """Rotates the first r = 2 * len(inv_freq) features of x (batch, heads, seq, head_dim); the rest pass through.

    layout "half-split": inside those r features, feature i is paired with i + r/2 (GPT-NeoX, Phi, Llama);
    "interleaved": feature 2i with 2i + 1 (GPT-J). positions: (seq,) or (batch, seq) position ids.
    """
    r = 2 * inv_freq.numel()
    angles = positions.float()[..., None] * inv_freq
    if angles.dim() == 3:  # (batch, seq, pairs) -> (batch, 1, seq, pairs), one row per head
        angles = angles[:, None]
    cos, sin = angles.cos() * attention_factor, angles.sin() * attention_factor
    rotated, passed = x[..., :r], x[..., r:]
    if layout == "half-split":
        a, b = rotated[..., : r // 2], rotated[..., r // 2 :]
        rotated = torch.cat((a * cos - b * sin, b * cos + a * sin), dim=-1)
    elif layout == "interleaved":
        a, b = rotated[..., 0::2], rotated[..., 1::2]
        rotated = torch.stack((a * cos - b * sin, b * cos + a * sin), dim=-1).flatten(-2)
    else:
        raise ValueError(f"layout must be 'half-split' or 'interleaved', got {layout!r}")
    return torch.cat((rotated, passed), dim=-1)


if __name__ == "__main__":
    torch.manual_seed(0)
    print(
        f"{'model':<14s}{'head_dim':>8s}  {'rotated':<9s}{'layout':<13s}{'feature 0 pairs with':>20s}  rest unchanged"
    )
    for name, _, config in MODELS:
        if name not in ("GPT-NeoX-20B", "GPT-J-6B", "Phi-2"):
            continue
        head_dim, r = rotated_features(config, rope_parameters(config)[1])
        inv_freq, attention = rope_frequencies(config)
        layout = LAYOUT.get(config["model_type"], "half-split")
        x = torch.randn(2, 3, 5, head_dim)  # (batch, heads, seq, head_dim)
        y = apply_partial_rope(x, torch.arange(5), inv_freq, layout, attention)
        unit = torch.zeros(1, 1, 1, head_dim)
        unit[..., 0] = 1.0  # feature 0 alone, rotated at position 1: which feature does it turn into?
        moved = apply_partial_rope(unit, torch.tensor([1]), inv_freq, layout).flatten().nonzero().flatten()
        print(
            f"{name:<14s}{head_dim:>8d}  {f'0..{r - 1}':<9s}{layout:<13s}{moved[1].item():>20d}  "
            f"{torch.equal(y[..., r:], x[..., r:])}"
        )
