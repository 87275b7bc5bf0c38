import torch
from minilm_files import load_embedding_weights, load_tokenizer

tokenizer = load_tokenizer()
table = load_embedding_weights()["embeddings.word_embeddings.weight"]
unit_rows = torch.nn.functional.normalize(table, dim=1)  # cosine similarity = dot product of unit vectors


def nearest(word, k=5):
    token_id = tokenizer.token_to_id(word)
    similarity = unit_rows @ unit_rows[token_id]
    similarity[token_id] = -1.0  # leave the word itself out
    values, ids = similarity.topk(k)
    return [(tokenizer.id_to_token(i), v) for i, v in zip(ids.tolist(), values.tolist())]


for word in ("king", "paris", "cat", "three"):
    print(f"{word:<6}", "  ".join(f"{token} {value:.3f}" for token, value in nearest(word)))

words = ["king", "queen", "man", "woman", "paris", "france", "cat", "dog"]
vectors = unit_rows[[tokenizer.token_to_id(w) for w in words]]
similarity = vectors @ vectors.T
print(" " * 7 + "".join(f"{w:>7}" for w in words))
for word, row in zip(words, similarity):
    print(f"{word:<7}" + "".join(f"{v:7.2f}" for v in row.tolist()))
