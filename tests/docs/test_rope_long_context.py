"""The long-context page (docs/en/rope/long-context.md): the per-pair scale factors of
snippets/rope/long_context_scale_factors.py and the published configurations of
snippets/rope/long_context_models.py, against transformers' RoPE code (`ROPE_INIT_FUNCTIONS`, the rotary
embedding and attention modules of Llama, Qwen3, gpt-oss and DeepSeek-V3) and rotary-embedding-torch.
"""

import copy
import math

import pytest
import torch
from rotary_embedding_torch import RotaryEmbedding
from transformers import AutoConfig, LlamaConfig
from transformers.modeling_rope_utils import ROPE_INIT_FUNCTIONS
from transformers.models.deepseek_v3 import modeling_deepseek_v3
from transformers.models.gpt_oss import modeling_gpt_oss
from transformers.models.llama.modeling_llama import LlamaRotaryEmbedding
from transformers.models.qwen3 import modeling_qwen3

from hooks.core.snippets import import_snippet

factors = import_snippet("rope/long_context_scale_factors.py")
models = import_snippet("rope/long_context_models.py")
long_context = import_snippet("rope/long_context.py")
family_table = import_snippet("rope/model_family_table.py")
frequencies = import_snippet("rope/rope_frequencies.py")
rope_frequencies = frequencies.rope_frequencies

# The page's configuration: d = 128, base 10,000, L = 2048 trained positions, s = 4, extended to 8192.
D, BASE, TRAINED, S = 128, 10000.0, 2048, 4.0


def llama_config(head_dim, base, trained, rope_scaling=None):
    return LlamaConfig(
        hidden_size=head_dim * 4,
        num_attention_heads=4,
        head_dim=head_dim,
        max_position_embeddings=trained,
        rope_theta=base,
        rope_scaling=copy.deepcopy(rope_scaling),
    )


