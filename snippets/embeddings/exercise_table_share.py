import torch
from transformers import LlamaConfig, LlamaForCausalLM

MiB = 2**20
LLAMA3 = dict(vocab_size=128256, num_attention_heads=32, num_key_value_heads=8)  # shared by both models
MODELS = {
    "Llama 3 8B": LlamaConfig(**LLAMA3, hidden_size=4096, intermediate_size=14336, num_hidden_layers=32),
    "Llama 3.2 1B": LlamaConfig(
        **LLAMA3, hidden_size=2048, intermediate_size=8192, num_hidden_layers=16, tie_word_embeddings=True
    ),
}


def token_tables(vocab_size, dim, tied):
    """Parameters of the input table and, unless it is tied to it, of the output layer."""
    return (1 if tied else 2) * vocab_size * dim


if __name__ == "__main__":
    for name, config in MODELS.items():
        tables = token_tables(config.vocab_size, config.hidden_size, config.tie_word_embeddings)
        with torch.device("meta"):  # shapes only, no memory
            total = sum(p.numel() for p in LlamaForCausalLM(config).parameters())
        print(f"{name}, tied {config.tie_word_embeddings}: token tables {tables:,} parameters")
        print(f"    {tables * 2 / MiB:.1f} MiB in bfloat16, {tables / total:.1%} of the model's {total:,}")
