import torch

torch.manual_seed(0)
vocabulary = {"the": 0, "cat": 1, "sat": 2, "on": 3, "mat": 4}
dim = 8
embedding = torch.nn.Embedding(len(vocabulary), dim)
W_q, W_k, W_v = (torch.randn(dim, dim) / dim**0.5 for _ in range(3))


def self_attention(x):
    """One head of self-attention over x of shape (tokens, dim); no positions anywhere."""
    q, k, v = x @ W_q, x @ W_k, x @ W_v
    weights = torch.softmax(q @ k.T / dim**0.5, dim=-1)
    return weights @ v


def size(difference):
    """Round-off is shown as a bound: its last digits depend on the number of CPU threads."""
    return "< 1e-06" if difference < 1e-6 else f"{difference:.2e}"


def encode(sentence):
    return embedding(torch.tensor([vocabulary[word] for word in sentence.split()]))


original = "the cat sat on the mat"
shuffled = "the mat sat on the cat"  # cat and mat swap places: positions 1 and 5
permutation = torch.tensor([0, 5, 2, 3, 4, 1])  # shuffled word i is original word permutation[i]


if __name__ == "__main__":
    with torch.no_grad():
        out_original = self_attention(encode(original))
        out_shuffled = self_attention(encode(shuffled))

    print("output:", tuple(out_original.shape))
    print(
        "shuffled output == original output, rows permuted:",
        torch.allclose(out_shuffled, out_original[permutation], atol=1e-6),
    )
    print(f"max abs difference: {size((out_shuffled - out_original[permutation]).abs().max().item())}")
    print("the two 'the' rows are equal:", torch.equal(out_original[0], out_original[4]))
    with torch.no_grad():
        two_layers_original = self_attention(self_attention(encode(original)))
        two_layers_shuffled = self_attention(self_attention(encode(shuffled)))
    print(
        "two layers, rows permuted the same way:",
        torch.allclose(two_layers_shuffled, two_layers_original[permutation], atol=1e-6),
        f"(max abs difference {size((two_layers_shuffled - two_layers_original[permutation]).abs().max().item())})",
    )

    # A whole transformer block adds layer norms, a feed-forward layer and residual connections:
    # all of them act on each token separately.
    feed_forward = torch.nn.Sequential(torch.nn.Linear(dim, 4 * dim), torch.nn.GELU(), torch.nn.Linear(4 * dim, dim))
    norm_1, norm_2 = torch.nn.LayerNorm(dim), torch.nn.LayerNorm(dim)

    def block(x):
        x = x + self_attention(norm_1(x))
        return x + feed_forward(norm_2(x))

    with torch.no_grad():
        blocks_original, blocks_shuffled = block(block(encode(original))), block(block(encode(shuffled)))
    print(
        "two full blocks, rows permuted the same way:",
        torch.allclose(blocks_shuffled, blocks_original[permutation], atol=1e-6),
        f"(max abs difference {size((blocks_shuffled - blocks_original[permutation]).abs().max().item())})",
    )

    pooled_original, pooled_shuffled = out_original.mean(dim=0), out_shuffled.mean(dim=0)
    print("mean-pooled sentence vectors:")
    print(" ", original.ljust(24), [round(v, 4) for v in pooled_original[:4].tolist()], "...")
    print(" ", shuffled.ljust(24), [round(v, 4) for v in pooled_shuffled[:4].tolist()], "...")
    print(
        "same sentence vector:",
        torch.allclose(pooled_original, pooled_shuffled, atol=1e-6),
        f"(max abs difference {size((pooled_original - pooled_shuffled).abs().max().item())})",
    )
