"""The per-layer RoPE page's code (snippets/rope/per_layer_rope.py, nope_causal_mask.py) against the transformers
modules that run SmolLM3, Llama 4 and Gemma 3: which layers rotate, each layer's frequencies and window, the
query-key scores of every layer of a small random model, and Llama 4's query temperature in its layers without RoPE.
"""

import copy

import pytest
import torch
from transformers import Gemma3TextConfig, Llama4TextConfig, SmolLM3Config
from transformers.masking_utils import chunked_causal_mask_function, sliding_window_causal_mask_function
from transformers.models.gemma3 import modeling_gemma3
from transformers.models.llama4 import modeling_llama4
from transformers.models.smollm3 import modeling_smollm3

from hooks.core.snippets import import_snippet

per_layer = import_snippet("rope/per_layer_rope.py")
nope = import_snippet("rope/nope_causal_mask.py")
frequencies = import_snippet("rope/rope_frequencies.py")
rotate_half = import_snippet("rope/rope_rotate_half.py").rotate_half
layer_ropes = per_layer.layer_ropes

# model_type -> (config class, modeling module, attention class, rotary class, layout of the pairs)
FAMILIES = {
    "smollm3": (SmolLM3Config, modeling_smollm3, "SmolLM3Attention", "SmolLM3RotaryEmbedding", "half"),
    "llama4_text": (Llama4TextConfig, modeling_llama4, "Llama4TextAttention", "Llama4TextRotaryEmbedding", "pairs"),
    "gemma3_text": (Gemma3TextConfig, modeling_gemma3, "Gemma3Attention", "Gemma3RotaryEmbedding", "half"),
}
MODEL_CLASSES = {
    "smollm3": modeling_smollm3.SmolLM3Model,
    "llama4_text": modeling_llama4.Llama4TextModel,
    "gemma3_text": modeling_gemma3.Gemma3TextModel,
}
MODELS = {name: config for name, _, config in per_layer.MODELS}

# Small random models of each family, with the per-layer keys in both the spellings configs use
SMALL = {
    "SmolLM3, no_rope_layers": {
        "model_type": "smollm3",
        "no_rope_layers": [1, 0, 1, 1, 0, 1],
        "rope_theta": 5000000.0,
    },
    "SmolLM3, interval only": {"model_type": "smollm3", "no_rope_layer_interval": 3, "rope_theta": 5000000.0},
    "Llama 4, interval and temperature": {
        "model_type": "llama4_text",
        "no_rope_layer_interval": 3,
        "attention_chunk_size": 4,
        "floor_scale": 3,
        "attn_scale": 0.5,
        "rope_theta": 500000.0,
        "use_qk_norm": False,
    },
    "Llama 4, no_rope_layers empty": {
        "model_type": "llama4_text",
        "no_rope_layers": [],
        "attention_chunk_size": 5,
        "floor_scale": 2,
        "rope_theta": 500000.0,
        "rope_scaling": {
            "rope_type": "llama3",
            "factor": 8.0,
            "low_freq_factor": 1.0,
            "high_freq_factor": 4.0,
            "original_max_position_embeddings": 8,
        },
    },  # fmt: skip
    "Gemma 3, transformers 4 keys": {
        "model_type": "gemma3_text",
        "rope_theta": 1000000.0,
        "rope_local_base_freq": 10000.0,
        "rope_scaling": {"rope_type": "linear", "factor": 8.0},
        "sliding_window": 4,
        "sliding_window_pattern": 3,
    },
    "Gemma 3, rope_parameters per layer type": {
        "model_type": "gemma3_text",
        "sliding_window": 5,
        "layer_types": ["sliding_attention", "full_attention"] * 3,
        "rope_parameters": {
            "sliding_attention": {"rope_type": "default", "rope_theta": 10000.0},
            "full_attention": {"rope_type": "linear", "factor": 8.0, "rope_theta": 1000000.0},
        },
    },
}
SHAPE = {"hidden_size": 32, "num_attention_heads": 4, "num_key_value_heads": 2, "head_dim": 16,
         "num_hidden_layers": 6, "max_position_embeddings": 64, "vocab_size": 50, "intermediate_size": 16,
         "intermediate_size_mlp": 16, "num_local_experts": 2, "query_pre_attn_scalar": 16}  # fmt: skip


def transformers_config(config, **changes):
    config_class = FAMILIES[config["model_type"]][0]
    keys = {key: copy.deepcopy(value) for key, value in config.items() if key != "model_type"}
    return config_class(**keys, **changes)


def attention_modules(config, transformers):
    _, module, attention, _, _ = FAMILIES[config["model_type"]]
    with torch.device("meta"):
        return [getattr(module, attention)(transformers, i) for i in range(transformers.num_hidden_layers)]


