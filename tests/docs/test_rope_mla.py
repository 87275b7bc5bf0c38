"""The MLA page's code (snippets/rope/mla_absorption.py) against transformers' DeepSeek-V2 and DeepSeek-V3 attention:
the scores `mla_scores` reads from the compressed cache, before and after one decoding step, are the scores the
models compute from their expanded keys, and the cache holds what the page says it holds.
"""

import pytest
import torch
from transformers import DeepseekV2Config, DeepseekV3Config, DynamicCache
from transformers.models.deepseek_v2 import modeling_deepseek_v2
from transformers.models.deepseek_v3 import modeling_deepseek_v3

from hooks.core.snippets import import_snippet

mla = import_snippet("rope/mla_absorption.py")

SHAPE = {"hidden_size": 32, "num_attention_heads": 4, "num_key_value_heads": 4, "num_hidden_layers": 2,
         "kv_lora_rank": 24, "qk_nope_head_dim": 16, "qk_rope_head_dim": 8, "v_head_dim": 12,
         "intermediate_size": 16, "moe_intermediate_size": 8, "n_routed_experts": 2, "num_experts_per_tok": 1,
         "first_k_dense_replace": 2, "vocab_size": 50, "max_position_embeddings": 64, "pad_token_id": 0,
         "rope_theta": 10000.0}  # fmt: skip
MODELS = {
    "DeepSeek-V3 (rope_interleave)": (
        modeling_deepseek_v3,
        modeling_deepseek_v3.DeepseekV3Model,
        DeepseekV3Config,
        {"q_lora_rank": 20, "rope_interleave": True, "n_group": 1, "topk_group": 1},
    ),
    "DeepSeek-V2 (complex numbers)": (
        modeling_deepseek_v2,
        modeling_deepseek_v2.DeepseekV2Model,
        DeepseekV2Config,
        {"q_lora_rank": None},
    ),
}


def run_and_capture(name, length, new_tokens):
    """Runs a small random model on `length` tokens, then decodes `new_tokens` more with a cache; returns the
    model, each step's attention inputs and scores per layer, and the cache."""
    module, model_class, config_class, extra = MODELS[name]
    torch.manual_seed(0)
    model = model_class(config_class(**SHAPE, **extra, attn_implementation="eager")).double().eval()
    steps: list[dict] = []

    def remember_input(attention, args, kwargs):
        steps[-1].setdefault("inputs", {})[attention.layer_idx] = kwargs.get("hidden_states", args[0] if args else None)

    def remember_scores(attention, query, key, value, mask, scaling, **kwargs):
        steps[-1].setdefault("scores", {})[attention.layer_idx] = query @ key.transpose(-1, -2)
        return torch.zeros(*query.shape[:-1], value.shape[-1], dtype=query.dtype).transpose(1, 2), None

    original = module.eager_attention_forward
    module.eager_attention_forward = remember_scores
    try:
        for layer in model.layers:
            layer.self_attn.register_forward_pre_hook(remember_input, with_kwargs=True)
        cache = DynamicCache(config=model.config)
        ids = torch.randint(1, SHAPE["vocab_size"], (1, length + new_tokens))
        with torch.no_grad():
            steps.append({"positions": torch.arange(length)})
            model(input_ids=ids[:, :length], past_key_values=cache, use_cache=True)
            for step in range(new_tokens):
                steps.append({"positions": torch.tensor([length + step])})
                model(input_ids=ids[:, length + step : length + step + 1], past_key_values=cache, use_cache=True)
    finally:
        module.eager_attention_forward = original
    return model, steps, cache


def page_scores(attention, x, latents, rotated_keys, q_positions, k_positions):
    """mla_scores on the module's own weights: the queries from x, the keys from the cached latents."""
    config = attention.config
    heads, nope, rope = config.num_attention_heads, config.qk_nope_head_dim, config.qk_rope_head_dim
    if attention.q_lora_rank is None:
        q = attention.q_proj(x)
    else:
        q = attention.q_b_proj(attention.q_a_layernorm(attention.q_a_proj(x)))
    q = q.view(len(x), heads, nope + rope).transpose(0, 1)
    w_uk = attention.kv_b_proj.weight.view(heads, nope + config.v_head_dim, config.kv_lora_rank)[:, :nope]
    return mla.mla_scores(
        q[..., :nope],
        q[..., nope:],
        latents,
        rotated_keys,
        w_uk,
        q_positions,
        k_positions,
        config.rope_parameters["rope_theta"],
    )


