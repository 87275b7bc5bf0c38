import torch

model = torch.nn.ModuleDict({"embedding": torch.nn.Embedding(6, 3), "lm_head": torch.nn.Linear(3, 6, bias=False)})
model["lm_head"].weight = model["embedding"].weight  # tied: one Parameter under two names

listed = sum(p.numel() for p in model.parameters())
named = sum(t.numel() for t in model.state_dict().values())
print(f"parameters(): {listed} numbers, state_dict(): {len(model.state_dict())} entries, {named} numbers")
