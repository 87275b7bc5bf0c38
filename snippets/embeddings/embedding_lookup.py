import torch

torch.manual_seed(123)
embedding = torch.nn.Embedding(num_embeddings=4, embedding_dim=5)
print(embedding.weight)

token_ids = torch.tensor([2, 3, 1])
print(embedding(token_ids))
print(torch.equal(embedding(token_ids), embedding.weight[token_ids]))
