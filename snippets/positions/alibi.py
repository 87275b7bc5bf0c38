import math

import torch


def alibi_slopes(num_heads):
    """Press et al.: 2^(-8h/n) for heads h = 1..n; other head counts take every other slope of 2n."""
    if math.log2(num_heads).is_integer():
        return [2 ** (-8 * h / num_heads) for h in range(1, num_heads + 1)]
    closest = 2 ** math.floor(math.log2(num_heads))
    return alibi_slopes(closest) + alibi_slopes(2 * closest)[0::2][: num_heads - closest]


def alibi_bias(length, slopes):
    """(heads, queries, keys): -slope * (i - j) for keys j <= i, -inf for the future keys j > i."""
    i, j = torch.arange(length)[:, None], torch.arange(length)[None, :]
    bias = torch.tensor(slopes)[:, None, None] * (j - i)  # = -slope * (i - j)
    return bias.masked_fill(j > i, float("-inf"))


if __name__ == "__main__":
    print("slopes, 8 heads:", [f"1/{round(1 / m)}" for m in alibi_slopes(8)])
    print("slopes, 6 heads:", [f"1/{round(1 / m)}" for m in alibi_slopes(6)])
    bias = alibi_bias(5, alibi_slopes(8))
    print("bias:", tuple(bias.shape))
    for h in (0, 7):
        print(f"head {h + 1} (slope {alibi_slopes(8)[h]:g}):")
        print(bias[h])
