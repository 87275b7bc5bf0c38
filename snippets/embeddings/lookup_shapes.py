import torch

torch.manual_seed(123)
embedding = torch.nn.Embedding(num_embeddings=6, embedding_dim=3)
print(embedding.weight)

one_id = torch.tensor(3)
print("one ID:   ", tuple(one_id.shape), "->", tuple(embedding(one_id).shape))
sequence = torch.tensor([2, 3, 5, 1])
print("sequence: ", tuple(sequence.shape), "->", tuple(embedding(sequence).shape))
print(embedding(sequence))
batch = torch.tensor([[2, 3, 5, 1], [4, 4, 0, 1]])
print("batch:    ", tuple(batch.shape), "->", tuple(embedding(batch).shape))

# A GPT-2-sized BPE vocabulary, 256 dimensions, 8 sequences of 4 tokens
gpt2_sized = torch.nn.Embedding(50257, 256)
token_ids = torch.randint(0, 50257, (8, 4))
print("BPE batch:", tuple(token_ids.shape), "->", tuple(gpt2_sized(token_ids).shape))
print(f"parameters of the {50257} x {256} table: {gpt2_sized.weight.numel():,}")
