"""The RoPE chapter's implementations against independent code: rotary-embedding-torch
(interleaved pairs, like Meta's LLaMA reference) and Hugging Face transformers' LLaMA
(half-split pairs, `rotate_half`). The functions tested are the very ones the pages show.
"""

import pytest
import torch
import torch.nn.functional as F
from rotary_embedding_torch import RotaryEmbedding
from transformers import LlamaConfig
from transformers.models.llama.modeling_llama import LlamaRotaryEmbedding, apply_rotary_pos_emb

from hooks.core.snippets import import_snippet

rope_complex = import_snippet("rope/rope_complex.py")
rope_half = import_snippet("rope/rope_rotate_half.py")
rope_attention = import_snippet("rope/rope_attention.py")
long_context = import_snippet("rope/long_context.py")

ATOL = 1e-5

# (batch, heads, seq, head_dim, base, offset)
CASES = [
    (1, 1, 1, 4, 10000.0, 0),  # rotary-embedding-torch divides by head_dim - 2, so not 2
    (2, 3, 7, 8, 10000.0, 0),
    (2, 3, 7, 8, 10000.0, 5),
    (3, 4, 16, 64, 500000.0, 1000),
    (1, 2, 33, 128, 10000.0, 4000),
    (2, 2, 9, 32, 100.0, 17),
]
IDS = [f"B{b}-H{h}-S{s}-D{d}-base{base:g}-offset{o}" for b, h, s, d, base, o in CASES]


def random_qk(batch, heads, seq, head_dim, seed=0):
    generator = torch.Generator().manual_seed(seed)
    shape = (batch, heads, seq, head_dim)
    return torch.randn(shape, generator=generator), torch.randn(shape, generator=generator)


