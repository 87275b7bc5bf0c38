import torch

torch.manual_seed(123)
model = torch.nn.Sequential(torch.nn.Embedding(6, 3), torch.nn.Linear(3, 1))
embedding, head = model
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
token_ids = torch.tensor([2, 3, 5, 1])


def train_step():
    before = [p.detach().clone() for p in (embedding.weight, head.weight)]
    optimizer.zero_grad()
    model(token_ids).sum().backward()
    optimizer.step()
    changed = [not torch.equal(b, p) for b, p in zip(before, (embedding.weight, head.weight))]
    print(
        f"requires_grad={embedding.weight.requires_grad!s:<5}  embedding grad is None: "
        f"{embedding.weight.grad is None!s:<5}  embedding changed: {changed[0]!s:<5}  head changed: {changed[1]}"
    )


embedding.weight.requires_grad_(False)  # freeze
train_step()
embedding.weight.requires_grad_(True)  # unfreeze
train_step()

table = torch.randn(6, 3)
print(
    "from_pretrained(table):              requires_grad =",
    torch.nn.Embedding.from_pretrained(table).weight.requires_grad,
)
print(
    "from_pretrained(table, freeze=False): requires_grad =",
    torch.nn.Embedding.from_pretrained(table, freeze=False).weight.requires_grad,
)
