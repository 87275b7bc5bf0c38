import torch

torch.manual_seed(0)
embedding = torch.nn.Embedding(5, 2, padding_idx=4)
batch = torch.tensor([[1, 4, 4], [1, 2, 4]])  # ID 4 pads both sequences
vectors = embedding(batch)
print("output shape:", tuple(vectors.shape))
print("zero output vectors at:", (vectors == 0).all(dim=-1).nonzero().tolist())

vectors.sum().backward()
print(embedding.weight.grad)
