"""The long-term decay section of the long-context page (snippets/rope/long_term_decay.py): its cosines are those of
queries and keys that rotary-embedding-torch rotates, with and without xPos; its bound is RoFormer's (section 3.4.3),
an upper bound of every score; and its xPos factors are rotary-embedding-torch's.
"""

import cmath

import pytest
import torch
from rotary_embedding_torch import RotaryEmbedding

from hooks.core.snippets import import_snippet

decay = import_snippet("rope/long_term_decay.py")
D = decay.d
LENGTH = 1024  # rotary-embedding-torch computes its angles in float32: short enough for 1e-4


def rotated(q, k, query_at, key_at, xpos):
    """q at position query_at and k at key_at, rotated by rotary-embedding-torch (interleaved pairs, like the
    snippet's complex numbers)."""
    rotary = RotaryEmbedding(dim=D, theta=decay.base, use_xpos=xpos, xpos_scale_base=512, cache_if_possible=False)
    queries = torch.zeros(LENGTH, D, dtype=torch.float64)
    keys = torch.zeros(LENGTH, D, dtype=torch.float64)
    queries[query_at], keys[key_at] = q, k
    if xpos:
        queries, keys = rotary.rotate_queries_and_keys(queries[None], keys[None], seq_dim=-2)
        return queries[0, query_at], keys[0, key_at]
    rotated_queries, rotated_keys = (rotary.rotate_queries_or_keys(x, seq_dim=-2) for x in (queries, keys))
    return rotated_queries[query_at], rotated_keys[key_at]


def vectors():
    torch.manual_seed(1)
    q, k = torch.randn(2, D, dtype=torch.float64)
    return {"ones": (torch.ones(D, dtype=torch.float64),) * 2, "q = k": (k, k), "independent": (q, k),
            "rotated back": (decay.rotate_back(k, 300), k)}  # fmt: skip


@pytest.mark.parametrize("xpos", [False, True], ids=["RoPE", "xPos"])
@pytest.mark.parametrize("name", list(vectors()))
def test_score_over_norms_is_rotary_embedding_torch(name, xpos):
    q, k = vectors()[name]
    for query_at, key_at in [(700, 699), (700, 684), (700, 400), (1000, 0), (512, 512)]:
        rotated_q, rotated_k = rotated(q, k, query_at, key_at, xpos)
        reference = (rotated_q @ rotated_k / (q.norm() * k.norm())).item()
        ours = decay.score_over_norms(q, k, query_at - key_at, decay=decay.xpos if xpos else None)
        assert ours == pytest.approx(reference, abs=1e-4), (query_at, key_at)


def test_xpos_zeta_is_rotary_embedding_torchs_scale():
    rotary = RotaryEmbedding(dim=D, use_xpos=True)
    torch.testing.assert_close(decay.xpos_zeta(D).float(), rotary.scale, rtol=1e-6, atol=0)


@pytest.mark.parametrize("distance", [1, 16, 64, 512, 2048, 8192, 12345])
def test_roformers_bound_bounds_every_score(distance):
    """|sum_i h_i e^(i D theta_i)| <= max_i |h_(i+1) - h_i| * sum_j |S_j| (h_(d/2) = 0, Abel summation), for random
    and for matching queries and keys; the snippet prints sum_j |S_j| / (d/2)."""
    torch.manual_seed(distance)
    for q, k in [torch.randn(2, D, dtype=torch.float64), (torch.ones(D, dtype=torch.float64),) * 2]:
        h = decay.as_pairs(q) * decay.as_pairs(k).conj()
        score = (h * torch.exp(1j * distance * decay.theta)).sum().abs().item()
        steps = (torch.cat([h[1:], h.new_zeros(1)]) - h).abs().max().item()
        assert score <= steps * decay.roformer_bound(distance) * (D // 2) * (1 + 1e-12)


@pytest.mark.parametrize("distance", [1, 64, 2048, 8192])
def test_roformers_bound_is_the_papers_sum(distance):
    """(1 / (d/2)) sum_(j=1)^(d/2) |sum_(i<j) e^(i D theta_i)|, written out with cmath, theta_i = base^(-2i/d)."""
    total, partial = 0.0, 0j
    for i in range(D // 2):
        partial += cmath.exp(1j * distance * decay.base ** (-2 * i / D))
        total += abs(partial)
    assert decay.roformer_bound(distance) == pytest.approx(total / (D // 2), rel=1e-9)
