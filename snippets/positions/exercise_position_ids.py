import torch
from order_blind_attention import encode, original, permutation, self_attention, shuffled, vocabulary

torch.manual_seed(1)
position_embedding = torch.nn.Embedding(6, 8)  # one learned vector per position 0..5


def with_positions(sentence, buggy):
    token_ids = torch.tensor([vocabulary[word] for word in sentence.split()])
    position_ids = token_ids if buggy else torch.arange(len(token_ids))
    return self_attention(encode(sentence) + position_embedding(position_ids))


with torch.no_grad():
    for name, buggy in [("right", False), ("buggy", True)]:
        out_original, out_shuffled = with_positions(original, buggy), with_positions(shuffled, buggy)
        print(f"{name}: shuffled output == original output, rows permuted:", end=" ")
        print(torch.allclose(out_shuffled, out_original[permutation], atol=1e-6))
        print("       the two 'the' rows are equal:", torch.allclose(out_original[0], out_original[4], atol=1e-6))
        print("       same sentence vector:", torch.allclose(out_original.mean(0), out_shuffled.mean(0), atol=1e-6))