def transformers_inv_freq(config, transformers, kind):
    _, module, _, rotary, _ = FAMILIES[config["model_type"]]
    embedding = getattr(module, rotary)(transformers)
    if config["model_type"] == "gemma3_text":
        return getattr(embedding, f"{kind}_inv_freq"), getattr(embedding, f"{kind}_attention_scaling")
    return embedding.inv_freq, embedding.attention_scaling


@pytest.mark.parametrize("name", [*MODELS, *SMALL])
def test_each_layer_rotates_with_the_frequencies_transformers_gives_it(name):
    config = MODELS.get(name) or {**SMALL[name], **SHAPE}
    transformers = transformers_config(config)
    layers = layer_ropes(config)
    assert [layer.kind for layer in layers] == transformers.layer_types
    for index, (layer, attention) in enumerate(zip(layers, attention_modules(config, transformers))):
        rotates = getattr(attention, "use_rope", True)
        assert (layer.inv_freq is not None) == bool(rotates), f"layer {index}"
        if layer.inv_freq is not None:
            inv_freq, factor = transformers_inv_freq(config, transformers, layer.kind)
            torch.testing.assert_close(layer.inv_freq, inv_freq, rtol=1e-6, atol=0, msg=f"layer {index}")
            assert layer.attention_factor == pytest.approx(factor)


@pytest.mark.parametrize("name", [*MODELS, *SMALL])
def test_each_layer_sees_as_far_as_transformers_lets_it(name):
    config = MODELS.get(name) or {**SMALL[name], **SHAPE}
    transformers = transformers_config(config)
    for layer, attention in zip(layer_ropes(config), attention_modules(config, transformers)):
        window = getattr(attention, "sliding_window", None)
        if layer.kind == "chunked_attention":
            window = transformers.attention_chunk_size
        assert layer.window == window


@pytest.mark.parametrize("kind, size", [("sliding_attention", 4), ("chunked_attention", 5), ("full_attention", None)])
def test_the_largest_distance_is_the_largest_the_mask_lets_through(kind, size):
    length = 23
    layer = per_layer.LayerRope(kind, None, 1.0, size)
    mask = {
        "sliding_attention": lambda: sliding_window_causal_mask_function(size),
        "chunked_attention": lambda: chunked_causal_mask_function(size, torch.zeros(1, dtype=torch.long)),
        "full_attention": lambda: lambda b, h, q, k: k <= q,
    }[kind]()
    index = torch.arange(length)
    seen = [q - k for q in range(length) for k in range(length) if mask(index[0], index[0], index[q], index[k])]
    assert max(seen) == per_layer.largest_distance(layer, length)


def rotate(x, inv_freq, positions, layout):
    """x: (batch, heads, positions, head_dim), rotated in the layout the model's code uses, with float32 angles
    as transformers computes them (so that the comparison can be tight)."""
    angles = positions[:, None].float() * inv_freq.float()
    if layout == "half":
        cos, sin = torch.cat((angles, angles), -1).cos().double(), torch.cat((angles, angles), -1).sin().double()
        return x * cos + rotate_half(x) * sin
    pairs = torch.view_as_complex(x.float().reshape(*x.shape[:-1], -1, 2).contiguous())
    return torch.view_as_real(pairs * torch.polar(torch.ones_like(angles), angles)).flatten(-2).double()


