import math

import torch

vocab_size, dim = 50257, 768  # GPT-2 small
torch.manual_seed(0)
embedding = torch.nn.Embedding(vocab_size, dim)
weight = embedding.weight


def report(name, expected_std):
    w = weight.detach()
    print(
        f"{name:<26} mean {w.mean().item():+.1e}  std {w.std().item():.4f}"
        f"  (formula {expected_std:.4f})  mean row norm {w.norm(dim=1).mean().item():6.2f}"
    )


report("default: normal(0, 1)", 1.0)
torch.nn.init.normal_(weight, mean=0.0, std=0.02)
report("normal(0, 0.02)", 0.02)
torch.nn.init.normal_(weight, mean=0.0, std=dim**-0.5)
report("normal(0, 1/sqrt(dim))", dim**-0.5)
torch.nn.init.xavier_uniform_(weight)
report("xavier_uniform_", math.sqrt(2 / (dim + vocab_size)))
torch.nn.init.xavier_normal_(weight)
report("xavier_normal_", math.sqrt(2 / (dim + vocab_size)))
torch.nn.init.kaiming_normal_(weight)
report("kaiming_normal_ (fan_in)", math.sqrt(2 / dim))
torch.nn.init.kaiming_uniform_(weight)
report("kaiming_uniform_ (fan_in)", math.sqrt(2 / dim))
