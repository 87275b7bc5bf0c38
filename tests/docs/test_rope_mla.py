"""The MLA page's code (snippets/rope/mla_absorption.py) against transformers' DeepSeek-V2 and DeepSeek-V3 attention:
the scores `mla_scores` reads from the compressed cache, on a prompt and two decoding steps, are the scores the
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
         "first_k_dense_replace": 2, "vocab_size": 50, "max_position_embeddings": 64, "pad_token_id": 0}  # fmt: skip
MODELS = {
    "DeepSeek-V3 (rope_interleave)": (
        modeling_deepseek_v3,
        modeling_deepseek_v3.DeepseekV3Model,
        DeepseekV3Config,
        {
            "q_lora_rank": 20,
            "rope_interleave": True,
            "n_group": 1,
            "topk_group": 1,
            "rope_parameters": {
                "rope_type": "yarn",
                "rope_theta": 5000.0,
                "factor": 4.0,
                "mscale": 0.707,
                "mscale_all_dim": 0.707,
                "original_max_position_embeddings": 16,
            },
        },
    ),  # fmt: skip
    "DeepSeek-V2 (complex numbers)": (
        modeling_deepseek_v2,
        modeling_deepseek_v2.DeepseekV2Model,
        DeepseekV2Config,
        {"q_lora_rank": None, "rope_parameters": {"rope_type": "default", "rope_theta": 50000.0}},
    ),
}


def run_and_capture(name, length, new_tokens, capture_scores=True):
    """Runs a small random model on `length` tokens, then decodes `new_tokens` more with a cache; returns the
    model, what each step's attention layers received and computed, and the cache."""
    module, model_class, config_class, extra = MODELS[name]
    torch.manual_seed(0)
    model = model_class(config_class(**SHAPE, **extra, attn_implementation="eager")).double().eval()
    steps: list[dict] = []

    def remember_input(attention, args, kwargs):
        steps[-1].setdefault("inputs", {})[attention.layer_idx] = kwargs.get("hidden_states", args[0] if args else None)

    def remember_output(attention, args, kwargs, output):
        steps[-1].setdefault("outputs", {})[attention.layer_idx] = output[0]

    def remember_scores(attention, query, key, value, mask, scaling, **kwargs):
        steps[-1].setdefault("scores", {})[attention.layer_idx] = query @ key.transpose(-1, -2)
        return torch.zeros(*query.shape[:-1], value.shape[-1], dtype=query.dtype).transpose(1, 2), None

    original = module.eager_attention_forward
    if capture_scores:
        module.eager_attention_forward = remember_scores
    try:
        for layer in model.layers:
            layer.self_attn.register_forward_pre_hook(remember_input, with_kwargs=True)
            layer.self_attn.register_forward_hook(remember_output, with_kwargs=True)
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


def weights_of(attention):
    """The page's matrices, cut from the module's weights: each head's query parts, W_UK, W_UV and W_O."""
    config = attention.config
    heads, nope, _, v = (
        config.num_attention_heads,
        config.qk_nope_head_dim,
        config.qk_rope_head_dim,
        config.v_head_dim,
    )
    w_ukv = attention.kv_b_proj.weight.view(heads, nope + v, config.kv_lora_rank)
    return w_ukv[:, :nope], w_ukv[:, nope:], attention.o_proj.weight


def queries_of(attention, x):
    config = attention.config
    nope, rope = config.qk_nope_head_dim, config.qk_rope_head_dim
    if attention.q_lora_rank is None:
        q = attention.q_proj(x)
    else:
        q = attention.q_b_proj(attention.q_a_layernorm(attention.q_a_proj(x)))
    q = q.view(len(x), config.num_attention_heads, nope + rope).transpose(0, 1)
    return q[..., :nope], q[..., nope:]


def latents_and_unrotated_keys(attention, x):
    compressed = attention.kv_a_proj_with_mqa(x)
    latents, k_rope = torch.split(compressed, [attention.config.kv_lora_rank, attention.config.qk_rope_head_dim], -1)
    return attention.kv_a_layernorm(latents), k_rope


def cache_as_the_page_reads_it(model, steps, layer_index):
    attention = model.layers[layer_index].self_attn
    seen = [latents_and_unrotated_keys(attention, step["inputs"][layer_index][0]) for step in steps]
    return torch.cat([latent for latent, _ in seen]), torch.cat([key for _, key in seen])


def page_scores_at_every_step(model, steps):
    """For every layer and every step of a run: mla_scores from the module's own weights and the cache as the page
    reads it, with the model's (YaRN-scaled, for DeepSeek-V3) frequencies."""
    for layer_index, layer in enumerate(model.layers):
        attention = layer.self_attn
        latents, k_rope = cache_as_the_page_reads_it(model, steps, layer_index)
        w_uk, _, _ = weights_of(attention)
        for step in steps:
            known = int(step["positions"][-1]) + 1
            q_nope, q_rope = queries_of(attention, step["inputs"][layer_index][0])
            scores = mla.mla_scores(
                q_nope, q_rope, latents[:known], k_rope[:known], w_uk, step["positions"], torch.arange(known),
                model.rotary_emb.inv_freq,
            )  # fmt: skip
            yield layer_index, step, attention, latents[:known], scores


@pytest.mark.parametrize("name", MODELS)
def test_scores_read_from_the_compressed_cache_are_the_models_scores(name):
    model, steps, _ = run_and_capture(name, length=7, new_tokens=2)
    for layer_index, step, _, _, scores in page_scores_at_every_step(model, steps):
        expected = step["scores"][layer_index][0]
        torch.testing.assert_close(scores, expected, rtol=1e-5, atol=1e-6, msg=f"{name}, layer {layer_index}")


