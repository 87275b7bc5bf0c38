import torch
from partial_rotary import apply_partial_rope
from rope_frequencies import rope_frequencies, rope_parameters, rope_theta, rotated_features

# A GPT-NeoX-style config.json: no base given, a quarter of each head rotates
config = {"model_type": "gpt_neox", "hidden_size": 512, "num_attention_heads": 16, "rotary_pct": 0.25}
_, params = rope_parameters(config)
head_dim, r = rotated_features(config, params)
inv_freq, attention = rope_frequencies(config)
print(f"base {rope_theta(config, params):g}, head_dim {head_dim}, rotated features {r}, attention factor {attention:g}")
print("theta_i:", " ".join(f"{theta:.4f}" for theta in inv_freq.tolist()))
unit = torch.zeros(1, 1, 1, head_dim)
unit[..., 0] = 1.0  # feature 0 alone, rotated at position 1
moved = apply_partial_rope(unit, torch.tensor([1]), inv_freq, "half-split").flatten().nonzero().flatten()
print("feature 0 pairs with feature", moved[1].item())
