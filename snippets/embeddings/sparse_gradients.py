import torch

torch.manual_seed(123)
embedding = torch.nn.Embedding(6, 3, sparse=True)
embedding(torch.tensor([1, 4, 4])).sum().backward()
print(embedding.weight.grad)
coalesced = embedding.weight.grad.coalesce()
print("coalesced: rows", coalesced.indices().flatten().tolist(), "values", coalesced.values().tolist())


def rows_changed(sparse, optimizer_class):
    torch.manual_seed(123)
    embedding = torch.nn.Embedding(6, 3, sparse=sparse)
    optimizer = optimizer_class(embedding.parameters(), lr=0.1)
    for step, token_ids in enumerate(([1, 4], [2]), start=1):
        before = embedding.weight.detach().clone()
        optimizer.zero_grad()
        embedding(torch.tensor(token_ids)).sum().backward()
        optimizer.step()
        changed = (embedding.weight != before).any(dim=1).nonzero().flatten().tolist()
        print(f"{optimizer_class.__name__:<10} step {step}: looked up {token_ids!s:<6} rows changed {changed}")


rows_changed(sparse=True, optimizer_class=torch.optim.SparseAdam)
rows_changed(sparse=False, optimizer_class=torch.optim.Adam)
try:
    rows_changed(sparse=True, optimizer_class=torch.optim.Adam)
except RuntimeError as error:
    print(f"{type(error).__name__}: {error}")
