"""The whole embedding layer of all-MiniLM-L6-v2 (a BERT model), rebuilt from its tensors."""

import torch
import torch.nn.functional as F
from minilm_files import load_embedding_weights


def bert_embeddings(weights, input_ids, token_type_ids, eps=1e-12):
    """LayerNorm(word + token type + position) for IDs of shape (batch, length)."""
    positions = torch.arange(input_ids.shape[1])  # 0, 1, 2, ... in every sequence
    summed = (
        F.embedding(input_ids, weights["embeddings.word_embeddings.weight"])
        + F.embedding(token_type_ids, weights["embeddings.token_type_embeddings.weight"])
        + F.embedding(positions, weights["embeddings.position_embeddings.weight"])
    )
    return F.layer_norm(
        summed, summed.shape[-1:], weights["embeddings.LayerNorm.weight"], weights["embeddings.LayerNorm.bias"], eps=eps
    )


if __name__ == "__main__":
    from minilm_files import load_tokenizer

    torch.set_printoptions(precision=4)
    weights = load_embedding_weights()
    encoding = load_tokenizer().encode("Where is the king?", "The king is in Paris.")
    input_ids = torch.tensor([encoding.ids])
    token_type_ids = torch.tensor([encoding.type_ids])
    print(encoding.tokens)

    output = bert_embeddings(weights, input_ids, token_type_ids)
    print("output:", tuple(output.shape))
    print(output[0, :4, :5])

    first, second = [i for i, token in enumerate(encoding.tokens) if token == "king"]
    parts = {
        "word": weights["embeddings.word_embeddings.weight"][input_ids[0, second]],
        "token type": weights["embeddings.token_type_embeddings.weight"][token_type_ids[0, second]],
        "position": weights["embeddings.position_embeddings.weight"][second],
    }
    print(
        f"'king' at position {second}, norms of the parts:",
        ", ".join(f"{name} {vector.norm().item():.3f}" for name, vector in parts.items()),
    )
    print(
        f"'king' at positions {first} and {second}: same output vector?",
        torch.equal(output[0, first], output[0, second]),
    )
