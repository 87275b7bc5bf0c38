"""RoPE in real checkpoints: `rope_frequencies` (snippets/rope/rope_frequencies.py) against transformers'
`ROPE_INIT_FUNCTIONS` and `LlamaRotaryEmbedding`, and partial rotation (snippets/rope/partial_rotary.py)
against transformers' GPT-NeoX, GPT-J and Phi attention code. The functions tested are the ones the page shows.
"""

import copy

import pytest
import torch
from transformers import AutoConfig, LlamaConfig
from transformers.modeling_rope_utils import ROPE_INIT_FUNCTIONS
from transformers.models.gpt_neox import modeling_gpt_neox
from transformers.models.gptj import modeling_gptj
from transformers.models.llama.modeling_llama import LlamaRotaryEmbedding
from transformers.models.phi import modeling_phi

from hooks.core.snippets import import_snippet

frequencies = import_snippet("rope/rope_frequencies.py")
partial = import_snippet("rope/partial_rotary.py")
table = import_snippet("rope/model_family_table.py")
rope_frequencies = frequencies.rope_frequencies

LLAMA2 = {"hidden_size": 4096, "num_attention_heads": 32, "max_position_embeddings": 4096}
QWEN = {"hidden_size": 3584, "num_attention_heads": 28, "max_position_embeddings": 32768, "rope_theta": 1000000.0}
LLAMA31_SCALING = {
    "factor": 8.0,
    "low_freq_factor": 1.0,
    "high_freq_factor": 4.0,
    "original_max_position_embeddings": 8192,
    "rope_type": "llama3",
}

