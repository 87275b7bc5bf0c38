import torch

torch.manual_seed(123)
old = torch.nn.Embedding(6, 3)  # the trained table
new_tokens = 2


def grow():
    grown = torch.nn.Embedding(6 + new_tokens, 3)
    with torch.no_grad():
        grown.weight[:6] = old.weight
        grown.weight[6:] = old.weight.mean(dim=0)  # new tokens start at the mean embedding
    # Train only the new rows: a hook zeroes the gradient of the old ones.
    trainable = torch.zeros(6 + new_tokens, 1)
    trainable[6:] = 1.0
    grown.weight.register_hook(lambda grad: grad * trainable)
    return grown


grown = grow()
print(grown.weight)
print("old rows bit-identical:", torch.equal(grown.weight[:6], old.weight))

token_ids, targets = torch.tensor([1, 6, 7, 2]), torch.randn(4, 3)
for name, make_optimizer in (
    ("SGD", lambda p: torch.optim.SGD(p, lr=0.1)),
    ("AdamW, weight_decay=0.01", lambda p: torch.optim.AdamW(p, lr=0.1, weight_decay=0.01)),
    ("AdamW, weight_decay=0", lambda p: torch.optim.AdamW(p, lr=0.1, weight_decay=0.0)),
):
    grown = grow()
    optimizer = make_optimizer(grown.parameters())
    for _ in range(3):
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(grown(token_ids), targets).backward()
        optimizer.step()
    print(
        f"3 steps of {name:<24} old rows bit-identical {torch.equal(grown.weight[:6], old.weight)!s:<5}"
        f" | new rows moved {(grown.weight[6:] - old.weight.mean(dim=0)).norm().item():.4f}"
    )
