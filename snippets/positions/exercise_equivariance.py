import torch
from order_blind_attention import W_k, W_q, W_v, dim, encode, original, permutation, self_attention


def equivariant(layer, x, perm):
    """True when shuffling the rows of x shuffles the rows of layer(x) the same way."""
    return torch.allclose(layer(x[perm]), layer(x)[perm], atol=1e-6)


def causal_attention(x):
    """self_attention with a causal mask: token m attends only to the tokens n <= m."""
    q, k, v = x @ W_q, x @ W_k, x @ W_v
    future = torch.ones(len(x), len(x), dtype=torch.bool).triu(1)
    return torch.softmax((q @ k.T / dim**0.5).masked_fill(future, float("-inf")), dim=-1) @ v


if __name__ == "__main__":
    torch.manual_seed(1)
    positions = torch.randn(6, dim)  # one vector per position 0..5
    x = encode(original).detach()
    print("self-attention:                 ", equivariant(self_attention, x, permutation))
    print("positions added, then attention:", equivariant(lambda x: self_attention(x + positions), x, permutation))
    print("causal self-attention:          ", equivariant(causal_attention, x, permutation))
