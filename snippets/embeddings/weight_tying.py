import torch
import torch.nn.functional as F

torch.manual_seed(123)
vocab_size, dim = 6, 3
embedding = torch.nn.Embedding(vocab_size, dim)
lm_head = torch.nn.Linear(dim, vocab_size, bias=False)
lm_head.weight = embedding.weight  # GPT-2 style: one tensor, used twice
model = torch.nn.ModuleDict({"embedding": embedding, "lm_head": lm_head})

print(
    "same object:",
    lm_head.weight is embedding.weight,
    "| same memory:",
    lm_head.weight.data_ptr() == embedding.weight.data_ptr(),
)
print(
    "parameter tensors:",
    len(list(model.parameters())),
    "| parameters:",
    sum(p.numel() for p in model.parameters()),
    "| state_dict keys:",
    list(model.state_dict()),
)

token_ids, targets = torch.tensor([2, 3, 5]), torch.tensor([3, 5, 1])
F.cross_entropy(lm_head(embedding(token_ids)), targets).backward()

# The same computation with two separate copies of the table
as_input = embedding.weight.detach().clone().requires_grad_()
as_output = embedding.weight.detach().clone().requires_grad_()
F.cross_entropy(F.embedding(token_ids, as_input) @ as_output.T, targets).backward()
print(
    "tied gradient = input gradient + output gradient:",
    torch.allclose(embedding.weight.grad, as_input.grad + as_output.grad),
)
print(
    "rows with an input gradient:",
    as_input.grad.abs().sum(dim=1).nonzero().flatten().tolist(),
    "| rows with an output gradient:",
    as_output.grad.abs().sum(dim=1).nonzero().flatten().tolist(),
)

before = embedding.weight.detach().clone()
with torch.no_grad():
    for parameter in model.parameters():  # one plain SGD step; the tied tensor is listed once
        parameter -= 0.1 * parameter.grad
print(
    "one SGD step changed the table:",
    not torch.equal(embedding.weight, before),
    "| still one tensor:",
    lm_head.weight is embedding.weight,
)
