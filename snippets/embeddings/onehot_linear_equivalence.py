import torch
import torch.nn.functional as F

torch.manual_seed(123)
embedding = torch.nn.Embedding(4, 5)
linear = torch.nn.Linear(4, 5, bias=False)
with torch.no_grad():
    linear.weight.copy_(embedding.weight.T)

token_ids = torch.tensor([2, 3, 1])
one_hot = F.one_hot(token_ids, num_classes=4).float()
print(one_hot)

looked_up = embedding(token_ids)
multiplied = linear(one_hot)
print(multiplied)
print("same outputs:", torch.equal(looked_up, multiplied))

# Any scalar loss will do; a fixed weighting makes every gradient entry distinct.
loss_weights = torch.arange(15, dtype=torch.float32).reshape(3, 5)
(looked_up * loss_weights).sum().backward()
(multiplied * loss_weights).sum().backward()
print(embedding.weight.grad)
print("same gradients:", torch.equal(embedding.weight.grad, linear.weight.grad.T))
