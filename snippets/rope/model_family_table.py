import math

from rope_frequencies import rope_frequencies, rope_parameters, rope_theta, rotated_features

# (model, the Hugging Face repository whose config.json holds these values, its RoPE-related keys verbatim).
# The name says "Instruct" when the repository is an instruction-tuned one: its config can differ from the base's.
# fmt: off
MODELS = [
    ("Llama 2 7B", "meta-llama/Llama-2-7b-hf",
     {"model_type": "llama", "hidden_size": 4096, "num_attention_heads": 32, "max_position_embeddings": 4096,
      "rope_scaling": None}),
    ("Llama 3 8B", "meta-llama/Meta-Llama-3-8B",
     {"model_type": "llama", "hidden_size": 4096, "num_attention_heads": 32, "max_position_embeddings": 8192,
      "rope_theta": 500000.0, "rope_scaling": None}),
    ("Llama 3.1 8B", "meta-llama/Llama-3.1-8B",
     {"model_type": "llama", "hidden_size": 4096, "num_attention_heads": 32, "max_position_embeddings": 131072,
      "rope_theta": 500000.0, "rope_scaling": {"factor": 8.0, "low_freq_factor": 1.0, "high_freq_factor": 4.0,
                                               "original_max_position_embeddings": 8192, "rope_type": "llama3"}}),
    ("Mistral 7B v0.1", "mistralai/Mistral-7B-v0.1",
     {"model_type": "mistral", "hidden_size": 4096, "num_attention_heads": 32, "max_position_embeddings": 32768,
      "rope_theta": 10000.0}),
    ("Mistral 7B Instruct v0.2", "mistralai/Mistral-7B-Instruct-v0.2",
     {"model_type": "mistral", "hidden_size": 4096, "num_attention_heads": 32, "max_position_embeddings": 32768,
      "rope_theta": 1000000.0}),
    ("Qwen2 7B", "Qwen/Qwen2-7B",
     {"model_type": "qwen2", "hidden_size": 3584, "num_attention_heads": 28, "max_position_embeddings": 131072,
      "rope_theta": 1000000.0}),
    ("Qwen2.5 7B Instruct", "Qwen/Qwen2.5-7B-Instruct",
     {"model_type": "qwen2", "hidden_size": 3584, "num_attention_heads": 28, "max_position_embeddings": 32768,
      "rope_theta": 1000000.0}),
    ("Qwen2.5 7B Instruct + YaRN", "Qwen/Qwen2.5-7B-Instruct, model card",  # the rope_scaling its card says to add
     {"model_type": "qwen2", "hidden_size": 3584, "num_attention_heads": 28, "max_position_embeddings": 32768,
      "rope_theta": 1000000.0,
      "rope_scaling": {"factor": 4.0, "original_max_position_embeddings": 32768, "type": "yarn"}}),
    ("GPT-NeoX-20B", "EleutherAI/gpt-neox-20b",
     {"model_type": "gpt_neox", "hidden_size": 6144, "num_attention_heads": 64, "max_position_embeddings": 2048,
      "rotary_emb_base": 10000, "rotary_pct": 0.25}),
    ("GPT-J-6B", "EleutherAI/gpt-j-6b",
     {"model_type": "gptj", "n_embd": 4096, "n_head": 16, "n_positions": 2048, "rotary_dim": 64}),
    ("Phi-2", "microsoft/phi-2",
     {"model_type": "phi", "hidden_size": 2560, "num_attention_heads": 32, "max_position_embeddings": 2048,
      "partial_rotary_factor": 0.4, "rope_theta": 10000.0}),
    ("Gemma 7B", "google/gemma-7b",
     {"model_type": "gemma", "hidden_size": 3072, "num_attention_heads": 16, "head_dim": 256,
      "max_position_embeddings": 8192, "rope_theta": 10000.0}),
]
# fmt: on

# Not in config.json: the model code decides. transformers' GPT-J uses rotate_every_two, the others rotate_half.
LAYOUT = {"gptj": "interleaved"}

if __name__ == "__main__":
    print(
        f"{'model':<26s}{'theta':>8s}{'head_dim':>10s}  {'rotated':<12s}{'layout':<13s}{'scaling':<11s}"
        f"{'positions':>9s}{'wavelength':>12s}{'attention':>11s}"
    )
    for name, _, config in MODELS:
        _, params = rope_parameters(config)
        head_dim, rotated = rotated_features(config, params)
        inv_freq, attention = rope_frequencies(config)
        assert 2 * len(inv_freq) == rotated
        rope_type = params.get("rope_type", params.get("type"))
        scaling = f"{rope_type} x{params['factor']:g}" if rope_type else "none"
        positions = config.get("max_position_embeddings", config.get("n_positions"))
        wavelength = 2 * math.pi / inv_freq.min().item()  # tokens per turn of the slowest pair
        layout = LAYOUT.get(config["model_type"], "half-split")
        share = f"{rotated} ({rotated / head_dim:.0%})"
        print(
            f"{name:<26s}{rope_theta(config, params):>8.0f}{head_dim:>10d}  {share:<12s}{layout:<13s}{scaling:<11s}"
            f"{positions:>9d}{wavelength:>12.0f}{attention:>11.4f}"
        )
