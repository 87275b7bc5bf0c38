import torch
from alibi import alibi_bias, alibi_slopes
from sinusoidal import sinusoidal_encoding
from t5_buckets import t5_bucket

torch.set_printoptions(precision=3, sci_mode=False)
torch.manual_seed(0)
length, dim, c = 5, 4, 2
x = torch.randn(length, dim)  # five token vectors, no position information
W_q, W_k = torch.randn(dim, dim) / dim**0.5, torch.randn(dim, dim) / dim**0.5
q, k = x @ W_q, x @ W_k
relative = torch.arange(length)[None, :] - torch.arange(length)[:, None]  # n - m

plain = q @ k.T / dim**0.5
print("no positions: q_m . k_n / sqrt(d_h)")
print(plain)

shaw_table = torch.randn(2 * c + 1, dim)  # learned in a real model: one vector per distance -c..c
a = shaw_table[relative.clamp(-c, c) + c]  # (5, 5, 4)
shaw_term = (q[:, None, :] * a).sum(-1) / dim**0.5  # q_m . a_(n-m) / sqrt(d_h)
print(f"Shaw et al., clipped at +-{c}: q_m . (k_n + a_(n-m)) / sqrt(d_h)")
print(plain + shaw_term)

t5_bias = torch.randn(32)  # learned in a real model: one scalar per bucket and head
t5_term = t5_bias[t5_bucket(relative)]
print("T5: plain + b[bucket(n - m)]")
print(plain + t5_term)

alibi_term = alibi_bias(length, alibi_slopes(8))[0]  # head 1: slope 1/2, future keys -inf
print("ALiBi, head 1: plain - (m - n) / 2, future keys masked")
print(plain + alibi_term)

p = sinusoidal_encoding(torch.arange(length), dim)  # for contrast: absolute, added to the input
absolute_term = ((x + p) @ W_q) @ ((x + p) @ W_k).T / dim**0.5 - plain

print("added term a function of n - m only (constant along each diagonal):")
for name, term in (
    ("Shaw", shaw_term),
    ("T5", t5_term),
    ("ALiBi", alibi_term),
    ("sinusoidal added to x", absolute_term),
):
    constant = all(term.diagonal(d).unique().numel() == 1 for d in range(-length + 1, length))
    print(f"  {name:<22}{constant}")

# A sequence of 2048 tokens: both terms exist for every pair, and no table runs out of rows.
long = 2048
buckets = t5_bucket(torch.arange(long)[None, :] - torch.arange(long)[:, None])
in_last = (buckets % 16 == 15).float().mean()  # bucket 15 or 31: 91 or more positions away
print(
    f"{long} tokens: T5 term {tuple(t5_bias[buckets].shape)}, {in_last:.0%} of the pairs in a last bucket;"
    f" ALiBi term {tuple(alibi_bias(long, alibi_slopes(8)[:1])[0].shape)}"
)
