import torch
from order_blind_attention import encode, original, permutation, self_attention, shuffled

torch.manual_seed(1)
positions = torch.nn.Embedding(6, 8)  # one learned vector per position 0..5, next page

with torch.no_grad():
    out_original = self_attention(encode(original) + positions.weight)
    out_shuffled = self_attention(encode(shuffled) + positions.weight)

print(
    "shuffled output == original output, rows permuted:",
    torch.allclose(out_shuffled, out_original[permutation], atol=1e-6),
)
print(f"max abs difference: {(out_shuffled - out_original[permutation]).abs().max().item():.4f}")
print("the two 'the' rows are equal:", torch.equal(out_original[0], out_original[4]))
print("same sentence vector:", torch.allclose(out_original.mean(dim=0), out_shuffled.mean(dim=0), atol=1e-6))
