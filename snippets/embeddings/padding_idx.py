import torch

torch.manual_seed(123)
embedding = torch.nn.Embedding(6, 3, padding_idx=0)
print(embedding.weight)

batch = torch.tensor([[2, 3, 5, 1], [4, 1, 0, 0]])  # the second sequence is padded with ID 0
vectors = embedding(batch)
print(vectors[1])

vectors.sum().backward()  # every looked-up row would get a gradient of ones...
print(embedding.weight.grad)  # ...except the padding row

table = torch.ones(4, 2)
pretrained = torch.nn.Embedding.from_pretrained(table, freeze=False, padding_idx=0)
print("from_pretrained(..., padding_idx=0) keeps row 0:", pretrained.weight[0].tolist())