@pytest.mark.parametrize("name", SMALL)
def test_every_layer_scores_as_in_transformers(name, monkeypatch):
    """Runs a small random model and compares each layer's query-key scores with the page's layers: rotated or not,
    with the layer's frequencies and attention factor, and for Llama 4 with the temperature in layers without RoPE."""
    config = {**SMALL[name], **SHAPE}
    _, module, _, _, layout = FAMILIES[config["model_type"]]
    torch.manual_seed(0)
    transformers = transformers_config(config, attn_implementation="eager", pad_token_id=0)
    model = MODEL_CLASSES[config["model_type"]](transformers).double().eval()
    inputs, scores = {}, {}

    def remember_input(attention, args, kwargs):
        inputs[attention.layer_idx] = kwargs["hidden_states"] if "hidden_states" in kwargs else args[0]

    def remember_scores(attention, query, key, value, mask, scaling, **kwargs):
        key = key.repeat_interleave(query.shape[1] // key.shape[1], dim=1)
        scores[attention.layer_idx] = query @ key.transpose(-1, -2)
        return torch.zeros_like(query).transpose(1, 2), None

    monkeypatch.setattr(module, "eager_attention_forward", remember_scores)
    for layer in model.layers:
        layer.self_attn.register_forward_pre_hook(remember_input, with_kwargs=True)
    length = 12
    positions = torch.arange(length)
    with torch.no_grad():
        model(input_ids=torch.randint(0, SHAPE["vocab_size"], (1, length)), use_cache=False)

    for index, layer in enumerate(layer_ropes(config)):
        attention = model.layers[index].self_attn
        x = inputs[index]
        q = attention.q_proj(x).view(1, length, -1, SHAPE["head_dim"]).transpose(1, 2)
        k = attention.k_proj(x).view(1, length, -1, SHAPE["head_dim"]).transpose(1, 2)
        if hasattr(attention, "q_norm"):  # Gemma 3 normalises each head before rotating
            q, k = attention.q_norm(q), attention.k_norm(k)
        if layer.inv_freq is not None:
            q = rotate(q, layer.inv_freq, positions, layout) * layer.attention_factor
            k = rotate(k, layer.inv_freq, positions, layout) * layer.attention_factor
            if hasattr(attention, "qk_norm"):  # Llama 4 Scout normalises after rotating, in layers with RoPE only
                q, k = attention.qk_norm(q), attention.qk_norm(k)
        elif config["model_type"] == "llama4_text":
            q = q * per_layer.nope_query_scale(positions, config["floor_scale"], config.get("attn_scale", 0.1))[:, None]
        k = k.repeat_interleave(q.shape[1] // k.shape[1], dim=1)
        torch.testing.assert_close(scores[index], q @ k.transpose(-1, -2), rtol=1e-6, atol=1e-9, msg=f"layer {index}")


def test_nope_query_scale_is_one_then_grows():
    """The small Llama 4 models above reach positions where the factor is not 1, so the scores test sees it."""
    positions = torch.arange(12)
    scale = per_layer.nope_query_scale(positions, floor_scale=3, attn_scale=0.5)
    assert scale[:2].tolist() == [1.0, 1.0] and scale[2] > 1 and scale[-1] > scale[2]


def test_both_gemma3_spellings_give_the_same_layers():
    old = {**SMALL["Gemma 3, transformers 4 keys"], **SHAPE, "sliding_window_pattern": 2}
    new = {**SMALL["Gemma 3, rope_parameters per layer type"], **SHAPE, "sliding_window": 4}
    for a, b in zip(layer_ropes(old), layer_ropes(new), strict=True):
        assert (a.kind, a.window) == (b.kind, b.window)
        torch.testing.assert_close(a.inv_freq, b.inv_freq)


def test_a_list_that_does_not_name_every_layer_is_refused():
    config = {**SMALL["SmolLM3, no_rope_layers"], **SHAPE, "no_rope_layers": [1, 0, 1]}
    with pytest.raises(ValueError, match="at least 6"):
        layer_ropes(config)


def test_a_longer_list_is_read_as_transformers_reads_it():
    """transformers indexes no_rope_layers by layer: entries past the last layer are ignored."""
    config = {**SMALL["SmolLM3, no_rope_layers"], **SHAPE}
    longer = {**config, "no_rope_layers": config["no_rope_layers"] + [0, 0]}
    transformers = transformers_config(longer)
    rotates = [layer.inv_freq is not None for layer in layer_ropes(longer)]
    assert rotates == [bool(attention.use_rope) for attention in attention_modules(longer, transformers)]


def test_an_empty_list_is_refused_for_smollm3_as_transformers_cannot_run_it():
    config = {**SMALL["SmolLM3, no_rope_layers"], **SHAPE, "no_rope_layers": []}
    with pytest.raises(ValueError, match="'no_rope_layers' is empty"):
        layer_ropes(config)
    with pytest.raises(IndexError):
        attention_modules(config, transformers_config(config))


@pytest.mark.parametrize("name", [*MODELS, *SMALL])
def test_rope_frequencies_refuses_every_per_layer_config_as_published(name):
    config = MODELS.get(name) or {**SMALL[name], **SHAPE}
    with pytest.raises(ValueError, match="layer_ropes|one entry per layer type"):
        frequencies.rope_frequencies(config)


@pytest.mark.parametrize("key, value", [("no_rope_layers", [1, 1, 1, 0, 1, 1]), ("rope_local_base_freq", 10000.0)])
def test_rope_frequencies_refuses_per_layer_configs_and_names_layer_ropes(key, value):
    config = {**SHAPE, "rope_theta": 1000000.0, key: value}
    with pytest.raises(ValueError, match="layer_ropes"):
        frequencies.rope_frequencies(config)


@pytest.mark.parametrize("causal", [False, True])
def test_the_nope_layer_is_attention_as_torch_computes_it(causal):
    out, weights = nope.attention_without_positions(nope.x, causal)
    q, k, v = nope.x @ nope.w_q, nope.x @ nope.w_k, nope.x @ nope.w_v
    expected = torch.nn.functional.scaled_dot_product_attention(q[None], k[None], v[None], is_causal=causal)[0]
    torch.testing.assert_close(out, expected)
    torch.testing.assert_close(weights.sum(-1), torch.ones(len(nope.x), dtype=torch.float64))
