import torch

torch.set_printoptions(precision=4)
torch.manual_seed(123)
embedding = torch.nn.Embedding(6, 3, max_norm=1.0)
before = embedding.weight.detach().clone()
print("row norms before:", before.norm(dim=1))

vectors = embedding(torch.tensor([1, 3, 0]))
print("output norms:    ", vectors.detach().norm(dim=1))
after = embedding.weight.detach()
print("row norms after: ", after.norm(dim=1))
print("rows changed:    ", (after != before).any(dim=1))
print("same direction:  ", torch.allclose(after[1], before[1] / before[1].norm()))

with torch.no_grad():  # inference mode does not stop it
    embedding(torch.tensor([5]))
print("row 5 norm after a no_grad lookup:", embedding.weight.detach()[5].norm())
