from per_layer_rope import MODELS, layer_ropes

smollm3 = next(config for name, _, config in MODELS if name == "SmolLM3 3B")
print("no_rope_layers starts with", smollm3["no_rope_layers"][:8])


def rotating_layers_port(config):
    """A port's reading: the key says "no RoPE", so it takes 1 for a layer without RoPE."""
    return [i for i, flag in enumerate(config["no_rope_layers"]) if not flag]


port = rotating_layers_port(smollm3)
reference = [i for i, layer in enumerate(layer_ropes(smollm3)) if layer.inv_freq is not None]
print(f"port:      {len(port):2d} layers rotate, the first {port[:4]}")
print(f"reference: {len(reference):2d} layers rotate, the first {reference[:4]}")
print(f"layers that differ: {len(set(port) ^ set(reference))} of {len(smollm3['no_rope_layers'])}")
