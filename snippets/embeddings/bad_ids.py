import torch

torch.manual_seed(123)
embedding = torch.nn.Embedding(6, 3)  # valid IDs: 0 to 5

for ids in (torch.tensor([5]), torch.tensor([6]), torch.tensor([-1]), torch.tensor([1.0])):
    try:
        print(ids, "->", tuple(embedding(ids).shape))
    except Exception as error:
        print(ids, "->", f"{type(error).__name__}: {error}")

print("weight[-1], plain indexing:", embedding.weight[-1].detach())
