import torch

seq, batch, dim = 4, 4, 3
rows = torch.arange(seq, dtype=torch.float32)[:, None].repeat(1, dim)  # row p holds the number p
position_embedding = torch.nn.Embedding.from_pretrained(rows)  # so each sum shows which row a token got
tokens = torch.zeros(seq, batch, dim)  # (seq, batch, dim), the default layout of nn.Transformer
position_vectors = position_embedding(torch.arange(seq))  # (seq, dim)

for name, x in [("right", tokens + position_vectors[:, None, :]), ("buggy", tokens + position_vectors)]:
    print(f"{name}: output {tuple(x.shape)}")
    for b in range(2):
        print(f"  sequence {b}: its 4 tokens got the rows {x[:, b, 0].long().tolist()}")
try:
    torch.zeros(seq, 8, dim) + position_vectors  # the buggy sum with 8 sequences of 4 tokens
except RuntimeError as error:
    print("buggy, 8 sequences:", type(error).__name__)