# name -> a config as config.json has it; every RoPE type, the head_dim spellings, partial rotary,
# the legacy "type" key and transformers 5's rope_parameters form.
CONFIGS = {
    "default-llama2": {**LLAMA2, "rope_scaling": None},
    "default-theta-500000": {**LLAMA2, "rope_theta": 500000.0, "max_position_embeddings": 8192},
    "default-head_dim-not-hidden/heads": {
        "model_type": "gemma",
        "hidden_size": 3072,
        "num_attention_heads": 16,
        "head_dim": 256,
        "rope_theta": 10000.0,
    },
    "default-small-base": {"hidden_size": 64, "num_attention_heads": 4, "rope_theta": 100.0},
    "default-partial-phi2": {
        "model_type": "phi",
        "hidden_size": 2560,
        "num_attention_heads": 32,
        "partial_rotary_factor": 0.4,
        "rope_theta": 10000.0,
    },
    "default-partial-neox-rotary_pct": {
        "model_type": "gpt_neox",
        "hidden_size": 6144,
        "num_attention_heads": 64,
        "rotary_pct": 0.25,
        "rotary_emb_base": 10000,
    },
    "default-partial-half": {
        "hidden_size": 1024,
        "num_attention_heads": 8,
        "partial_rotary_factor": 0.5,
        "rope_theta": 1000000.0,
    },
    "linear-2": {**LLAMA2, "rope_scaling": {"rope_type": "linear", "factor": 2.0}},
    "linear-8-partial": {
        **LLAMA2,
        "partial_rotary_factor": 0.5,
        "rope_scaling": {"rope_type": "linear", "factor": 8.0},
    },
    "linear-legacy-type": {**LLAMA2, "rope_theta": 500000.0, "rope_scaling": {"type": "linear", "factor": 4.0}},
    "dynamic-2": {**LLAMA2, "max_position_embeddings": 2048, "rope_scaling": {"rope_type": "dynamic", "factor": 2.0}},
    "dynamic-4-legacy-type": {**LLAMA2, "rope_scaling": {"type": "dynamic", "factor": 4.0}},
    "dynamic-partial": {
        "hidden_size": 512,
        "num_attention_heads": 4,
        "partial_rotary_factor": 0.25,
        "max_position_embeddings": 1024,
        "rope_scaling": {"rope_type": "dynamic", "factor": 3.0},
    },
    "yarn-qwen2.5-legacy-type": {
        **QWEN,
        "rope_scaling": {"factor": 4.0, "original_max_position_embeddings": 32768, "type": "yarn"},
    },
    "yarn-betas": {
        **LLAMA2,
        "rope_scaling": {
            "rope_type": "yarn",
            "factor": 8.0,
            "beta_fast": 16,
            "beta_slow": 2,
            "original_max_position_embeddings": 4096,
        },
    },
    "yarn-no-truncate": {
        **LLAMA2,
        "rope_scaling": {
            "rope_type": "yarn",
            "factor": 4.0,
            "truncate": False,
            "original_max_position_embeddings": 4096,
        },
    },
    "yarn-mscale-equal": {
        "hidden_size": 1024,
        "num_attention_heads": 16,
        "max_position_embeddings": 163840,
        "rope_scaling": {
            "rope_type": "yarn",
            "factor": 40.0,
            "mscale": 0.707,
            "mscale_all_dim": 0.707,
            "beta_fast": 32,
            "beta_slow": 1,
            "original_max_position_embeddings": 4096,
        },
    },
    "yarn-mscale-differ": {
        **LLAMA2,
        "rope_scaling": {
            "rope_type": "yarn",
            "factor": 16.0,
            "mscale": 1.0,
            "mscale_all_dim": 0.5,
            "original_max_position_embeddings": 4096,
        },
    },
    "yarn-mscale-only": {
        **LLAMA2,
        "rope_scaling": {"rope_type": "yarn", "factor": 16.0, "mscale": 0.5, "original_max_position_embeddings": 4096},
    },
    "yarn-attention_factor": {
        **LLAMA2,
        "rope_scaling": {
            "rope_type": "yarn",
            "factor": 4.0,
            "attention_factor": 1.5,
            "original_max_position_embeddings": 4096,
        },
    },
    "yarn-factor-1": {
        **LLAMA2,
        "rope_scaling": {"rope_type": "yarn", "factor": 1.0, "original_max_position_embeddings": 4096},
    },
    "yarn-original-length-beside-rope_scaling": {
        **LLAMA2,
        "max_position_embeddings": 16384,
        "original_max_position_embeddings": 4096,
        "rope_scaling": {"rope_type": "yarn", "factor": 4.0},
    },
    "yarn-partial": {
        **QWEN,
        "partial_rotary_factor": 0.5,
        "rope_scaling": {"rope_type": "yarn", "factor": 4.0, "original_max_position_embeddings": 32768},
    },
    "llama3-llama3.1-8b": {
        **LLAMA2,
        "max_position_embeddings": 131072,
        "rope_theta": 500000.0,
        "rope_scaling": LLAMA31_SCALING,
    },
    "llama3-llama3.2-1b": {
        "hidden_size": 2048,
        "num_attention_heads": 32,
        "head_dim": 64,
        "rope_theta": 500000.0,
        "max_position_embeddings": 131072,
        "rope_scaling": {**LLAMA31_SCALING, "factor": 32.0},
    },
    "llama3-other-factors": {
        **LLAMA2,
        "rope_theta": 10000.0,
        "rope_scaling": {
            "rope_type": "llama3",
            "factor": 16.0,
            "low_freq_factor": 2.0,
            "high_freq_factor": 8.0,
            "original_max_position_embeddings": 2048,
        },
    },
    "llama3-partial": {**LLAMA2, "rope_theta": 500000.0, "partial_rotary_factor": 0.5, "rope_scaling": LLAMA31_SCALING},
    "rope_parameters-default-partial": {
        **LLAMA2,
        "rope_parameters": {"rope_type": "default", "rope_theta": 50000.0, "partial_rotary_factor": 0.75},
    },
    "rope_parameters-yarn": {
        **LLAMA2,
        "max_position_embeddings": 32768,
        "rope_parameters": {
            "rope_type": "yarn",
            "rope_theta": 1000000.0,
            "factor": 4.0,
            "original_max_position_embeddings": 8192,
        },
    },
    "rope_parameters-llama3": {
        **LLAMA2,
        "max_position_embeddings": 131072,
        "rope_parameters": {**LLAMA31_SCALING, "rope_theta": 500000.0},
    },
    "rope_parameters-dynamic": {
        **LLAMA2,
        "rope_parameters": {"rope_type": "dynamic", "factor": 2.0, "rope_theta": 10000.0},
    },
}
# the published configs of the page's model table, except GPT-J (no RoPE config in transformers; tested below)
CONFIGS.update({f"table-{name}": config for name, _, config in table.MODELS if config["model_type"] != "gptj"})

