from dataclasses import dataclass

import torch
from rope_frequencies import rope_frequencies

PER_LAYER_KEYS = ("model_type", "layer_types", "no_rope_layers", "no_rope_layer_interval", "rope_local_base_freq")


@dataclass
class LayerRope:
    kind: str  # "full_attention", "sliding_attention" or "chunked_attention"
    inv_freq: torch.Tensor | None  # None: this layer does not rotate (NoPE)
    attention_factor: float
    window: int | None  # the most a query sees back: the sliding window or the chunk (`kind` says which); None: all


def layer_ropes(config: dict) -> list[LayerRope]:
    """The RoPE of every layer of a config.json: SmolLM3's and Llama 4's layers without RoPE, Gemma 3's
    two bases, or one RoPE for every layer."""
    layers = config["num_hidden_layers"]
    if config.get("model_type") == "gemma3_text" and "rope_parameters" not in config:
        config = gemma3_as_per_type(config)
    rotates = no_rope_layers(config)
    kinds = config.get("layer_types") or default_kinds(config, rotates)
    if len(kinds) != layers or len(rotates) < layers:
        raise ValueError(f"'layer_types' must name all {layers} layers, 'no_rope_layers' at least {layers}")
    plain = {key: value for key, value in config.items() if key not in PER_LAYER_KEYS}
    per_type = config.get("rope_parameters") or {}
    windows = {
        "sliding_attention": config.get("sliding_window"),
        "chunked_attention": config.get("attention_chunk_size"),
    }
    result = []
    for kind, rotate in zip(kinds, rotates):
        layer_config = plain
        if isinstance(per_type.get(kind), dict):
            layer_config = {**plain, "rope_parameters": per_type[kind]}
        inv_freq, factor = rope_frequencies(layer_config) if rotate else (None, 1.0)
        result.append(LayerRope(kind, inv_freq, factor, windows.get(kind)))
    return result


def no_rope_layers(config):
    """1 where a layer rotates (the key's name says the opposite), as transformers reads the config."""
    layers, model_type, listed = config["num_hidden_layers"], config.get("model_type"), config.get("no_rope_layers")
    if listed == [] and model_type == "smollm3":
        raise ValueError("'no_rope_layers' is empty: SmolLM3 needs one entry per layer, or no key at all")
    if listed:  # transformers reads the first `layers` entries
        return listed[:layers]
    if model_type not in ("smollm3", "llama4_text"):
        return [1] * layers
    interval = config.get("no_rope_layer_interval", 4)  # Llama 4 also builds the list when it is empty
    return [int((i + 1) % interval != 0) for i in range(layers)]


def default_kinds(config, rotates):
    if config.get("model_type") == "llama4_text":  # iRoPE: RoPE layers attend in chunks, the others see everything
        return ["chunked_attention" if rotate else "full_attention" for rotate in rotates]
    return ["full_attention"] * len(rotates)


def largest_distance(layer: LayerRope, max_positions: int) -> int:
    """The largest query-key distance the layer rotates by: the window (or chunk) bounds it, else the context."""
    return (layer.window or max_positions) - 1


def gemma3_as_per_type(config):
    """Gemma 3 as transformers 4 wrote it: every n-th layer global, with its own base and scaling. Missing keys
    take transformers' defaults, as the published text_config files leave out most of them."""
    n = config.get("sliding_window_pattern", 6)
    kinds = config.get("layer_types") or [
        "full_attention" if (i + 1) % n == 0 else "sliding_attention" for i in range(config["num_hidden_layers"])
    ]
    full = {**(config.get("rope_scaling") or {"rope_type": "default"}), "rope_theta": config.get("rope_theta", 1e6)}
    sliding = {"rope_type": "default", "rope_theta": config.get("rope_local_base_freq", 10000.0)}
    rest = {key: value for key, value in config.items() if key not in ("rope_scaling", "rope_theta")}
    return {**rest, "layer_types": kinds, "rope_parameters": {"full_attention": full, "sliding_attention": sliding}}


def nope_query_scale(positions: torch.Tensor, floor_scale: int, attn_scale: float) -> torch.Tensor:
    """Llama 4's attention temperature for its layers without RoPE: queries grow with log(position)."""
    return torch.log1p(torch.floor((positions.double() + 1) / floor_scale)) * attn_scale + 1


# fmt: off
MODELS = [  # the keys of published config.json files that matter here (Llama 4 and Gemma 3: their text_config)
    ("SmolLM3 3B", "HuggingFaceTB/SmolLM3-3B",
     {"model_type": "smollm3", "hidden_size": 2048, "num_attention_heads": 16, "num_hidden_layers": 36,
      "rope_theta": 5000000.0, "max_position_embeddings": 65536, "no_rope_layer_interval": 4,
      "no_rope_layers": [int((i + 1) % 4 != 0) for i in range(36)]}),
    ("Llama 4 Maverick", "meta-llama/Llama-4-Maverick-17B-128E-Instruct",
     {"model_type": "llama4_text", "hidden_size": 5120, "num_attention_heads": 40, "head_dim": 128,
      "num_hidden_layers": 48, "rope_theta": 500000.0, "rope_scaling": None, "max_position_embeddings": 1048576,
      "attention_chunk_size": 8192, "no_rope_layers": []}),
    ("Gemma 3 27B", "google/gemma-3-27b-it",
     {"model_type": "gemma3_text", "hidden_size": 5376, "num_attention_heads": 32, "head_dim": 128,
      "num_hidden_layers": 62, "rope_scaling": {"rope_type": "linear", "factor": 8.0}, "sliding_window": 1024}),
]
# fmt: on


def describe(config, kind, group):
    if group[0].inv_freq is None:
        return f"  {kind:<18} {len(group):>2} layers  no RoPE"
    params = (config.get("rope_parameters") or {}).get(kind) or {}
    base = params.get("rope_theta", config.get("rope_theta"))
    scaling = params.get("rope_type") or (config.get("rope_scaling") or {}).get("rope_type") or "default"
    if scaling != "default":
        scaling += f" x{params.get('factor'):g}"
    distance = largest_distance(group[0], config.get("max_position_embeddings", 131072))  # Gemma 3's default
    return f"  {kind:<18} {len(group):>2} layers  base {base:>9.0f}  {scaling:<10}  largest distance {distance:>7}"


if __name__ == "__main__":
    for name, _, config in MODELS:
        layers = layer_ropes(config)
        without = [i for i, layer in enumerate(layers) if layer.inv_freq is None]
        print(f"{name}: {len(layers)} layers, layers without RoPE: {' '.join(map(str, without)) or 'none'}")
        per_type = gemma3_as_per_type(config) if config["model_type"] == "gemma3_text" else config
        groups: dict[tuple[str, bool], list[LayerRope]] = {}
        for layer in layers:
            groups.setdefault((layer.kind, layer.inv_freq is None), []).append(layer)
        for (kind, _), group in groups.items():
            print(describe(per_type, kind, group))
    positions = torch.tensor([0, 8190, 8191, 131071, 1048575])
    scale = nope_query_scale(positions, floor_scale=8192, attn_scale=0.1)  # transformers' defaults for Llama 4
    print("Llama 4 query scale without RoPE at positions", *positions.tolist())
    print("  ", " ".join(f"{s:.4f}" for s in scale.tolist()))
