"""The checkpoint conversion page's code (snippets/rope/layout_conversion.py, converted_attention.py) against the
permutations that converters apply (transformers' PermuteForRope and GGUF loader, the permute of the original
convert_llama_weights_to_hf.py) and against transformers' LlamaAttention and Qwen2Attention running weights
converted by it; plus the page's claims about how libraries name the two layouts.
"""

import copy
import importlib
from types import SimpleNamespace

import pytest
import torch
from rotary_embedding_torch import rotary_embedding_torch
from transformers import LlamaConfig, Qwen2Config
from transformers.conversion_mapping import _build_checkpoint_conversion_mapping, get_checkpoint_conversion_mapping
from transformers.core_model_loading import PermuteForRope, VisionFuseAndPermuteForRope, VisionUnfuseAndPermuteForRope
from transformers.modeling_gguf_pytorch_utils import LlamaTensorProcessor
from transformers.modeling_rope_utils import ROPE_INIT_FUNCTIONS
from transformers.models.gptj import modeling_gptj
from transformers.models.llama import modeling_llama
from transformers.models.llama.modeling_llama import LlamaRotaryEmbedding
from transformers.models.qwen2 import modeling_qwen2
from transformers.models.qwen3.modeling_qwen3 import Qwen3RMSNorm

from hooks.core.snippets import import_snippet

conversion = import_snippet("rope/layout_conversion.py")
converted = import_snippet("rope/converted_attention.py")
rope_complex = import_snippet("rope/rope_complex.py")
interleaved_to_half, half_to_interleaved = conversion.interleaved_to_half, conversion.half_to_interleaved

# (n_heads, head_dim, hidden): one head, several, a large head, the shapes of a Llama 3 8B key projection
SHAPES = [(1, 8, 8), (4, 16, 32), (3, 64, 20), (8, 128, 64)]


