import torch
from alibi import alibi_bias, alibi_slopes


def alibi_bias_at(query_positions, key_positions, slopes):
    """ALiBi's (heads, queries, keys) bias for queries and keys at the given positions."""
    distance = key_positions[None, :] - query_positions[:, None]  # n - m
    bias = torch.tensor(slopes)[:, None, None] * distance  # -slope * (m - n)
    return bias.masked_fill(distance > 0, float("-inf"))  # keys after the query


if __name__ == "__main__":
    slopes = alibi_slopes(8)
    new = alibi_bias_at(torch.tensor([4, 5]), torch.arange(6), slopes)  # the last 2 of 6 tokens
    print("head 1, queries at positions 4 and 5, keys 0..5:")
    print(new[0])
    print("rows 4 and 5 of alibi_bias(6, slopes), all 8 heads:", torch.allclose(new, alibi_bias(6, slopes)[:, 4:]))