SEQ_LENS = [None, 1, 1000, 2048, 2049, 4096, 4097, 10000, 65536]


def transformers_config(config, config_class=None):
    """transformers' config object for a config.json dict (a deep copy: transformers edits the dicts it is given)."""
    kwargs = {key: value for key, value in copy.deepcopy(config).items() if key != "model_type"}
    if config_class is not None:
        return config_class(**kwargs)
    return AutoConfig.for_model(config.get("model_type", "llama"), **kwargs)


def transformers_frequencies(config, seq_len=None):
    hf = transformers_config(config)
    rope_type = hf.rope_parameters["rope_type"]
    if rope_type == "default":  # GPT-NeoX's default honours partial_rotary_factor (Llama's ignores it)
        return modeling_gpt_neox.GPTNeoXRotaryEmbedding.compute_default_rope_parameters(hf)
    return ROPE_INIT_FUNCTIONS[rope_type](hf, None, seq_len=seq_len)


def assert_same_frequencies(ours, reference):
    (inv_freq, attention), (ref_inv_freq, ref_attention) = ours, reference
    assert inv_freq.dtype == torch.float32
    torch.testing.assert_close(inv_freq, ref_inv_freq.float(), rtol=1e-6, atol=0)
    assert attention == pytest.approx(ref_attention, rel=1e-12)


@pytest.mark.parametrize("name", CONFIGS)
def test_matches_transformers_rope_init_functions(name):
    config = CONFIGS[name]
    assert_same_frequencies(rope_frequencies(config), transformers_frequencies(config))


@pytest.mark.parametrize("seq_len", SEQ_LENS)
@pytest.mark.parametrize("name", [name for name in CONFIGS if "dynamic" in name])
def test_dynamic_matches_transformers_at_every_length(name, seq_len):
    config = CONFIGS[name]
    ours = rope_frequencies(config, seq_len=seq_len)
    assert_same_frequencies(ours, transformers_frequencies(config, seq_len=seq_len))
    trained = config["max_position_embeddings"]
    unscaled, _ = rope_frequencies({**config, "rope_scaling": None, "rope_parameters": None})
    if seq_len is None or seq_len <= trained:  # up to the trained length, dynamic NTK changes nothing
        assert torch.equal(ours[0], unscaled)
    else:  # beyond it, every pair but the first turns slower
        assert ours[0][0] == unscaled[0] and (ours[0][1:] < unscaled[1:]).all()


def llama_compatible(config):
    return config.get("model_type", "llama") in ("llama", "mistral", "qwen2", "gemma") and not any(
        "partial_rotary_factor" in c for c in (config, config.get("rope_parameters") or {})
    )


@pytest.mark.parametrize("name", [name for name in CONFIGS if llama_compatible(CONFIGS[name])])
def test_cos_sin_match_llama_rotary_embedding(name):
    """What the model multiplies q and k by: cos and sin of m * theta_i, scaled by the attention factor."""
    config = CONFIGS[name]
    hf = transformers_config(config, LlamaConfig)
    rope = LlamaRotaryEmbedding(hf)
    lengths = [1000, 3000, 5000, 9000] if "dynamic" in name else [3000]
    for length in lengths:  # a dynamic model updates its frequencies from the longest position it is given
        positions = torch.arange(length)[None]
        cos, sin = rope(torch.zeros(1), positions)
        inv_freq, attention = rope_frequencies(config, seq_len=length)
        angles = positions.float()[..., None] * inv_freq
        angles = torch.cat((angles, angles), dim=-1)
        torch.testing.assert_close(cos, angles.cos() * attention, rtol=0, atol=2e-5)
        torch.testing.assert_close(sin, angles.sin() * attention, rtol=0, atol=2e-5)
        assert rope.attention_scaling == pytest.approx(attention, rel=1e-12)


