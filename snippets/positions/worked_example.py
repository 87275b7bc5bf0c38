import torch

torch.manual_seed(123)
token_embedding = torch.nn.Embedding(6, 3)
position_embedding = torch.nn.Embedding(4, 3)

token_ids = torch.tensor([2, 3, 5, 1])
with torch.no_grad():
    token_vectors = token_embedding(token_ids)
    position_vectors = position_embedding(torch.arange(len(token_ids)))
print("token vectors:")
print(token_vectors)
print("position vectors:")
print(position_vectors)
print("token + position:")
print(token_vectors + position_vectors)