@pytest.mark.parametrize(
    "head_dim, base, trained, factor", [(D, BASE, TRAINED, S), (64, 500000.0, 4096, 2.0), (32, 10000.0, 1000, 3.0)]
)
def test_dynamic_ntk_base_matches_transformers(head_dim, base, trained, factor):
    config = llama_config(head_dim, base, trained, {"rope_type": "dynamic", "factor": factor})
    exponents = torch.arange(0, head_dim, 2, dtype=torch.float64) / head_dim
    for length in [1, trained // 2, trained, trained + 1, 2 * trained, 4 * trained, 10 * trained]:
        reference, _ = ROPE_INIT_FUNCTIONS["dynamic"](config, seq_len=length)
        ours = 1 / frequencies.dynamic_ntk_base(base, factor, trained, length, head_dim) ** exponents
        torch.testing.assert_close(ours.float(), reference, rtol=1e-6, atol=0)
        if length <= trained:  # identical to the original up to the trained length
            assert frequencies.dynamic_ntk_base(base, factor, trained, length, head_dim) == base


def test_dynamic_ntk_meets_the_fixed_ntk_base_at_3584_not_at_8192():
    """What the page states: transformers' dynamic base equals the fixed NTK-aware base (rotary-embedding-torch's
    theta_rescale_factor) at n = L (2s - 1) / s = 3584, and is larger at n = L s = 8192."""
    config = llama_config(D, BASE, TRAINED, {"rope_type": "dynamic", "factor": S})
    fixed = RotaryEmbedding(dim=D, theta=BASE, theta_rescale_factor=S, cache_if_possible=False).freqs.detach()
    meeting = int(TRAINED * (2 * S - 1) / S)
    assert meeting == 3584
    at_meeting, _ = ROPE_INIT_FUNCTIONS["dynamic"](config, seq_len=meeting)
    torch.testing.assert_close(at_meeting, fixed, rtol=1e-5, atol=0)
    at_extended, _ = ROPE_INIT_FUNCTIONS["dynamic"](config, seq_len=int(TRAINED * S))
    assert (at_extended[1:] < fixed[1:] * 0.99).all()
    fixed_base = long_context.ntk_base(BASE, S, D)
    assert frequencies.dynamic_ntk_base(BASE, S, TRAINED, meeting, D) == pytest.approx(fixed_base)


def test_the_papers_dynamic_ntk_factor_1_reaches_the_fixed_base_at_the_extended_length():
    """Peng et al., section 3.3: s = max(1, l / L), which is transformers' "dynamic" with factor 1."""
    config = llama_config(D, BASE, TRAINED, {"rope_type": "dynamic", "factor": 1.0})
    at_extended, _ = ROPE_INIT_FUNCTIONS["dynamic"](config, seq_len=int(TRAINED * S))
    fixed = RotaryEmbedding(dim=D, theta=BASE, theta_rescale_factor=S, cache_if_possible=False).freqs.detach()
    torch.testing.assert_close(at_extended, fixed, rtol=1e-5, atol=0)


def test_ntk_aware_overshoots_the_trained_angles_of_the_pairs_that_never_turned():
    """YaRN's out-of-bound argument, with rotary-embedding-torch's NTK-aware frequencies."""
    unscaled = RotaryEmbedding(dim=D, theta=BASE, cache_if_possible=False).freqs.detach().double()
    ntk = RotaryEmbedding(dim=D, theta=BASE, theta_rescale_factor=S, cache_if_possible=False).freqs.detach().double()
    never_turned = ((TRAINED - 1) * unscaled < 2 * math.pi).nonzero().flatten().tolist()
    assert never_turned == list(range(41, 64))
    overshoot = (int(TRAINED * S) - 1) * ntk / ((TRAINED - 1) * unscaled)
    assert (overshoot[41:63] > 1.02).all() and overshoot[63] == pytest.approx(1.0, abs=1e-3)
    assert overshoot[41].item() == pytest.approx(1.6233, abs=5e-4)


def test_llama3_is_the_papers_ramp_and_yarn_code_is_not():
    """transformers' llama3 equals the paper's NTK-by-parts with beta_fast 4; its yarn ramps in the pair index."""
    turns = TRAINED * (1 / BASE ** (torch.arange(0, D, 2, dtype=torch.float64) / D)) / (2 * math.pi)

    def paper(beta_fast, beta_slow=1.0):  # Peng et al., eq. 17-18, written from the paper independently
        gamma = torch.clamp((turns - beta_slow) / (beta_fast - beta_slow), 0, 1)
        return (1 - gamma) / S + gamma

    default = LlamaRotaryEmbedding(llama_config(D, BASE, TRAINED)).inv_freq.double()
    llama3 = {"rope_type": "llama3", "factor": S, "low_freq_factor": 1.0, "high_freq_factor": 4.0,
              "original_max_position_embeddings": TRAINED}  # fmt: skip
    ours_llama3 = ROPE_INIT_FUNCTIONS["llama3"](llama_config(D, BASE, TRAINED, llama3))[0].double() / default
    torch.testing.assert_close(ours_llama3, paper(4.0), rtol=1e-6, atol=1e-7)
    torch.testing.assert_close(factors.yarn_paper_ratio(D, BASE, TRAINED, S), paper(32.0), rtol=1e-12, atol=0)
    yarn = {"rope_type": "yarn", "factor": S, "original_max_position_embeddings": TRAINED}
    code = ROPE_INIT_FUNCTIONS["yarn"](llama_config(D, BASE, TRAINED, yarn))[0].double() / default
    assert code[24].item() == pytest.approx(0.7600, abs=5e-5) and paper(32.0)[24].item() == pytest.approx(
        0.4752, abs=5e-5
    )


def test_scale_factors_match_transformers_and_rotary_embedding_torch():
    ratios, yarn_attention = factors.scale_factors(D, BASE, TRAINED, S, int(TRAINED * S))
    assert list(ratios) == ["position interpolation", "NTK-aware", "dynamic NTK", "YaRN", "Llama 3.1"]
    unscaled = RotaryEmbedding(dim=D, theta=BASE, cache_if_possible=False).freqs.detach()
    ntk = RotaryEmbedding(dim=D, theta=BASE, theta_rescale_factor=S, cache_if_possible=False).freqs.detach()
    torch.testing.assert_close(ratios["NTK-aware"], ntk / unscaled, rtol=1e-5, atol=0)

    scalings = {
        "position interpolation": {"rope_type": "linear", "factor": S},
        "dynamic NTK": {"rope_type": "dynamic", "factor": S},
        "YaRN": {"rope_type": "yarn", "factor": S, "original_max_position_embeddings": TRAINED},
        "Llama 3.1": {
            "rope_type": "llama3",
            "factor": S,
            "low_freq_factor": 1.0,
            "high_freq_factor": 4.0,
            "original_max_position_embeddings": TRAINED,
        },
    }
    default = LlamaRotaryEmbedding(llama_config(D, BASE, TRAINED)).inv_freq
    for name, scaling in scalings.items():
        inv_freq, attention = ROPE_INIT_FUNCTIONS[scaling["rope_type"]](
            llama_config(D, BASE, TRAINED, scaling), seq_len=int(TRAINED * S)
        )
        torch.testing.assert_close(ratios[name], inv_freq / default, rtol=1e-5, atol=0)
        if name == "YaRN":
            assert yarn_attention == pytest.approx(attention, rel=1e-12)
            assert yarn_attention == pytest.approx(0.1 * math.log(S) + 1, rel=1e-12)  # Peng et al., eq. 22


def test_a_cached_key_keeps_the_frequencies_of_its_step_in_transformers_dynamic_rope():
    """The page's caveat, with LlamaRotaryEmbedding: a key rotated when the sequence had 4096 tokens keeps that
    angle, while the query at 8191 is rotated with the frequencies of 8192 tokens."""
    rope = LlamaRotaryEmbedding(llama_config(D, BASE, TRAINED, {"rope_type": "dynamic", "factor": S}))
    key, query, pair = 4095, 8191, D // 2 - 1

    def angle(positions, at):  # the angle of `pair` at position `at`, as the module rotates it
        cos, sin = rope(torch.zeros(1), positions[None])
        index = positions.tolist().index(at)
        return math.atan2(sin[0, index, pair].item(), cos[0, index, pair].item())

    key_angle = angle(torch.arange(key + 1), key)  # prefill: 4096 tokens
    query_angle = angle(torch.tensor([query]), query)  # one generation step at position 8191

    def theta(length):
        return 1 / frequencies.dynamic_ntk_base(BASE, S, TRAINED, length, D) ** (2 * pair / D)

    assert query_angle - key_angle == pytest.approx(query * theta(query + 1) - key * theta(key + 1), abs=1e-5)
    assert query_angle - key_angle == pytest.approx(-0.0218, abs=5e-5)  # what the page prints
    assert (query - key) * theta(query + 1) == pytest.approx(0.0364, abs=5e-5)


ROTARY = {  # model_type: the rotary embedding module transformers runs for it
    "llama": LlamaRotaryEmbedding,
    "internlm2": LlamaRotaryEmbedding,  # InternLM2's remote code: Llama's, with the same dynamic NTK formula
    "qwen3": modeling_qwen3.Qwen3RotaryEmbedding,
    "gpt_oss": modeling_gpt_oss.GptOssRotaryEmbedding,
    "deepseek_v3": modeling_deepseek_v3.DeepseekV3RotaryEmbedding,
}
PUBLISHED = {name: config for name, _, config in models.MODELS if config["model_type"] in ROTARY}


def transformers_config(config):
    kwargs = {key: value for key, value in copy.deepcopy(config).items() if key != "model_type"}
    model_type = {"internlm2": "llama"}.get(config["model_type"], config["model_type"])
    return AutoConfig.for_model(model_type, **kwargs)


def ours(config):
    return rope_frequencies(models.with_rotated_head_dim(config))


@pytest.mark.parametrize("name", PUBLISHED)
def test_published_frequencies_and_attention_factor_match_the_model_code(name):
    config = PUBLISHED[name]
    rotary = ROTARY[config["model_type"]](transformers_config(config))
    inv_freq, attention = ours(config)
    torch.testing.assert_close(inv_freq, rotary.inv_freq, rtol=1e-6, atol=0)
    assert attention == pytest.approx(rotary.attention_scaling, rel=1e-12)


@pytest.mark.parametrize("name", ["Qwen3 8B + YaRN", "gpt-oss-20b", "DeepSeek-V3"])
def test_score_factor_matches_the_attention_modules(name):
    """Scores are multiplied by the cos/sin factor squared and, in DeepSeek, by the softmax scale's extra factor."""
    config = PUBLISHED[name]
    hf = transformers_config(config)
    module = {
        "qwen3": modeling_qwen3.Qwen3Attention,
        "gpt_oss": modeling_gpt_oss.GptOssAttention,
        "deepseek_v3": modeling_deepseek_v3.DeepseekV3Attention,
    }[config["model_type"]]
    with torch.device("meta"):
        attention_module = module(hf, layer_idx=0)
    head_dim = getattr(attention_module, "qk_head_dim", None) or attention_module.head_dim
    softmax_extra = attention_module.scaling * math.sqrt(head_dim)
    _, attention = ours(config)
    expected = ROTARY[config["model_type"]](hf).attention_scaling ** 2 * softmax_extra
    assert models.score_factor(config, attention) == pytest.approx(expected, rel=1e-9)
    if name == "DeepSeek-V3":  # DeepSeek's reference code: softmax_scale * (0.1 * mscale * ln(factor) + 1)^2
        assert attention == 1.0 and softmax_extra == pytest.approx((0.1 * math.log(40) + 1) ** 2, rel=1e-9)


def test_the_rows_agree_with_the_real_checkpoints_page():
    """Llama 3.1 8B is in both tables; the two copies of its config must not differ."""
    ours_llama31 = {name: config for name, _, config in models.MODELS}["Llama 3.1 8B"]
    theirs = {name: config for name, _, config in family_table.MODELS}["Llama 3.1 8B"]
    assert ours_llama31 == theirs


def test_longrope_is_refused_although_transformers_has_it():
    config = {name: config for name, _, config in models.MODELS}["Phi-3 mini 128K"]
    assert "longrope" in ROPE_INIT_FUNCTIONS
    with pytest.raises(ValueError, match=r"'longrope' is not supported"):
        rope_frequencies(config)