def test_yarn_attention_factor_is_the_papers():
    """sqrt(1/t) = 0.1 ln(s) + 1 (Peng et al. 2023, eq. 22); transformers multiplies cos and sin by it."""
    _, attention = rope_frequencies(CONFIGS["yarn-qwen2.5-legacy-type"])
    assert attention == pytest.approx(0.1 * torch.log(torch.tensor(4.0, dtype=torch.float64)).item() + 1)


def test_llama3_scaling_keeps_fast_pairs_and_divides_slow_ones():
    """Meta's apply_scaling: wavelength < 8192/4 kept, > 8192/1 divided by 8, smooth in between."""
    config = CONFIGS["llama3-llama3.1-8b"]
    scaled, _ = rope_frequencies(config)
    unscaled, _ = rope_frequencies({**config, "rope_scaling": None})
    wavelength = 2 * torch.pi / unscaled
    fast, slow = wavelength < 2048, wavelength > 8192
    assert torch.equal(scaled[fast], unscaled[fast])
    torch.testing.assert_close(scaled[slow], unscaled[slow] / 8, rtol=1e-6, atol=0)
    middle = ~fast & ~slow
    assert middle.any() and ((scaled[middle] < unscaled[middle]) & (scaled[middle] > unscaled[middle] / 8)).all()


BAD_CONFIGS = {
    "unknown rope_type": (
        {**LLAMA2, "rope_scaling": {"rope_type": "longrope", "factor": 4.0}},
        r"\['rope_type'\] = 'longrope'.*supported values.*'default', 'linear', 'dynamic', 'yarn', "
        r"'llama3'",
    ),
    "unknown legacy type": (
        {**LLAMA2, "rope_scaling": {"type": "su", "factor": 2.0}},
        r"\['type'\] = 'su'.*supported values",
    ),
    "unknown type in rope_parameters": (
        {**LLAMA2, "rope_parameters": {"rope_type": "mrope", "rope_theta": 1e6}},
        r"rope_parameters\['rope_type'\] = 'mrope'",
    ),
    "linear without factor": ({**LLAMA2, "rope_scaling": {"rope_type": "linear"}}, r"\['factor'\].*None.*'linear'"),
    "dynamic without factor": ({**LLAMA2, "rope_scaling": {"type": "dynamic"}}, r"\['factor'\].*'dynamic'"),
    "yarn without factor": (
        {**LLAMA2, "rope_scaling": {"rope_type": "yarn", "original_max_position_embeddings": 4096}},
        r"\['factor'\].*'yarn' requires \('factor', 'original_max_position_embeddings'\)",
    ),
    "llama3 without factor": (
        {**LLAMA2, "rope_scaling": {k: v for k, v in LLAMA31_SCALING.items() if k != "factor"}},
        r"\['factor'\]",
    ),
    "factor as text": ({**LLAMA2, "rope_scaling": {"rope_type": "linear", "factor": "4"}}, r"\['factor'\].*'4'"),
    "yarn without original length": (
        {**LLAMA2, "rope_scaling": {"rope_type": "yarn", "factor": 4.0}},
        r"\['original_max_position_embeddings'\]",
    ),
    "llama3 without low_freq_factor": (
        {**LLAMA2, "rope_scaling": {k: v for k, v in LLAMA31_SCALING.items() if k != "low_freq_factor"}},
        r"\['low_freq_factor'\].*'llama3' requires",
    ),
    "llama3 without high_freq_factor": (
        {**LLAMA2, "rope_scaling": {k: v for k, v in LLAMA31_SCALING.items() if k != "high_freq_factor"}},
        r"\['high_freq_factor'\]",
    ),
    "llama3 without original length": (
        {
            **LLAMA2,
            "rope_scaling": {k: v for k, v in LLAMA31_SCALING.items() if k != "original_max_position_embeddings"},
        },
        r"\['original_max_position_embeddings'\]",
    ),
    "dynamic without max_position_embeddings": (
        {"hidden_size": 4096, "num_attention_heads": 32, "rope_scaling": {"rope_type": "dynamic", "factor": 2.0}},
        r"config\['max_position_embeddings'\].*'dynamic'",
    ),
    "no head dimension": ({"hidden_size": 4096, "rope_theta": 10000.0}, r"'head_dim'.*'num_attention_heads'"),
    "odd rotated dimension": (
        {"hidden_size": 2048, "num_attention_heads": 32, "partial_rotary_factor": 0.3},
        r"got 19 .*'partial_rotary_factor'",
    ),
    "rotary_dim disagrees with rotary_pct": (
        {"n_embd": 256, "n_head": 8, "rotary_dim": 64, "rotary_pct": 0.25},
        r"'rotary_dim' 64 disagrees",
    ),
    "rope_parameters per layer type": (
        {
            **LLAMA2,
            "rope_parameters": {
                "full_attention": {"rope_type": "default", "rope_theta": 1e6},
                "sliding_attention": {"rope_type": "default", "rope_theta": 1e4},
            },
        },
        r"rope_parameters has one entry per layer type \(full_attention, sliding_attention\)",
    ),
    "rope_scaling and rope_parameters differ": (
        {
            **LLAMA2,
            "rope_scaling": {"rope_type": "linear", "factor": 2.0},
            "rope_parameters": {"rope_type": "linear", "factor": 4.0},
        },
        r"both 'rope_parameters' and 'rope_scaling'",
    ),
    "original length given twice, differently": (
        {
            **LLAMA2,
            "original_max_position_embeddings": 2048,
            "rope_scaling": {"rope_type": "yarn", "factor": 4.0, "original_max_position_embeddings": 4096},
        },
        r"'original_max_position_embeddings' differs between the config and its rope_scaling",
    ),
    "rope_type and type differ": (
        {**LLAMA2, "rope_scaling": {"rope_type": "linear", "type": "dynamic", "factor": 2.0}},
        r"'rope_type' 'linear' and 'type' 'dynamic'",
    ),
}