@pytest.mark.parametrize("name", MODELS)
def test_outputs_computed_from_the_latents_are_the_models_outputs(name):
    """The value side: softmax(scale * scores) applied to the latents, then W_UV and W_O, with the module's own
    softmax scale (DeepSeek-V3's: YaRN's mscale squared over sqrt(nope + rope), not over the 576-wide cache)."""
    model, steps, _ = run_and_capture(name, length=7, new_tokens=2, capture_scores=False)
    assert model.rotary_emb.attention_scaling == 1.0  # mscale == mscale_all_dim: cos and sin are not scaled
    for layer_index, step, attention, latents, scores in page_scores_at_every_step(model, steps):
        _, w_uv, w_o = weights_of(attention)
        future = step["positions"][:, None] < torch.arange(len(latents))[None, :]
        weights = (scores * attention.scaling).masked_fill(future, float("-inf")).softmax(-1)
        got = mla.mla_output(weights, latents, w_uv, w_o)
        expected = step["outputs"][layer_index][0]
        torch.testing.assert_close(got, expected, rtol=1e-5, atol=1e-6, msg=f"{name}, layer {layer_index}")


@pytest.mark.parametrize("name", MODELS)
def test_the_cache_holds_one_latent_and_one_rotated_key_per_token(name):
    length, new_tokens = 7, 2
    model, steps, cache = run_and_capture(name, length, new_tokens)
    config = model.config
    for layer_index in range(len(model.layers)):
        latent, rotated_key = cache.layers[layer_index].keys, cache.layers[layer_index].values
        assert latent.shape == (1, 1, length + new_tokens, config.kv_lora_rank)
        assert rotated_key.shape == (1, 1, length + new_tokens, config.qk_rope_head_dim)
        latents, k_rope = cache_as_the_page_reads_it(model, steps, layer_index)
        torch.testing.assert_close(latent[0, 0], latents)
        rotated = mla.rotate_pairs(k_rope, torch.arange(len(latents)), model.rotary_emb.inv_freq)
        if getattr(config, "rope_interleave", False):  # stored in the half-split order its code computes in
            rotated = torch.cat((rotated[..., 0::2], rotated[..., 1::2]), -1)
        torch.testing.assert_close(rotated_key[0, 0], rotated, rtol=1e-5, atol=1e-6)


def test_queries_and_keys_take_their_own_positions():
    """Queries that are not the last tokens, against keys with gaps: the expanded form agrees."""
    torch.manual_seed(2)
    heads, nope, rope, latent_dim = 2, 4, 6, 8
    inv_freq = 1.0 / (500.0 ** (torch.arange(0, rope, 2).double() / rope))
    q_nope, q_rope = torch.randn(heads, 2, nope, dtype=torch.float64), torch.randn(heads, 2, rope, dtype=torch.float64)
    latent, k_rope = torch.randn(5, latent_dim, dtype=torch.float64), torch.randn(5, rope, dtype=torch.float64)
    w_uk = torch.randn(heads, nope, latent_dim, dtype=torch.float64)
    q_positions, k_positions = torch.tensor([3, 11]), torch.tensor([0, 2, 3, 7, 9])
    got = mla.mla_scores(q_nope, q_rope, latent, k_rope, w_uk, q_positions, k_positions, inv_freq)
    keys = torch.cat(
        (latent @ w_uk.transpose(1, 2), rotate_reference(k_rope, k_positions, inv_freq).expand(heads, -1, -1)), -1
    )
    queries = torch.cat((q_nope, rotate_reference(q_rope, q_positions, inv_freq)), -1)
    torch.testing.assert_close(got, queries @ keys.transpose(1, 2))


def rotate_reference(x, positions, inv_freq):
    """Interleaved pairs rotated with 2x2 matrices, written out (not the page's complex numbers)."""
    angles = positions[:, None].float() * inv_freq.float()
    cos, sin = angles.cos().double(), angles.sin().double()
    even, odd = x[..., 0::2], x[..., 1::2]
    return torch.stack((even * cos - odd * sin, even * sin + odd * cos), -1).flatten(-2)


def test_no_single_matrix_absorbs_rotated_keys_but_one_absorbs_plain_keys():
    """The page's least-squares line, with other sizes: the fit is exact without RoPE and far off with it."""
    torch.manual_seed(1)
    dim, latent_dim, length = 4, 6, 30
    q, latent = torch.randn(length, dim, dtype=torch.float64), torch.randn(length, latent_dim, dtype=torch.float64)
    keys = latent @ torch.randn(dim, latent_dim, dtype=torch.float64).T
    positions, inv_freq = torch.arange(length), 1.0 / (10000.0 ** (torch.arange(0, dim, 2).double() / dim))
    plain = q @ keys.T
    rotated = rotate_reference(q, positions, inv_freq) @ rotate_reference(keys, positions, inv_freq).T
    assert mla.best_single_matrix_error(q, latent, plain) < 1e-9
    assert mla.best_single_matrix_error(q, latent, rotated) > 0.1 * rotated.abs().max()


def test_the_page_prints_deepseek_v3s_cache_sizes_from_its_config():
    config = DeepseekV3Config()
    per_head = config.num_attention_heads * (config.qk_nope_head_dim + config.qk_rope_head_dim + config.v_head_dim)
    shared = config.kv_lora_rank + config.qk_rope_head_dim
    per_head_rope = config.kv_lora_rank + config.num_attention_heads * config.qk_rope_head_dim
    assert (per_head, shared, per_head_rope) == (40960, 576, 8704)
