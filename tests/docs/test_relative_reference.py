"""The relative-position functions of docs/en/positions/relative.md against independent code:
T5's bucketing against transformers' T5Attention._relative_position_bucket (a port of Mesh
TensorFlow's), and the ALiBi slopes against transformers' BLOOM, which uses ALiBi."""

import pytest
import torch
from transformers.models.bloom.modeling_bloom import build_alibi_tensor
from transformers.models.t5.modeling_t5 import T5Attention

from hooks.core.snippets import import_snippet

t5_buckets = import_snippet("positions/t5_buckets.py")
alibi = import_snippet("positions/alibi.py")


@pytest.mark.parametrize("bidirectional", [True, False], ids=["encoder", "decoder"])
@pytest.mark.parametrize("num_buckets, max_distance", [(32, 128), (32, 64), (64, 256), (16, 40), (8, 20)])
def test_t5_buckets_match_transformers(bidirectional, num_buckets, max_distance):
    relative = torch.arange(-3000, 3001)
    ours = t5_buckets.t5_bucket(relative, bidirectional, num_buckets, max_distance)
    reference = T5Attention._relative_position_bucket(relative, bidirectional, num_buckets, max_distance)
    assert torch.equal(ours, reference)


def test_t5_buckets_of_a_query_key_matrix():
    """The shape T5 uses: memory_position - query_position for every pair, (queries, keys)."""
    queries, keys = torch.arange(300)[:, None], torch.arange(310)[None, :]
    ours = t5_buckets.t5_bucket(keys - queries)
    assert torch.equal(ours, T5Attention._relative_position_bucket(keys - queries))


@pytest.mark.parametrize("num_heads", list(range(1, 33)) + [48, 64, 96])
def test_alibi_slopes_match_bloom(num_heads):
    # BLOOM adds slope_h * j to the scores of key j (softmax ignores the per-row constant slope_h * i),
    # so the bias of key 1 over key 0 is the slope of head h.
    bias = build_alibi_tensor(torch.ones(1, 2), num_heads, torch.float64)  # (heads, 1, keys)
    reference = bias[:, 0, 1] - bias[:, 0, 0]
    ours = torch.tensor(alibi.alibi_slopes(num_heads), dtype=torch.float64)
    torch.testing.assert_close(ours, reference, atol=1e-12, rtol=1e-6)
