import torch
from t5_buckets import t5_bucket

length = 64
query, key = torch.arange(length)[:, None], torch.arange(length)[None, :]
past = key <= query  # the keys a decoder's query attends to
for name, relative in [("right", key - query), ("buggy", query - key)]:
    decoder = t5_bucket(relative, bidirectional=False)
    encoder = t5_bucket(relative)
    print(f"{name}: decoder, query 5 and keys 0..5: buckets {decoder[5, :6].tolist()}")
    print(f"  decoder, distinct buckets of the past keys in {length} tokens: {decoder[past].unique().numel()}")
    print(f"  encoder, query 5 and keys 3..7: buckets {encoder[5, 3:8].tolist()}")
