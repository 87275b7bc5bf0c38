import torch
from minilm_embedding_layer import bert_embeddings
from minilm_files import load_embedding_weights, load_tokenizer

weights, tokenizer = load_embedding_weights(), load_tokenizer()


def vectors_of(word, *sentences):
    """(position, token type, output vector) for each occurrence of word in one sentence or a pair."""
    encoding = tokenizer.encode(*sentences)
    token_types = torch.tensor([encoding.type_ids])
    output = bert_embeddings(weights, torch.tensor([encoding.ids]), token_types)[0]
    return [(p, token_types[0, p].item(), output[p]) for p, token in enumerate(encoding.tokens) if token == word]


if __name__ == "__main__":
    [(position, token_type, alone)] = vectors_of("king", "the king")
    print(f"'the king' alone: 'king' at position {position}, token type {token_type}")
    for position, token_type, vector in vectors_of("king", "the king", "the king"):
        same = torch.allclose(vector, alone, atol=1e-6)
        print(f"pair: 'king' at position {position}, token type {token_type}, same vector as alone: {same}")
