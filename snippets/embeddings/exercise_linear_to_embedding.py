import torch
import torch.nn.functional as F

torch.manual_seed(0)
vocab_size, dim = 6, 3
linear = torch.nn.Linear(vocab_size, dim, bias=False)  # trained on one-hot vectors; weight (dim, vocab_size)
token_ids = torch.tensor([2, 0, 1])
expected = linear(F.one_hot(token_ids, vocab_size).float())

for name, table in (("buggy", linear.weight), ("fixed", linear.weight.T)):
    embedding = torch.nn.Embedding.from_pretrained(table.detach())
    looked_up = embedding(token_ids)
    try:
        last_id = f"ID 5 -> {tuple(embedding(torch.tensor([5])).shape)}"
    except IndexError as error:
        last_id = f"ID 5 -> IndexError: {error}"
    print(f"{name}: table {tuple(embedding.weight.shape)}, IDs {token_ids.tolist()} -> {tuple(looked_up.shape)}")
    print(f"       same as the linear layer: {torch.equal(looked_up, expected)}; {last_id}")