def permute_from_convert_llama_weights_to_hf(w, n_heads, dim1, dim2):
    """Verbatim from transformers' src/transformers/models/llama/convert_llama_weights_to_hf.py (commit
    01cc9cd9d804d368d553c093c4eb0646320545bb), which the pinned transformers 5.23.0 package no longer ships."""
    return w.view(n_heads, dim1 // n_heads // 2, 2, dim2).transpose(1, 2).reshape(dim1, dim2)


def permute_from_convert_hf_to_gguf(weights, n_head, n_head_kv):
    """Verbatim from llama.cpp's convert_hf_to_gguf.py (`LlamaModel.permute`), which turns Hugging Face Llama weights
    into the interleaved layout llama.cpp runs them in; transformers' GGUF loader cites it."""
    if n_head_kv is not None and n_head != n_head_kv:
        n_head = n_head_kv
    return (
        weights.reshape(n_head, 2, weights.shape[0] // n_head // 2, *weights.shape[1:])
        .swapaxes(1, 2)
        .reshape(weights.shape)
    )


def permute_for_rope(tensor, n_heads, inverse=False):
    """transformers 5.23.0's loading-time conversion, which takes its one head count from a config's
    num_attention_heads: compared here on shapes without GQA (see the test of GQA keys below)."""
    return PermuteForRope(inverse=inverse)._permute_for_rope(tensor, SimpleNamespace(num_attention_heads=n_heads))


@pytest.mark.parametrize("n_heads, head_dim, hidden", SHAPES)
def test_matches_the_converters(n_heads, head_dim, hidden):
    generator = torch.Generator().manual_seed(n_heads * head_dim)
    w = torch.randn(n_heads * head_dim, hidden, generator=generator)
    b = torch.randn(n_heads * head_dim, generator=generator)
    rows = n_heads * head_dim
    ours = interleaved_to_half(w, n_heads)
    assert torch.equal(ours, permute_from_convert_llama_weights_to_hf(w, n_heads, rows, hidden))
    assert torch.equal(ours, permute_for_rope(w, n_heads))
    assert torch.equal(interleaved_to_half(b, n_heads), permute_for_rope(b, n_heads))
    assert torch.equal(half_to_interleaved(w, n_heads), permute_for_rope(w, n_heads, inverse=True))
    assert torch.equal(half_to_interleaved(b, n_heads), permute_for_rope(b, n_heads, inverse=True))


@pytest.mark.parametrize("n_heads, n_kv_heads", [(4, 2), (8, 1), (32, 8)])
def test_permute_for_rope_converts_keys_with_the_query_head_count(n_heads, n_kv_heads):
    """The page: PermuteForRope takes one head count, num_attention_heads, for queries and keys alike; with a real
    GQA config, through its public convert(), keys come out converted with the query head count, not the right one."""
    head_dim, hidden = 16, 32 * 24
    config = LlamaConfig(
        hidden_size=hidden, num_attention_heads=n_heads, num_key_value_heads=n_kv_heads, head_dim=head_dim
    )
    w_q = torch.randn(n_heads * head_dim, hidden)
    w_k = torch.randn(n_kv_heads * head_dim, hidden)

    def load(name, w):
        converted = PermuteForRope().convert({name: [w]}, source_patterns=[name], target_patterns=[name], config=config)
        return converted[name]

    assert torch.equal(load("self_attn.q_proj.weight", w_q), interleaved_to_half(w_q, n_heads))
    loaded_k = load("self_attn.k_proj.weight", w_k)
    assert torch.equal(loaded_k, interleaved_to_half(w_k, n_heads))
    assert not torch.equal(loaded_k, interleaved_to_half(w_k, n_kv_heads))


def test_only_these_checkpoint_mappings_use_permute_for_rope():
    """The page: four model types' loading-time mappings use PermuteForRope, and Llama has no mapping at all."""
    permuting = (PermuteForRope, VisionFuseAndPermuteForRope, VisionUnfuseAndPermuteForRope)
    users = {
        model_type
        for model_type, conversions in _build_checkpoint_conversion_mapping().items()
        if any(isinstance(op, permuting) for c in conversions for op in getattr(c, "operations", None) or ())
    }
    assert users == {"kimi_k25", "step3p5_vision", "mistral_large4", "gradium_phonon_tts"}
    assert get_checkpoint_conversion_mapping("llama") is None


def test_a_norm_scale_before_the_rotation_must_be_reordered_too():
    """The page: a per-feature scale applied to queries or keys before the rotation (Qwen3's q_norm, k_norm) moves
    with the features; the RMS itself does not depend on their order."""
    head_dim = 16
    generator = torch.Generator().manual_seed(3)
    x = torch.randn(3, 5, head_dim, generator=generator)
    norm = Qwen3RMSNorm(head_dim)
    with torch.no_grad():
        norm.weight.copy_(torch.randn(head_dim, generator=generator))
    perm = interleaved_to_half(torch.arange(head_dim), 1)
    converted_norm = Qwen3RMSNorm(head_dim)
    with torch.no_grad():
        converted_norm.weight.copy_(interleaved_to_half(norm.weight, 1))
        torch.testing.assert_close(converted_norm(x[..., perm]), norm(x)[..., perm], rtol=0, atol=1e-6)
        assert (norm(x[..., perm]) - norm(x)[..., perm]).abs().max() > 0.1  # scale left as it is: no error, wrong


@pytest.mark.parametrize("n_heads, n_kv_heads", [(4, 2), (8, 1), (32, 8)])
def test_keys_under_grouped_query_attention_match_the_gguf_loader(n_heads, n_kv_heads):
    """transformers' GGUF loader turns llama.cpp's interleaved Llama weights back into the Hugging Face layout,
    with the key/value head count for keys: that is interleaved_to_half."""
    head_dim, hidden = 16, 24
    processor = LlamaTensorProcessor(config={"num_attention_heads": n_heads, "num_key_value_heads": n_kv_heads})
    w_q = torch.randn(n_heads * head_dim, hidden)
    w_k = torch.randn(n_kv_heads * head_dim, hidden)
    gguf_q = processor.process(w_q.numpy(), "blk.0.attn_q.weight").weights
    gguf_k = processor.process(w_k.numpy(), "blk.0.attn_k.weight").weights
    assert torch.equal(interleaved_to_half(w_q, n_heads), torch.from_numpy(gguf_q))
    assert torch.equal(interleaved_to_half(w_k, n_kv_heads), torch.from_numpy(gguf_k))
    rows = n_kv_heads * head_dim
    assert torch.equal(
        interleaved_to_half(w_k, n_kv_heads), permute_from_convert_llama_weights_to_hf(w_k, n_kv_heads, rows, hidden)
    )
    # and back, as llama.cpp converts Hugging Face weights: queries with n_head, keys with n_head_kv
    assert torch.equal(half_to_interleaved(w_q, n_heads), permute_from_convert_hf_to_gguf(w_q, n_heads, n_heads))
    assert torch.equal(half_to_interleaved(w_k, n_kv_heads), permute_from_convert_hf_to_gguf(w_k, n_heads, n_kv_heads))


@pytest.mark.parametrize("n_heads, head_dim, hidden", SHAPES)
def test_the_two_functions_are_inverse_permutations(n_heads, head_dim, hidden):
    numbered = torch.arange(n_heads * head_dim)
    for forward, backward in ((interleaved_to_half, half_to_interleaved), (half_to_interleaved, interleaved_to_half)):
        moved = forward(numbered, n_heads)
        assert sorted(moved.tolist()) == numbered.tolist()  # a permutation of the rows
        assert torch.equal(backward(moved, n_heads), numbered)
        # rows never leave their head
        assert torch.equal(moved.view(n_heads, head_dim) // head_dim, numbered.view(n_heads, head_dim) // head_dim)
    w = torch.randn(n_heads * head_dim, hidden)
    assert torch.equal(half_to_interleaved(interleaved_to_half(w, n_heads), n_heads), w)


def test_one_head_is_the_even_then_odd_reordering():
    assert interleaved_to_half(torch.arange(8), 1).tolist() == [0, 2, 4, 6, 1, 3, 5, 7]
    assert half_to_interleaved(torch.arange(8), 1).tolist() == [0, 4, 1, 5, 2, 6, 3, 7]


@pytest.mark.parametrize("shape, n_heads", [((12, 4), 5), ((12, 4), 4), ((6,), 2), ((2, 3, 4), 1)])
def test_shapes_it_cannot_convert_raise(shape, n_heads):
    """Rows not divisible into heads, an odd head dimension, a tensor that is neither a weight nor a bias."""
    with pytest.raises(ValueError, match="n_heads"):
        interleaved_to_half(torch.zeros(shape), n_heads)
    with pytest.raises(ValueError, match="n_heads"):
        half_to_interleaved(torch.zeros(shape), n_heads)


HIDDEN, N_HEADS, N_KV_HEADS, HEAD_DIM, SEQ = 64, 8, 2, 16, 9  # keys: 32 rows, which 8 heads also divide


def meta_weights(bias, seed=0):
    """Random projections in Meta's layout; biases on q, k, v as Qwen2 has them."""
    generator = torch.Generator().manual_seed(seed)
    rows = {"q": N_HEADS * HEAD_DIM, "k": N_KV_HEADS * HEAD_DIM, "v": N_KV_HEADS * HEAD_DIM}
    weights = {name: torch.randn(n, HIDDEN, generator=generator) / HIDDEN**0.5 for name, n in rows.items()}
    weights["o"] = torch.randn(HIDDEN, N_HEADS * HEAD_DIM, generator=generator) / HIDDEN**0.5
    if bias:
        weights |= {f"{name}_bias": torch.randn(n, generator=generator) for name, n in rows.items()}
    return weights


def transformers_attention(module, config, weights, k_heads):
    """A transformers attention layer loaded with Meta's weights converted by interleaved_to_half."""
    layer = module(config, layer_idx=0).eval()
    with torch.no_grad():
        layer.q_proj.weight.copy_(interleaved_to_half(weights["q"], N_HEADS))
        layer.k_proj.weight.copy_(interleaved_to_half(weights["k"], k_heads))
        layer.v_proj.weight.copy_(weights["v"])
        layer.o_proj.weight.copy_(weights["o"])
        if "q_bias" in weights:
            layer.q_proj.bias.copy_(interleaved_to_half(weights["q_bias"], N_HEADS))
            layer.k_proj.bias.copy_(interleaved_to_half(weights["k_bias"], k_heads))
            layer.v_proj.bias.copy_(weights["v_bias"])
    return layer


CASES = {
    "llama-gqa": (modeling_llama, LlamaConfig, False),
    "qwen2-gqa-biases": (modeling_qwen2, Qwen2Config, True),
}


def run_transformers(name, weights, x, offset, k_heads=N_KV_HEADS):
    modeling, config_class, _ = CASES[name]
    config = config_class(
        hidden_size=HIDDEN,
        num_attention_heads=N_HEADS,
        num_key_value_heads=N_KV_HEADS,
        head_dim=HEAD_DIM,
        intermediate_size=32,
        max_position_embeddings=256,
        rope_parameters={"rope_type": "default", "rope_theta": 10000.0},
    )
    config._attn_implementation = "eager"
    attention_class = getattr(modeling, f"{config_class.__name__.removesuffix('Config')}Attention")
    layer = transformers_attention(attention_class, config, weights, k_heads)
    rotary = getattr(modeling, f"{config_class.__name__.removesuffix('Config')}RotaryEmbedding")(config)
    position_ids = torch.arange(SEQ)[None] + offset
    cos, sin = rotary(x[None], position_ids)
    mask = torch.full((SEQ, SEQ), float("-inf")).triu(1)[None, None]
    with torch.no_grad():
        out, probs = layer(x[None], position_embeddings=(cos, sin), attention_mask=mask)
    return out[0], probs[0]


@pytest.mark.parametrize("offset", [0, 37])
@pytest.mark.parametrize("name", CASES)
def test_converted_weights_in_transformers_match_the_interleaved_model(name, offset):
    """transformers' own attention (rotate_half) on converted weights == the guide's interleaved attention on
    Meta's weights: the same attention weights and the same output."""
    weights = meta_weights(bias=CASES[name][2])
    x = torch.randn(SEQ, HIDDEN, generator=torch.Generator().manual_seed(1))
    positions = torch.arange(SEQ) + offset

    def interleaved(t):
        return rope_complex.apply_rope_complex(t, positions)

    scores, out = converted.attention(x, weights, N_HEADS, N_KV_HEADS, interleaved)
    probs = scores.masked_fill(~torch.ones(SEQ, SEQ, dtype=torch.bool).tril(), float("-inf")).softmax(dim=-1)
    ref_out, ref_probs = run_transformers(name, weights, x, offset)
    torch.testing.assert_close(ref_probs, probs, rtol=0, atol=1e-5)
    torch.testing.assert_close(ref_out, out, rtol=0, atol=1e-5)

    # keys converted with the query head count: no error, another model
    wrong_out, _ = run_transformers(name, weights, x, offset, k_heads=N_HEADS)
    assert (wrong_out - out).abs().max() > 0.1


def feature_moved_to(rotate, head_dim=8):
    """Which feature the rotation's helper sends feature 0 to: d/2 for half-split pairs, 1 for interleaved ones."""
    unit = torch.zeros(1, 1, 1, head_dim)
    unit[..., 0] = 1.0
    return rotate(unit).flatten().nonzero().item()


@pytest.mark.parametrize("model", ["llama", "mistral", "qwen2", "qwen3", "gpt_neox", "phi", "gemma"])
def test_rotate_half_pairs_halves_in_these_transformers_models(model):
    """The page's table: transformers' rotate_half of these models pairs feature i with feature i + d/2."""
    modeling = importlib.import_module(f"transformers.models.{model}.modeling_{model}")
    assert feature_moved_to(modeling.rotate_half) == 4


@pytest.mark.parametrize("model", ["cohere", "glm", "glm4"])
def test_rotate_half_pairs_neighbours_in_these_transformers_models(model):
    modeling = importlib.import_module(f"transformers.models.{model}.modeling_{model}")
    assert feature_moved_to(modeling.rotate_half) == 1


def test_what_the_other_names_mean_in_the_installed_libraries():
    """GPT-J's rotate_every_two pairs neighbours, and so does rotary-embedding-torch's rotate_half, despite its name."""
    assert feature_moved_to(modeling_gptj.rotate_every_two) == 1
    assert feature_moved_to(rotary_embedding_torch.rotate_half) == 1


def test_the_guide_s_interleaved_and_half_split_rotations_differ_by_exactly_this_permutation():
    """rotate_half RoPE(P x) = P interleaved RoPE(x), with P = interleaved_to_half on a (heads * head_dim,) axis."""
    rope_half = import_snippet("rope/rope_rotate_half.py")
    x = torch.randn(3, 1, 5, 16)  # (heads, 1, seq, head_dim)
    positions = torch.arange(5) + 11
    interleaved = rope_complex.apply_rope_complex(x, positions)
    perm = interleaved_to_half(torch.arange(16), 1)
    half = rope_half.RotaryCache(16, max_positions=64)(x[..., perm], positions)
    torch.testing.assert_close(half, interleaved[..., perm], rtol=0, atol=1e-5)


# The page's table and "Nor does the format tell the layout": transformers' interleaved Hugging Face checkpoints.


def test_llama4_and_deepseek_v2_rotate_interleaved_pairs_with_complex_numbers():
    """Their apply_rotary_emb equals the guide's interleaved rotation, feature for feature."""
    from transformers.models.deepseek_v2 import modeling_deepseek_v2
    from transformers.models.llama4 import modeling_llama4

    generator = torch.Generator().manual_seed(5)
    q, k = torch.randn(2, 3, 6, 16, generator=generator), torch.randn(2, 3, 6, 16, generator=generator)  # b h s d
    positions = torch.arange(6) + 4
    angles = rope_complex.rope_angles(positions, 16)[None]  # (1, seq, pairs)
    freqs_cis = torch.polar(torch.ones_like(angles), angles)
    expected = rope_complex.apply_rope_complex(q, positions), rope_complex.apply_rope_complex(k, positions)
    # Llama 4 takes (batch, seq, heads, head_dim), DeepSeek-V2 (batch, heads, seq, head_dim)
    llama4 = modeling_llama4.apply_rotary_emb(q.transpose(1, 2), k.transpose(1, 2), freqs_cis)
    deepseek_v2 = modeling_deepseek_v2.apply_rotary_emb(q, k, freqs_cis)
    for ours, theirs in zip(expected, (llama4[0].transpose(1, 2), llama4[1].transpose(1, 2))):
        torch.testing.assert_close(theirs, ours, rtol=0, atol=1e-6)
    for ours, theirs in zip(expected, deepseek_v2):
        torch.testing.assert_close(theirs, ours, rtol=0, atol=1e-6)


def test_deepseek_v3_rotates_interleaved_pairs_and_writes_them_half_split():
    """apply_rotary_pos_emb_interleave = the interleaved rotation, then interleaved_to_half; scores unchanged.
    rope_interleave is True by default."""
    from transformers import DeepseekV3Config
    from transformers.models.deepseek_v3 import modeling_deepseek_v3

    assert DeepseekV3Config().rope_interleave is True
    generator = torch.Generator().manual_seed(6)
    q, k = torch.randn(1, 2, 5, 16, generator=generator), torch.randn(1, 2, 5, 16, generator=generator)
    positions = torch.arange(5) + 9
    angles = rope_complex.rope_angles(positions, 16)[None]
    angles = torch.cat((angles, angles), dim=-1)  # transformers' cos and sin tables: cat(freqs, freqs)
    q_out, k_out = modeling_deepseek_v3.apply_rotary_pos_emb_interleave(q, k, angles.cos(), angles.sin())
    perm = interleaved_to_half(torch.arange(16), 1)
    q_ref, k_ref = rope_complex.apply_rope_complex(q, positions), rope_complex.apply_rope_complex(k, positions)
    torch.testing.assert_close(q_out, q_ref[..., perm], rtol=0, atol=1e-6)
    torch.testing.assert_close(k_out, k_ref[..., perm], rtol=0, atol=1e-6)
    torch.testing.assert_close(q_out @ k_out.transpose(-1, -2), q_ref @ k_ref.transpose(-1, -2), rtol=0, atol=1e-5)


def deepseek_v3_attention(rope_interleave, state=None, q_lora_rank=None):
    from transformers import DeepseekV3Config
    from transformers.models.deepseek_v3 import modeling_deepseek_v3

    config = DeepseekV3Config(
        hidden_size=48,
        num_attention_heads=3,
        num_key_value_heads=3,
        q_lora_rank=q_lora_rank,
        kv_lora_rank=12,
        qk_rope_head_dim=8,
        qk_nope_head_dim=6,
        v_head_dim=5,
        rope_interleave=rope_interleave,
        rope_parameters={"rope_type": "default", "rope_theta": 10000.0},
    )
    config._attn_implementation = "eager"
    torch.manual_seed(7)
    layer = modeling_deepseek_v3.DeepseekV3Attention(config, layer_idx=0).eval()
    if state is not None:
        layer.load_state_dict(state)
    rotary = modeling_deepseek_v3.DeepseekV3RotaryEmbedding(config)
    return layer, rotary


def run_deepseek_v3(layer, rotary, x):
    seq = x.shape[1]
    cos_sin = rotary(x, torch.arange(seq)[None] + 3)
    mask = torch.full((seq, seq), float("-inf")).triu(1)[None, None]
    with torch.no_grad():
        return layer(x, position_embeddings=cos_sin, attention_mask=mask)[0]


def mla_interleaved_to_half(state, n_heads, nope, rope, kv_lora_rank, whole_heads=False):
    """The page's MLA bullet: permute only the last `rope` features of each query head and the last `rope` rows of
    kv_a_proj_with_mqa (whole_heads=True permutes each query head whole: the mistake)."""
    state = dict(state)
    q_name = "q_b_proj.weight" if "q_b_proj.weight" in state else "q_proj.weight"
    w_q = state[q_name].view(n_heads, nope + rope, -1).clone()
    if whole_heads:
        w_q = interleaved_to_half(w_q.reshape(n_heads * (nope + rope), -1), n_heads).view_as(w_q)
    else:
        w_q[:, nope:] = interleaved_to_half(w_q[:, nope:].reshape(n_heads * rope, -1), n_heads).view(n_heads, rope, -1)
    state[q_name] = w_q.reshape(n_heads * (nope + rope), -1)
    w_kv = state["kv_a_proj_with_mqa.weight"].clone()
    w_kv[kv_lora_rank:] = interleaved_to_half(w_kv[kv_lora_rank:], 1)
    state["kv_a_proj_with_mqa.weight"] = w_kv
    return state


@pytest.mark.parametrize("q_lora_rank", [None, 16])
def test_mla_converts_by_permuting_only_the_rotated_slices(q_lora_rank):
    """A DeepSeek-V3 attention layer run with rope_interleave=True equals the same layer, converted as the page says,
    run with rope_interleave=False (rotate_half); permuting whole query heads instead gives another model."""
    interleaved, rotary = deepseek_v3_attention(True, q_lora_rank=q_lora_rank)
    x = torch.randn(1, 7, 48, generator=torch.Generator().manual_seed(8))
    expected = run_deepseek_v3(interleaved, rotary, x)
    state = interleaved.state_dict()
    converted = mla_interleaved_to_half(state, 3, 6, 8, 12)
    half, half_rotary = deepseek_v3_attention(False, converted, q_lora_rank=q_lora_rank)
    torch.testing.assert_close(run_deepseek_v3(half, half_rotary, x), expected, rtol=0, atol=1e-5)
    wrong, _ = deepseek_v3_attention(False, mla_interleaved_to_half(state, 3, 6, 8, 12, whole_heads=True), q_lora_rank)
    assert (run_deepseek_v3(wrong, half_rotary, x) - expected).abs().max() > 1e-3
    unconverted, _ = deepseek_v3_attention(False, state, q_lora_rank=q_lora_rank)
    assert (run_deepseek_v3(unconverted, half_rotary, x) - expected).abs().max() > 1e-3


@pytest.mark.parametrize("model", ["gpt_neox", "phi3"])
def test_fused_qkv_slices_are_where_the_page_says(model, monkeypatch):
    """GPT-NeoX's query_key_value: head by head, that head's query, key and value rows; Phi-3's qkv_proj: all query
    rows, then the key rows, then the value rows. Each output row is given its own index; the test reads back which
    rows reach the rotation as queries and keys."""
    modeling = importlib.import_module(f"transformers.models.{model}.modeling_{model}")
    heads, kv_heads, head_dim = 2, 2 if model == "gpt_neox" else 1, 4
    if model == "gpt_neox":
        config = modeling.GPTNeoXConfig(hidden_size=heads * head_dim, num_attention_heads=heads)
        layer, fused = modeling.GPTNeoXAttention(config, layer_idx=0), "query_key_value"
    else:
        config = modeling.Phi3Config(
            hidden_size=heads * head_dim, num_attention_heads=heads, num_key_value_heads=kv_heads
        )
        layer, fused = modeling.Phi3Attention(config, layer_idx=0), "qkv_proj"
    config._attn_implementation = "eager"
    seen = {}

    def capture(q, k, cos, sin, *args, **kwargs):
        seen["q"], seen["k"] = q[0, :, 0], k[0, :, 0]  # (heads, head_dim) at the one position
        return q, k

    monkeypatch.setattr(modeling, "apply_rotary_pos_emb", capture)
    projection = getattr(layer, fused)
    with torch.no_grad():
        projection.weight.zero_()
        projection.weight[:, 0] = torch.arange(projection.weight.shape[0]).float()
        if projection.bias is not None:
            projection.bias.zero_()
        x = torch.zeros(1, 1, heads * head_dim)
        x[..., 0] = 1.0
        cos_sin = (torch.ones(1, 1, head_dim), torch.zeros(1, 1, head_dim))
        layer(x, attention_mask=None, position_embeddings=cos_sin)
    rows = [list(range(start, start + head_dim)) for start in range(0, 3 * heads * head_dim, head_dim)]
    if model == "gpt_neox":  # per head: q, k, v
        assert seen["q"].tolist() == [rows[3 * h] for h in range(heads)]
        assert seen["k"].tolist() == [rows[3 * h + 1] for h in range(heads)]
    else:  # all q heads, then the k heads
        assert seen["q"].tolist() == rows[:heads]
        assert seen["k"].tolist() == rows[heads : heads + kv_heads]


# "What else a conversion must carry": snippets/rope/conversion_frequencies.py against transformers.

conversion_frequencies = import_snippet("rope/conversion_frequencies.py")
CONVERTED = conversion_frequencies.CONVERTED


def llama_config(config):
    """transformers' LlamaConfig for a config.json dict (a deep copy: transformers edits the dicts it is given)."""
    return LlamaConfig(**copy.deepcopy(config))


@pytest.mark.parametrize("name", CONVERTED)
def test_converted_frequencies_match_transformers(name):
    """The snippet's theta_i for each converted config = transformers' ROPE_INIT_FUNCTIONS and the inv_freq buffer of
    LlamaRotaryEmbedding, which a converted Llama checkpoint runs with."""
    config = CONVERTED[name]
    ours, _ = conversion_frequencies.rope_frequencies(config)
    hf = llama_config(config)
    rope_type = hf.rope_parameters["rope_type"]
    if rope_type == "default":  # the default type has no entry in ROPE_INIT_FUNCTIONS
        reference, _ = LlamaRotaryEmbedding.compute_default_rope_parameters(hf)
    else:
        reference, _ = ROPE_INIT_FUNCTIONS[rope_type](hf, None)
    torch.testing.assert_close(ours, reference.float(), rtol=1e-6, atol=0)
    torch.testing.assert_close(ours, LlamaRotaryEmbedding(hf).inv_freq, rtol=1e-6, atol=0)


def test_a_llama3_scaling_without_its_original_length_is_read_with_max_position_embeddings():
    """The page: transformers fills a missing original_max_position_embeddings with max_position_embeddings, without
    an error; the snippet's "original length 131072" row is what it then runs."""
    scaling = {k: v for k, v in conversion_frequencies.REFERENCE["rope_scaling"].items()}
    del scaling["original_max_position_embeddings"]
    hf = llama_config({**conversion_frequencies.REFERENCE, "rope_scaling": scaling})
    assert hf.rope_parameters["original_max_position_embeddings"] == 131072
    expected, _ = conversion_frequencies.rope_frequencies(CONVERTED["original length 131072"])
    torch.testing.assert_close(LlamaRotaryEmbedding(hf).inv_freq, expected, rtol=1e-6, atol=0)


def test_the_check_finds_the_dropped_scaling_that_short_inputs_hide():
    """Carried: no pair differs. Dropped: pairs 29-63, the ones the llama3 scaling slows (wavelength above 8192/4),
    up to 8 times; at the first 16 positions, sin differs by at most 0.014 and cos by less than 0.001."""
    reference = conversion_frequencies.REFERENCE
    _, differ = conversion_frequencies.check_conversion(CONVERTED["scaling carried"], reference)
    assert differ == []
    ratio, differ = conversion_frequencies.check_conversion(CONVERTED["scaling dropped"], reference)
    unscaled, _ = conversion_frequencies.rope_frequencies(CONVERTED["scaling dropped"])
    assert differ == (2 * torch.pi / unscaled >= 8192 / 4).nonzero().flatten().tolist() == list(range(29, 64))
    assert ratio.max().item() == 8.0
    hf_dropped = LlamaRotaryEmbedding(llama_config(CONVERTED["scaling dropped"]))
    hf_reference = LlamaRotaryEmbedding(llama_config(reference))
    positions = torch.arange(16)[None]
    (cos_dropped, sin_dropped), (cos, sin) = (
        hf_dropped(torch.zeros(1), positions),
        hf_reference(torch.zeros(1), positions),
    )
    assert 0.01 < (sin_dropped - sin).abs().max() < 0.014
    assert (cos_dropped - cos).abs().max() < 0.001
