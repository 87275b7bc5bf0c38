import torch

torch.manual_seed(0)
vocab_size, dim, new_tokens = 6, 3, 2


def tied_model():
    embedding = torch.nn.Embedding(vocab_size, dim)
    lm_head = torch.nn.Linear(dim, vocab_size, bias=False)
    lm_head.weight = embedding.weight  # one tensor, used twice
    return torch.nn.ModuleDict({"embedding": embedding, "lm_head": lm_head})


def grow(model, tie_again):
    grown = torch.nn.Embedding(vocab_size + new_tokens, dim)
    with torch.no_grad():
        grown.weight[:vocab_size] = model.embedding.weight
        grown.weight[vocab_size:] = model.embedding.weight.mean(dim=0)
    model.embedding = grown
    if tie_again:
        model.lm_head = torch.nn.Linear(dim, vocab_size + new_tokens, bias=False)
        model.lm_head.weight = grown.weight
    return model


for tie_again in (False, True):
    model = grow(tied_model(), tie_again)
    logits = model.lm_head(model.embedding(torch.tensor([1, 7])))
    tied = model.lm_head.weight is model.embedding.weight
    parameters = sum(p.numel() for p in model.parameters())
    print(f"tied again {tie_again!s:<5}: logits {tuple(logits.shape)}, tied {tied!s:<5}, parameters {parameters}")
