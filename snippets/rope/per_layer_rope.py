import math
from dataclasses import dataclass

import torch
from rope_frequencies import rope_frequencies

PER_LAYER_KEYS = ("layer_types", "no_rope_layers", "no_rope_layer_interval", "rope_local_base_freq")


@dataclass
class LayerRope:
    kind: str  # "full_attention", "sliding_attention" or "chunked_attention"
    inv_freq: torch.Tensor | None  # None: this layer does not rotate (NoPE)
    attention_factor: float
    window: int | None  # how far back a query sees: the sliding window or the chunk; None: everything


def layer_ropes(config: dict) -> list[LayerRope]:
    """The RoPE of every layer of a config.json: SmolLM3's and Llama 4's layers without RoPE, Gemma 3's
    two bases, or one RoPE for every layer."""
    layers = config["num_hidden_layers"]
    kinds = config.get("layer_types") or ["full_attention"] * layers
    if "rope_local_base_freq" in config:  # Gemma 3 as transformers 4 wrote it: every n-th layer is global
        n = config["sliding_window_pattern"]
        kinds = config.get("layer_types") or [
            "full_attention" if (i + 1) % n == 0 else "sliding_attention" for i in range(layers)
        ]
        config = {**{k: v for k, v in config.items() if k != "rope_scaling"}, "rope_parameters": {
            "sliding_attention": {"rope_type": "default", "rope_theta": config["rope_local_base_freq"]},
            "full_attention": {**(config.get("rope_scaling") or {"rope_type": "default"}), "rope_theta": config["rope_theta"]},
        }}  # fmt: skip
    rotates = config.get("no_rope_layers") or [1] * layers  # 1: rotates (the key's name says the opposite)
    if len(kinds) != layers or len(rotates) != layers:
        raise ValueError(f"'layer_types' and 'no_rope_layers' must name all {layers} layers")
    plain = {key: value for key, value in config.items() if key not in PER_LAYER_KEYS}
    per_type = config.get("rope_parameters") or {}
    result = []
    for kind, rotate in zip(kinds, rotates):
        layer_config = plain
        if isinstance(per_type.get(kind), dict):
            layer_config = {**plain, "rope_parameters": per_type[kind]}
        inv_freq, factor = rope_frequencies(layer_config) if rotate else (None, 1.0)
        window = {"sliding_attention": config.get("sliding_window"), "chunked_attention": config.get("attention_chunk_size")}
        result.append(LayerRope(kind, inv_freq, factor, window.get(kind)))
    return result


def nope_query_scale(positions: torch.Tensor, floor_scale: int, attn_scale: float) -> torch.Tensor:
    """Llama 4's attention temperature for its layers without RoPE: queries grow with log(position)."""
    return torch.log1p(torch.floor((positions.double() + 1) / floor_scale)) * attn_scale + 1


# fmt: off
MODELS = [  # the RoPE keys of published config.json files (Llama 4 and Gemma 3: their text_config)
    ("SmolLM3 3B", "HuggingFaceTB/SmolLM3-3B",
     {"hidden_size": 2048, "num_attention_heads": 16, "num_hidden_layers": 36, "rope_theta": 5000000.0,
      "max_position_embeddings": 65536, "no_rope_layer_interval": 4,
      "no_rope_layers": [int((i + 1) % 4 != 0) for i in range(36)]}),
]
# fmt: on

if __name__ == "__main__":
    for name, _, config in MODELS:
        layers = layer_ropes(config)
        without = [i for i, layer in enumerate(layers) if layer.inv_freq is None]
        print(f"{name}: {len(layers)} layers, {len(layers) - len(without)} with RoPE, {len(without)} without: {without}")
