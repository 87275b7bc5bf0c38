import torch

torch.manual_seed(123)
vocab_size, context_length, dim = 50257, 4, 256
token_embedding = torch.nn.Embedding(vocab_size, dim)
position_embedding = torch.nn.Embedding(context_length, dim)  # one row per position

token_ids = torch.randint(0, vocab_size, (8, context_length))  # a batch of 8 sequences
token_vectors = token_embedding(token_ids)
position_vectors = position_embedding(torch.arange(context_length))  # 0, 1, 2, 3
input_vectors = token_vectors + position_vectors  # (8, 4, 256) + (4, 256): broadcast over the batch

print("token ids:       ", tuple(token_ids.shape))
print("token vectors:   ", tuple(token_vectors.shape))
print("position vectors:", tuple(position_vectors.shape))
print("input vectors:   ", tuple(input_vectors.shape))
print(
    "same as adding the position rows to each sequence:",
    torch.equal(input_vectors, token_vectors + position_vectors.repeat(8, 1, 1)),
)
print(
    "parameters: tokens", f"{token_embedding.weight.numel():,},", "positions", f"{position_embedding.weight.numel():,}"
)
