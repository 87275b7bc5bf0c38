import torch

torch.manual_seed(0)
length, c, dim = 6, 2, 4
position = torch.arange(length)
relative = position[None, :] - position[:, None]  # row m (query), column n (key): n - m
print("relative distance n - m:")
print(relative)

clipped = relative.clamp(-c, c)
print(f"clipped to [-{c}, {c}]:")
print(clipped)

table = torch.nn.Embedding(2 * c + 1, dim)  # one learned vector per clipped distance -c..c
vectors = table(clipped + c)  # rows 0..2c of the table
print(
    "one vector per (m, n) pair:",
    tuple(vectors.shape),
    "| table:",
    tuple(table.weight.shape),
    f"| parameters: {table.weight.numel()}, for any sequence length",
)
print("pairs (0, 1) and (3, 4) share a vector:", torch.equal(vectors[0, 1], vectors[3, 4]))
print("pairs (0, 5) and (0, 2) share a vector:", torch.equal(vectors[0, 5], vectors[0, 2]))