@pytest.mark.parametrize("name", BAD_CONFIGS)
def test_a_config_it_cannot_honour_raises_naming_the_key(name):
    config, message = BAD_CONFIGS[name]
    with pytest.raises(ValueError, match=message):
        rope_frequencies(config, seq_len=8192)


def config_as_transformers_writes_it(model_type, whole=False, **changes):
    """A config as transformers 5 writes it: the whole config.json, or its text part (what text_config holds)."""
    config = AutoConfig.for_model(model_type, **changes).to_dict()
    return config if whole else config.get("text_config", config)


# Configs whose RoPE differs per layer or per axis, as transformers itself builds them: one set of 1-D
# frequencies for every layer would be wrong for each, so each must be refused, not computed.
PER_LAYER_OR_MULTIMODAL = {
    "Qwen2-VL (mrope_section)": (
        lambda: config_as_transformers_writes_it(
            "qwen2_vl", rope_parameters={"rope_type": "default", "mrope_section": [16, 24, 24]}
        ),
        r"M-RoPE",
    ),
    "Qwen2.5-VL, whole config": (
        lambda: config_as_transformers_writes_it("qwen2_5_vl", whole=True),
        r"vision-language|M-RoPE",
    ),
    "Qwen2.5-VL text config without mrope_section": (lambda: config_as_transformers_writes_it("qwen2_5_vl"), r"M-RoPE"),
    "Qwen3-VL (mrope_interleaved)": (
        lambda: config_as_transformers_writes_it(
            "qwen3_vl",
            rope_parameters={"rope_type": "default", "mrope_section": [24, 20, 20], "mrope_interleaved": True},
        ),
        r"M-RoPE",
    ),
    "legacy type mrope": ({**LLAMA2, "rope_scaling": {"type": "mrope", "mrope_section": [16, 24, 24]}}, r"M-RoPE"),
    "SmolLM3 (no_rope_layers)": (
        lambda: config_as_transformers_writes_it("smollm3"),
        r"'no_rope_layers': layers \[3, 7,",
    ),
    "Llama 4 (iRoPE)": (lambda: config_as_transformers_writes_it("llama4_text"), r"'no_rope_layers': layers \[3, 7,"),
    "no_rope_layer_interval alone": ({**LLAMA2, "no_rope_layer_interval": 4}, r"every 4th"),
    "Gemma 3 (per layer type)": (lambda: config_as_transformers_writes_it("gemma3_text"), r"one entry per layer type"),
    "Gemma 3, transformers 4 spelling": ({**LLAMA2, "rope_local_base_freq": 10000.0}, r"'rope_local_base_freq'"),
    "DeepSeek-V3 with its full head": (
        {"hidden_size": 7168, "num_attention_heads": 128, "qk_rope_head_dim": 64, "rope_theta": 10000},
        r"'qk_rope_head_dim'",
    ),
    "Qwen-7B use_dynamic_ntk": ({**LLAMA2, "use_dynamic_ntk": True}, r"'use_dynamic_ntk'"),
    "Qwen-7B use_logn_attn": ({**LLAMA2, "use_logn_attn": True}, r"'use_logn_attn'"),
}


