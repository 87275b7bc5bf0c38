import torch


def count(module):
    return sum(p.numel() for p in module.parameters())


vocab_size, context_length, d = 50257, 1024, 768  # GPT-2 small
with torch.device("meta"):  # shapes only: no memory used, no random numbers drawn
    token_table = torch.nn.Embedding(vocab_size, d)
    position_table = torch.nn.Embedding(context_length, d)
    query_after_adding = torch.nn.Linear(d, d)
    query_after_concatenating = torch.nn.Linear(2 * d, d)

print(f"token table    {tuple(token_table.weight.shape)}: {count(token_table):>10,} parameters")
print(f"position table {tuple(position_table.weight.shape)}: {count(position_table):>10,} parameters")
print(f"query projection after adding:        {count(query_after_adding):>9,} parameters")
print(f"query projection after concatenating: {count(query_after_concatenating):>9,} parameters")
