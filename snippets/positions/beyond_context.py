import torch

torch.manual_seed(123)
context_length, dim = 4, 3
position_embedding = torch.nn.Embedding(context_length, dim)

print("positions 0..3:", tuple(position_embedding(torch.arange(4)).shape))
try:
    position_embedding(torch.arange(5))  # a fifth token has no row
except Exception as error:
    print(f"positions 0..4: {type(error).__name__}: {error}")