@pytest.mark.parametrize("name", PER_LAYER_OR_MULTIMODAL)
def test_per_layer_and_multimodal_rope_is_refused_not_flattened(name):
    config, message = PER_LAYER_OR_MULTIMODAL[name]
    config = config() if callable(config) else config
    with pytest.raises(ValueError, match=message):
        rope_frequencies(config, seq_len=8192)


def test_transformers_silently_takes_max_position_embeddings_as_the_original_length():
    """What the page says rope_frequencies refuses on purpose: a yarn scaling without its trained length."""
    scaling = {"rope_type": "yarn", "factor": 4.0}
    config = LlamaConfig(**{**LLAMA2, "max_position_embeddings": 16384}, rope_scaling=copy.deepcopy(scaling))
    assert config.rope_parameters["original_max_position_embeddings"] == 16384
    with pytest.raises(ValueError, match=r"'original_max_position_embeddings'"):
        rope_frequencies({**LLAMA2, "max_position_embeddings": 16384, "rope_scaling": scaling})


def test_every_layer_rotating_is_accepted():
    """SmolLM3 with no layer left out, and DeepSeek with head_dim set to its rotated part, as transformers sets it."""
    assert rope_frequencies({**LLAMA2, "no_rope_layers": [1, 1, 1, 1]})[0].shape == (64,)
    deepseek = {"hidden_size": 7168, "num_attention_heads": 128, "qk_rope_head_dim": 64, "head_dim": 64}
    assert rope_frequencies(deepseek)[0].shape == (32,)


# Partial rotary: the first r features rotated with rope_frequencies' theta_i, the others passed through.


def random_qk(batch, heads, seq, head_dim, seed=0):
    generator = torch.Generator().manual_seed(seed)
    shape = (batch, heads, seq, head_dim)
    return torch.randn(shape, generator=generator), torch.randn(shape, generator=generator)


POSITION_IDS = torch.tensor([[0, 1, 2, 3, 4, 5, 6], [100, 101, 102, 103, 104, 105, 106]])

