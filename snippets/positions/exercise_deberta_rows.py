import torch
from deberta_scores import relative_index

c, length = 3, 8
m, n = torch.arange(length)[:, None], torch.arange(length)[None, :]
delta = (m - n).clamp(-c, c - 1) + c  # delta(m, n): the row of DeBERTa's table of 2c vectors
for query, key in [(0, 1), (0, 3), (0, 5), (2, 2), (3, 0), (5, 0)]:
    print(f"query {query}, key {key}: n - m = {key - query:2}, row {delta[query, key].item()}")
print(f"rows used by {length} tokens:", sorted(set(delta.flatten().tolist())))
print("same rows as relative_index in deberta_scores.py:", torch.equal(delta, relative_index(c, length)))