def latents_and_unrotated_keys(attention, x):
    compressed = attention.kv_a_proj_with_mqa(x)
    latents, k_rope = torch.split(compressed, [attention.config.kv_lora_rank, attention.config.qk_rope_head_dim], -1)
    return attention.kv_a_layernorm(latents), k_rope


@pytest.mark.parametrize("name", MODELS)
def test_scores_read_from_the_compressed_cache_are_the_models_scores(name):
    length, new_tokens = 7, 2
    model, steps, _ = run_and_capture(name, length, new_tokens)
    for layer_index, layer in enumerate(model.layers):
        attention = layer.self_attn
        seen = [latents_and_unrotated_keys(attention, step["inputs"][layer_index][0]) for step in steps]
        latents = torch.cat([latent for latent, _ in seen])
        k_rope = torch.cat([key for _, key in seen])
        k_positions = torch.arange(len(latents))
        for step in steps:
            x = step["inputs"][layer_index][0]
            known = int(step["positions"][-1]) + 1
            expected = step["scores"][layer_index][0]
            got = page_scores(attention, x, latents[:known], k_rope[:known], step["positions"], k_positions[:known])
            torch.testing.assert_close(got, expected, rtol=1e-5, atol=1e-6, msg=f"{name}, layer {layer_index}")


@pytest.mark.parametrize("name", MODELS)
def test_the_cache_holds_one_latent_and_one_rotated_key_per_token(name):
    length, new_tokens = 7, 2
    model, steps, cache = run_and_capture(name, length, new_tokens)
    config = model.config
    for layer_index, layer in enumerate(model.layers):
        latent, rotated_key = cache.layers[layer_index].keys, cache.layers[layer_index].values
        assert latent.shape == (1, 1, length + new_tokens, config.kv_lora_rank)
        assert rotated_key.shape == (1, 1, length + new_tokens, config.qk_rope_head_dim)
        x = torch.cat([step["inputs"][layer_index][0] for step in steps])
        latents, k_rope = latents_and_unrotated_keys(layer.self_attn, x)
        torch.testing.assert_close(latent[0, 0], latents)
        rotated = mla.apply_rope_complex(k_rope, torch.arange(len(x)), config.rope_parameters["rope_theta"])
        if getattr(config, "rope_interleave", False):  # stored in the half-split order its code computes in
            rotated = torch.cat((rotated[..., 0::2], rotated[..., 1::2]), -1)
        torch.testing.assert_close(rotated_key[0, 0], rotated, rtol=1e-5, atol=1e-6)


def test_rope_on_the_compressed_keys_breaks_absorption():
    """What the page prints as False must be false for a reason, not for round-off: the error is of the size of
    the scores."""
    torch.manual_seed(1)
    heads, nope, latent_dim, length = 2, 8, 12, 6
    latent = torch.randn(length, latent_dim, dtype=torch.float64)
    w_uk = torch.randn(heads, nope, latent_dim, dtype=torch.float64)
    q = torch.randn(heads, length, nope, dtype=torch.float64)
    positions = torch.arange(length)
    no_rope = mla.mla_scores(q, q[..., :0], latent, latent[:, :0], w_uk, positions, positions)
    keys = torch.einsum("hdl,tl->htd", w_uk, latent)
    torch.testing.assert_close(no_rope, q @ keys.transpose(-1, -2))
    rotated = mla.apply_rope_complex(q, positions) @ mla.apply_rope_complex(keys, positions).transpose(-1, -2)
    absorbed = torch.einsum("hqd,hdl->hql", mla.apply_rope_complex(q, positions), w_uk) @ latent.T
    assert (absorbed - rotated).abs().max() > 0.1 * rotated.abs().max()


def test_the_page_prints_deepseek_v3s_cache_sizes_from_its_config():
    config = DeepseekV3Config()
    per_head = config.num_attention_heads * (config.qk_nope_head_dim + config.qk_rope_head_dim + config.v_head_dim)
    assert (per_head, config.kv_lora_rank + config.qk_rope_head_dim) == (40960, 576)