def llama_rope(heads, head_dim, rope_parameters, max_positions):
    config = LlamaConfig(
        hidden_size=heads * head_dim,
        num_attention_heads=heads,
        head_dim=head_dim,
        max_position_embeddings=max_positions,
        rope_parameters=rope_parameters,
    )
    rope = LlamaRotaryEmbedding(config)
    assert rope.inv_freq.shape == (head_dim // 2,)
    return rope


def llama_apply(q, k, rope, position_ids):
    cos, sin = rope(q, position_ids)
    return apply_rotary_pos_emb(q, k, cos, sin)


def assert_close(ours, reference):
    assert ours.shape == reference.shape
    torch.testing.assert_close(ours, reference, atol=ATOL, rtol=0)


@pytest.mark.parametrize("batch, heads, seq, head_dim, base, offset", CASES, ids=IDS)
def test_complex_form_matches_rotary_embedding_torch(batch, heads, seq, head_dim, base, offset):
    q, k = random_qk(batch, heads, seq, head_dim)
    # cache_if_possible=False: compare with the library's own computation, not with a table it kept
    reference = RotaryEmbedding(dim=head_dim, theta=base, cache_if_possible=False)
    positions = torch.arange(seq) + offset
    for t in (q, k):
        assert_close(
            rope_complex.apply_rope_complex(t, positions, base), reference.rotate_queries_or_keys(t, offset=offset)
        )


def test_complex_form_matches_rotary_embedding_torch_cached_path():
    """The library's cached table (filled by an offset-0 call) gives the same rotation at an offset."""
    q, _ = random_qk(2, 4, 12, 16)
    reference = RotaryEmbedding(dim=16)
    reference.rotate_queries_or_keys(torch.zeros(1, 1, 64, 16))  # fills its cache for positions 0..63
    assert_close(
        rope_complex.apply_rope_complex(q, torch.arange(12) + 40), reference.rotate_queries_or_keys(q, offset=40)
    )


@pytest.mark.parametrize("batch, heads, seq, head_dim, base, offset", CASES, ids=IDS)
def test_rotate_half_form_matches_transformers_llama(batch, heads, seq, head_dim, base, offset):
    q, k = random_qk(batch, heads, seq, head_dim)
    reference = llama_rope(heads, head_dim, {"rope_type": "default", "rope_theta": base}, offset + seq)
    position_ids = (torch.arange(seq) + offset).expand(batch, seq)
    ref_q, ref_k = llama_apply(q, k, reference, position_ids)
    ours = rope_half.RotaryCache(head_dim, max_positions=offset + seq, base=base)
    positions = torch.arange(seq) + offset
    assert_close(ours(q, positions), ref_q)
    assert_close(ours(k, positions), ref_k)


def test_rotate_half_form_per_sequence_position_ids_match_transformers_llama():
    """(batch, seq) position ids, e.g. sequences of a batch decoded at different lengths."""
    q, k = random_qk(3, 2, 4, 16)
    position_ids = torch.tensor([[0, 1, 2, 3], [10, 11, 12, 13], [500, 501, 502, 503]])
    reference = llama_rope(2, 16, {"rope_type": "default", "rope_theta": 10000.0}, 512)
    ref_q, ref_k = llama_apply(q, k, reference, position_ids)
    ours = rope_half.RotaryCache(16, max_positions=512)
    assert_close(ours(q, position_ids), ref_q)
    assert_close(ours(k, position_ids), ref_k)


def test_complex_form_per_sequence_position_ids_match_rotary_embedding_torch():
    q, _ = random_qk(2, 3, 5, 8)
    position_ids = torch.tensor([[0, 1, 2, 3, 4], [7, 8, 9, 10, 11]])
    reference = RotaryEmbedding(dim=8, cache_if_possible=False)
    ours = rope_complex.apply_rope_complex(q, position_ids)
    assert_close(ours[0], reference.rotate_queries_or_keys(q[:1], offset=0)[0])
    assert_close(ours[1], reference.rotate_queries_or_keys(q[1:], offset=7)[0])


def test_attention_matches_transformers_rope_and_torch_sdpa():
    """rope_attention.attention == LLaMA's rotation + torch's causal scaled_dot_product_attention."""
    torch.manual_seed(1)
    batch, seq, d_model, n_heads = 2, 9, 64, 4
    head_dim = d_model // n_heads
    params = rope_attention.make_params(d_model, seed=3)
    x = torch.randn(batch, seq, d_model)
    ours, _ = rope_attention.attention(x, params, n_heads, rope_half.RotaryCache(head_dim, 64))

    def heads(t):
        return t.view(batch, seq, n_heads, head_dim).transpose(1, 2)

    q, k, v = heads(x @ params["w_q"]), heads(x @ params["w_k"]), heads(x @ params["w_v"])
    reference_rope = llama_rope(n_heads, head_dim, {"rope_type": "default", "rope_theta": 10000.0}, 64)
    q, k = llama_apply(q, k, reference_rope, torch.arange(seq).expand(batch, seq))
    out = F.scaled_dot_product_attention(q, k, v, is_causal=True)
    reference = out.transpose(1, 2).reshape(batch, seq, d_model) @ params["w_o"]
    assert_close(ours, reference)


@pytest.mark.parametrize("scale", [2.0, 4.0, 8.0])
def test_position_interpolation_matches_both_references(scale):
    q, k = random_qk(2, 2, 40, 32)
    offset = 300
    positions = long_context.interpolated_positions(torch.arange(40) + offset, scale)
    ours_q = rope_complex.apply_rope_complex(q, positions)
    reference = RotaryEmbedding(dim=32, interpolate_factor=scale, cache_if_possible=False)
    assert_close(ours_q, reference.rotate_queries_or_keys(q, offset=offset))

    # transformers' "linear" RoPE is position interpolation in the half-split layout
    perm = torch.cat((torch.arange(0, 32, 2), torch.arange(1, 32, 2)))
    linear = llama_rope(2, 32, {"rope_type": "linear", "factor": scale, "rope_theta": 10000.0}, 512)
    ref_q, _ = llama_apply(q[..., perm], k[..., perm], linear, (torch.arange(40) + offset).expand(2, 40))
    assert_close(ours_q[..., perm], ref_q)


@pytest.mark.parametrize("scale, head_dim", [(2.0, 16), (4.0, 128), (8.0, 64)])
def test_ntk_base_matches_rotary_embedding_torch(scale, head_dim):
    q, _ = random_qk(1, 2, 20, head_dim)
    base = long_context.ntk_base(10000.0, scale, head_dim)
    reference = RotaryEmbedding(dim=head_dim, theta=10000.0, theta_rescale_factor=scale, cache_if_possible=False)
    assert_close(
        rope_complex.apply_rope_complex(q, torch.arange(20) + 1000, base),
        reference.rotate_queries_or_keys(q, offset=1000),
    )
    # the property the long-context page states: the lowest frequency is divided by exactly `scale`
    ratio = long_context.inverse_frequencies(head_dim, base) / long_context.inverse_frequencies(head_dim)
    assert ratio[0].item() == 1.0
    assert ratio[-1].item() == pytest.approx(1 / scale, rel=1e-12)


def test_odd_head_dim_claims_about_the_references():
    """What the mistakes page says the libraries do with an odd head dimension."""
    x = torch.randn(1, 1, 4, 5)
    # rotary-embedding-torch rotates the first 4 features and passes the fifth through
    rotated = RotaryEmbedding(dim=5, cache_if_possible=False).rotate_queries_or_keys(x)
    assert torch.equal(rotated[..., 4], x[..., 4])
    assert not torch.equal(rotated[..., :4], x[..., :4])
    # transformers refuses the configuration
    with pytest.raises(Exception, match="RoPE requires an even rotary dimension"):
        LlamaConfig(hidden_size=10, num_attention_heads=2, head_dim=5)
    # the chapter's functions refuse it
    with pytest.raises(ValueError):
        rope_complex.apply_rope_complex(x, torch.arange(4))
    with pytest.raises(ValueError):
        rope_half.RotaryCache(5, 8)


def test_a_snippet_imported_by_another_is_one_module():
    """Tests import snippets under their bare names, as the snippets import each other."""
    assert rope_attention.RotaryCache is rope_half.RotaryCache