NEOX_CONFIGS = {
    "gpt-neox-20b-head": {
        "model_type": "gpt_neox",
        "hidden_size": 192,
        "num_attention_heads": 2,
        "max_position_embeddings": 2048,
        "rotary_emb_base": 10000,
        "rotary_pct": 0.25,
    },
    "half": {
        "model_type": "gpt_neox",
        "hidden_size": 64,
        "num_attention_heads": 4,
        "max_position_embeddings": 256,
        "rotary_emb_base": 10000,
        "rotary_pct": 0.5,
    },
    "all": {
        "model_type": "gpt_neox",
        "hidden_size": 64,
        "num_attention_heads": 2,
        "max_position_embeddings": 256,
        "rotary_emb_base": 500,
        "rotary_pct": 1.0,
    },
    "linear-scaled": {
        "model_type": "gpt_neox",
        "hidden_size": 128,
        "num_attention_heads": 2,
        "max_position_embeddings": 256,
        "rotary_pct": 0.25,
        "rope_scaling": {"rope_type": "linear", "factor": 4.0},
    },
    "yarn-scaled": {
        "model_type": "gpt_neox",
        "hidden_size": 128,
        "num_attention_heads": 2,
        "max_position_embeddings": 1024,
        "rotary_pct": 0.5,
        "rope_scaling": {"rope_type": "yarn", "factor": 4.0, "original_max_position_embeddings": 256},
    },
}


@pytest.mark.parametrize("name", NEOX_CONFIGS)
def test_partial_rotary_matches_transformers_gpt_neox(name):
    config = NEOX_CONFIGS[name]
    hf = transformers_config(config)
    head_dim = config["hidden_size"] // config["num_attention_heads"]
    q, k = random_qk(2, config["num_attention_heads"], POSITION_IDS.shape[1], head_dim)
    cos, sin = modeling_gpt_neox.GPTNeoXRotaryEmbedding(hf)(q, POSITION_IDS)
    ref_q, ref_k = modeling_gpt_neox.apply_rotary_pos_emb(q, k, cos, sin)

    inv_freq, attention = rope_frequencies(config)
    assert 2 * len(inv_freq) == modeling_gpt_neox.GPTNeoXAttention(hf, layer_idx=0).rotary_ndims
    for ours, reference, x in (
        (partial.apply_partial_rope(q, POSITION_IDS, inv_freq, "half-split", attention), ref_q, q),
        (partial.apply_partial_rope(k, POSITION_IDS, inv_freq, "half-split", attention), ref_k, k),
    ):
        torch.testing.assert_close(ours, reference, rtol=0, atol=1e-5)
        assert torch.equal(ours[..., 2 * len(inv_freq) :], x[..., 2 * len(inv_freq) :])
    if 2 * len(inv_freq) > 2:  # the layout matters: interleaved pairs give another rotation
        wrong = partial.apply_partial_rope(q, POSITION_IDS, inv_freq, "interleaved", attention)
        assert (wrong - ref_q).abs().max() > 0.1


@pytest.mark.parametrize(
    "config",
    [
        {
            "model_type": "phi",
            "hidden_size": 160,
            "num_attention_heads": 2,
            "partial_rotary_factor": 0.4,
            "rope_theta": 10000.0,
            "max_position_embeddings": 2048,
        },  # Phi-2's head: 32 of 80 features
        {
            "model_type": "phi",
            "hidden_size": 128,
            "num_attention_heads": 4,
            "partial_rotary_factor": 0.5,
            "rope_theta": 10000.0,
            "max_position_embeddings": 2048,
            "rope_scaling": {"rope_type": "dynamic", "factor": 2.0},
        },
    ],
    ids=["phi-2-head", "dynamic"],
)
def test_partial_rotary_matches_transformers_phi(config):
    hf = transformers_config(config)
    head_dim = config["hidden_size"] // config["num_attention_heads"]
    q, k = random_qk(2, config["num_attention_heads"], POSITION_IDS.shape[1], head_dim, seed=1)
    cos, sin = modeling_phi.PhiRotaryEmbedding(hf)(q, POSITION_IDS)
    r = modeling_phi.PhiAttention(hf, layer_idx=0).rotary_ndims
    ref_q, ref_k = modeling_phi.apply_rotary_pos_emb(q[..., :r], k[..., :r], cos, sin)  # as PhiAttention slices
    ref_q, ref_k = torch.cat((ref_q, q[..., r:]), dim=-1), torch.cat((ref_k, k[..., r:]), dim=-1)

    inv_freq, attention = rope_frequencies(config, seq_len=int(POSITION_IDS.max()) + 1)
    assert 2 * len(inv_freq) == r
    torch.testing.assert_close(
        partial.apply_partial_rope(q, POSITION_IDS, inv_freq, "half-split", attention), ref_q, rtol=0, atol=1e-5
    )
    torch.testing.assert_close(
        partial.apply_partial_rope(k, POSITION_IDS, inv_freq, "half-split", attention), ref_k, rtol=0, atol=1e-5
    )


