import torch
from minilm_embedding_layer import bert_embeddings
from minilm_files import load_embedding_weights, load_tokenizer


def layer_norm(x, gamma, beta, eps=1e-12):
    """gamma * (x - mean) / sqrt(variance + eps) + beta over the last axis, with the biased variance."""
    mean = x.mean(dim=-1, keepdim=True)
    variance = x.var(dim=-1, keepdim=True, correction=0)  # divides by d, not d - 1
    return gamma * (x - mean) / torch.sqrt(variance + eps) + beta


if __name__ == "__main__":
    weights = load_embedding_weights()
    encoding = load_tokenizer().encode("Where is the king?", "The king is in Paris.")
    ids, types = torch.tensor([encoding.ids]), torch.tensor([encoding.type_ids])
    x = (
        weights["embeddings.word_embeddings.weight"][ids]
        + weights["embeddings.token_type_embeddings.weight"][types]
        + weights["embeddings.position_embeddings.weight"][torch.arange(ids.shape[1])]
    )
    mine = layer_norm(x, weights["embeddings.LayerNorm.weight"], weights["embeddings.LayerNorm.bias"])
    print("shape:", tuple(mine.shape))
    print("same as bert_embeddings:", torch.allclose(mine, bert_embeddings(weights, ids, types), atol=1e-5))
