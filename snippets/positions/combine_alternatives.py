import torch

torch.manual_seed(123)
vocab_size, context_length, dim = 50257, 4, 256
token_embedding = torch.nn.Embedding(vocab_size, dim)
position_embedding = torch.nn.Embedding(context_length, dim)
token_ids = torch.randint(0, vocab_size, (8, context_length))

with torch.no_grad():
    tokens = token_embedding(token_ids)  # (8, 4, 256)
    positions = position_embedding(torch.arange(context_length))  # (4, 256)

    added = tokens + positions
    concatenated = torch.cat([tokens, positions.expand(8, -1, -1)], dim=-1)
    alpha, beta = torch.nn.Parameter(torch.tensor(1.0)), torch.nn.Parameter(torch.tensor(1.0))
    weighted = alpha * tokens + beta * positions  # alpha, beta are learned

    # The next layer (say, the query projection back to 256 features) sees each input width.
    next_for_sum = torch.nn.Linear(dim, dim)
    next_for_concat = torch.nn.Linear(2 * dim, dim)

    for name, x, layer, mixing in [
        ("addition", added, next_for_sum, []),
        ("concatenation", concatenated, next_for_concat, []),
        ("weighted sum", weighted, next_for_sum, [alpha, beta]),
    ]:
        count = sum(p.numel() for p in layer.parameters())
        print(
            f"{name:<14} input {str(tuple(x.shape)):<12} next layer {count:>7,} parameters,"
            f" + {sum(p.numel() for p in mixing)} mixing weights"
        )

    # A linear layer on [token; position] is a sum of two separately projected parts.
    W_token, W_position = next_for_concat.weight[:, :dim], next_for_concat.weight[:, dim:]
    split = tokens @ W_token.T + positions @ W_position.T + next_for_concat.bias
    print(
        "Linear([tok; pos]) == tok @ W1.T + pos @ W2.T + b:",
        torch.allclose(next_for_concat(concatenated), split, atol=1e-6),
    )