GPTJ_CONFIGS = {
    "gpt-j-6b-head": {"model_type": "gptj", "n_embd": 512, "n_head": 2, "n_positions": 2048, "rotary_dim": 64},
    "small": {"model_type": "gptj", "n_embd": 64, "n_head": 4, "n_positions": 256, "rotary_dim": 8},
    "all": {"model_type": "gptj", "n_embd": 64, "n_head": 4, "n_positions": 256, "rotary_dim": 16},
}


@pytest.mark.parametrize("name", GPTJ_CONFIGS)
def test_partial_rotary_matches_transformers_gpt_j_attention(name):
    """GPTJAttention's own forward: q_proj, the slice [:rotary_dim], rotate_every_two, the pass-through."""
    config = GPTJ_CONFIGS[name]
    hf = transformers_config(config)
    torch.manual_seed(2)
    attention = modeling_gptj.GPTJAttention(hf, layer_idx=0).eval()
    captured = {}

    def capture(query, key, value, attention_mask=None):
        captured["q"], captured["k"] = query, key
        return torch.zeros_like(value), None

    attention._attn = capture
    hidden = torch.randn(2, POSITION_IDS.shape[1], config["n_embd"])
    with torch.no_grad():
        attention(hidden, position_ids=POSITION_IDS)
        head_dim = config["n_embd"] // config["n_head"]

        def heads(t):  # (batch, seq, n_embd) -> (batch, heads, seq, head_dim)
            return t.view(2, -1, config["n_head"], head_dim).transpose(1, 2)

        q, k = heads(attention.q_proj(hidden)), heads(attention.k_proj(hidden))
    inv_freq, factor = rope_frequencies(config)
    assert 2 * len(inv_freq) == attention.rotary_dim
    torch.testing.assert_close(
        partial.apply_partial_rope(q, POSITION_IDS, inv_freq, "interleaved", factor), captured["q"], rtol=0, atol=1e-5
    )
    torch.testing.assert_close(
        partial.apply_partial_rope(k, POSITION_IDS, inv_freq, "interleaved", factor), captured["k"], rtol=0, atol=1e-5
    )
    if attention.rotary_dim > 2:
        wrong = partial.apply_partial_rope(q, POSITION_IDS, inv_freq, "half-split", factor)
        assert (wrong - captured["q"]).abs().max() > 0.1


def test_gpt_j_sinusoidal_table_is_rope_frequencies():
    """GPT-J keeps sin and cos tables of 10000^(-2i/rotary_dim); they are rope_frequencies' angles."""
    config = table.MODELS[[name for name, _, _ in table.MODELS].index("GPT-J-6B")][2]
    inv_freq, _ = rope_frequencies(config)
    sincos = modeling_gptj.create_sinusoidal_positions(config["n_positions"], config["rotary_dim"])
    angles = torch.arange(config["n_positions"]).float()[:, None] * inv_freq
    torch.testing.assert_close(sincos, torch.cat((angles.sin(), angles.cos()), dim=1), rtol=0, atol=1e-5)


def test_the_model_table_reads_the_published_shapes():
    """What the page's table says of each family, from its config.json."""
    expected = {  # model: (head_dim, rotated features)
        "Llama 2 7B": (128, 128),
        "GPT-NeoX-20B": (96, 24),
        "GPT-J-6B": (256, 64),
        "Phi-2": (80, 32),
        "Gemma 7B": (256, 256),
        "Qwen2.5 7B Instruct": (128, 128),
    }
    configs = {name: config for name, _, config in table.MODELS}
    assert expected.keys() <= configs.keys()
    for name, shape in expected.items():
        assert frequencies.rotated_features(configs[name], frequencies.rope_parameters(configs[name])[1]) == shape
