import torch

torch.manual_seed(0)
length, k, dim = 6, 2, 4
position = torch.arange(length)
relative = position[None, :] - position[:, None]  # row i (query), column j (key): j - i
print("relative distance j - i:")
print(relative)

clipped = relative.clamp(-k, k)
print(f"clipped to [-{k}, {k}]:")
print(clipped)

table = torch.nn.Embedding(2 * k + 1, dim)  # one learned vector per clipped distance -k..k
vectors = table(clipped + k)  # rows 0..2k of the table
print(
    "one vector per (i, j) pair:",
    tuple(vectors.shape),
    "| table:",
    tuple(table.weight.shape),
    f"| parameters: {table.weight.numel()}, for any sequence length",
)
print("pairs (0, 1) and (3, 4) share a vector:", torch.equal(vectors[0, 1], vectors[3, 4]))
print("pairs (0, 5) and (0, 2) share a vector:", torch.equal(vectors[0, 5], vectors[0, 2]))
