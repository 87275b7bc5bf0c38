"""DeBERTa's disentangled attention scores of docs/en/positions/relative.md against independent code:
the DisentangledSelfAttention layer of transformers' DeBERTa-v2, built from a tiny configuration
with random weights, and the formula of He et al. (2021) evaluated pair by pair. The function
tested is the very one the page shows (snippets/positions/deberta_scores.py)."""

import pytest
import torch
from transformers import DebertaV2Config
from transformers.models.deberta_v2.modeling_deberta_v2 import DisentangledSelfAttention

from hooks.core.snippets import import_snippet

deberta = import_snippet("positions/deberta_scores.py")


def centred(scores):
    """Scores minus their mean over the keys: the softmax ignores a constant added to a row."""
    return scores - scores.mean(dim=-1, keepdim=True)


@pytest.mark.parametrize("share_att_key", [False, True], ids=["own-position-projections", "shared-projections"])
@pytest.mark.parametrize("length, c", [(5, 2), (12, 3), (7, 8)], ids=["L5-c2", "L12-c3", "L7-c8"])
def test_deberta_scores_match_transformers(length, c, share_att_key):
    """The scores of each head, from the layer's own projections, against the layer's attention
    probabilities (compared as log-probabilities, centred per query). position_buckets=-1: the
    plain clipping of the paper, to [-c, c - 1]; DeBERTa-v3 checkpoints bucket instead."""
    torch.manual_seed(0)
    hidden, heads = 16, 2
    config = DebertaV2Config(
        hidden_size=hidden,
        num_attention_heads=heads,
        relative_attention=True,
        max_relative_positions=c,
        position_buckets=-1,
        pos_att_type=["c2p", "p2c"],
        share_att_key=share_att_key,
        attention_probs_dropout_prob=0.0,
        hidden_dropout_prob=0.0,
    )
    layer = DisentangledSelfAttention(config).double().eval()
    x = torch.randn(1, length, hidden, dtype=torch.float64)
    table = torch.randn(2 * c, hidden, dtype=torch.float64)  # the encoder's rel_embeddings, shared by its layers
    mask = torch.ones(1, 1, length, length, dtype=torch.bool)
    with torch.no_grad():
        _, probabilities = layer(x, mask, output_attentions=True, rel_embeddings=table)
        query_key = (layer.query_proj, layer.key_proj)
        position_projections = query_key if share_att_key else (layer.pos_query_proj, layer.pos_key_proj)
        q, k = (proj(x[0]).view(length, heads, -1).transpose(0, 1) for proj in query_key)
        q_pos, k_pos = (proj(table).view(2 * c, heads, -1).transpose(0, 1) for proj in position_projections)
        ours = torch.stack([deberta.deberta_scores(q[h], k[h], q_pos[h], k_pos[h], c) for h in range(heads)])
    # 1e-6, not 1e-12: transformers takes sqrt(3 d_h) in float32 (scaled_size_sqrt) even in a float64 layer
    torch.testing.assert_close(centred(ours), centred(probabilities[0].log()), atol=1e-6, rtol=0)


def paper_delta(i, j, k):
    """He et al. (2021), section 3.1: 0 for i - j <= -k, 2k - 1 for i - j >= k, i - j + k otherwise."""
    if i - j <= -k:
        return 0
    if i - j >= k:
        return 2 * k - 1
    return i - j + k


def pair_by_pair(q, k, q_pos, k_pos, c, position_to_content_row):
    """(Q^c_i K^c_j + Q^c_i K^r_delta(i,j) + K^c_j Q^r_row(i,j)) / sqrt(3 d), one pair at a time."""
    length, d_h = q.shape
    scores = torch.empty(length, length, dtype=q.dtype)
    for i in range(length):
        for j in range(length):
            score = q[i] @ k[j] + q[i] @ k_pos[paper_delta(i, j, c)] + k[j] @ q_pos[position_to_content_row(i, j)]
            scores[i, j] = score / (3 * d_h) ** 0.5
    return scores


def random_inputs(length, c, d_h=4, seed=1):
    generator = torch.Generator().manual_seed(seed)
    shapes = [(length, d_h), (length, d_h), (2 * c, d_h), (2 * c, d_h)]
    return [torch.randn(shape, generator=generator, dtype=torch.float64) for shape in shapes]


@pytest.mark.parametrize("length, c", [(6, 2), (9, 4), (3, 5)])
def test_deberta_scores_match_the_formula_pair_by_pair(length, c):
    """The formula as the page writes it: the paper's clipping delta, and the row delta(i, j) for
    both position terms, as the DeBERTa code indexes them."""
    q, k, q_pos, k_pos = random_inputs(length, c)
    expected = pair_by_pair(q, k, q_pos, k_pos, c, lambda i, j: paper_delta(i, j, c))
    torch.testing.assert_close(deberta.deberta_scores(q, k, q_pos, k_pos, c), expected, atol=1e-12, rtol=0)


def test_paper_equation_indexes_position_to_content_the_other_way():
    """What the page says about equation (4) of the paper: its position-to-content term takes the
    row delta(j, i), and that is not what the code computes (else the page's remark is moot)."""
    length, c = 6, 2
    q, k, q_pos, k_pos = random_inputs(length, c)
    as_in_the_equation = pair_by_pair(q, k, q_pos, k_pos, c, lambda i, j: paper_delta(j, i, c))
    ours = deberta.deberta_scores(q, k, q_pos, k_pos, c)
    assert torch.allclose(ours.diagonal(), as_in_the_equation.diagonal())  # delta(i, i) = delta(i, i)
    assert not torch.allclose(ours, as_in_the_equation, atol=1e-3)
