import torch


def no_decay_for(table, model, weight_decay=0.01):
    """AdamW parameter groups: the table without weight decay, every other parameter with it."""
    others = [p for p in model.parameters() if p is not table]
    return [{"params": [table], "weight_decay": 0.0}, {"params": others, "weight_decay": weight_decay}]


if __name__ == "__main__":
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Embedding(8, 3), torch.nn.Linear(3, 1))  # rows 6 and 7 are new
    table, head = model[0].weight, model[1].weight
    table.register_hook(lambda grad: grad * (torch.arange(8) >= 6)[:, None])  # train only the new rows
    old_rows, old_head = table[:6].detach().clone(), head.detach().clone()
    optimizer = torch.optim.AdamW(no_decay_for(table, model), lr=0.1)
    for _ in range(3):
        optimizer.zero_grad()
        model(torch.tensor([1, 6, 7, 2])).sum().backward()
        optimizer.step()
    print("groups (tensors, weight decay):", [(len(g["params"]), g["weight_decay"]) for g in optimizer.param_groups])
    print("old rows bit-identical:", torch.equal(table[:6], old_rows))
    print("head changed:", not torch.equal(head, old_head))
