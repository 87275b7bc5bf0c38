import torch
from per_layer_rope import MODELS, layer_ropes, nope_query_scale

maverick = next(config for name, _, config in MODELS if name == "Llama 4 Maverick")
layers = layer_ropes({**maverick, "num_hidden_layers": 12})  # Maverick's config, cut to 12 layers
print("layers without RoPE:", [i for i, layer in enumerate(layers) if layer.inv_freq is None])
p, chunk = 20000, layers[0].window
first = chunk * (p // chunk)  # the first key of the query's chunk
print(f"query at {p}, layer with RoPE: keys {first}..{p} ({p - first + 1} keys), largest distance {p - first}")
scale = nope_query_scale(torch.tensor([p]), floor_scale=8192, attn_scale=0.1).item()
print(f"query at {p}, layer without RoPE: keys 0..{p} ({p + 1} keys), query multiplied by {scale:.4f}")
