import math

from rope_frequencies import rope_frequencies, rope_parameters, rope_theta

# (model, where the values come from, its RoPE-related config keys as published).
# fmt: off
MODELS = [
    ("Vicuna 7B v1.5 16K", "lmsys/vicuna-7b-v1.5-16k",
     {"model_type": "llama", "hidden_size": 4096, "num_attention_heads": 32, "max_position_embeddings": 4096,
      "rope_scaling": {"factor": 4.0, "type": "linear"}}),
    ("Code Llama 7B", "codellama/CodeLlama-7b-hf",
     {"model_type": "llama", "hidden_size": 4096, "num_attention_heads": 32, "max_position_embeddings": 16384,
      "rope_theta": 1000000}),
    ("InternLM2.5 7B Chat", "internlm/internlm2_5-7b-chat",
     {"model_type": "internlm2", "hidden_size": 4096, "num_attention_heads": 32, "max_position_embeddings": 32768,
      "rope_theta": 1000000, "rope_scaling": {"type": "dynamic", "factor": 2.0}}),
    ("Llama 3.1 8B", "meta-llama/Llama-3.1-8B",
     {"model_type": "llama", "hidden_size": 4096, "num_attention_heads": 32, "max_position_embeddings": 131072,
      "rope_theta": 500000.0, "rope_scaling": {"factor": 8.0, "low_freq_factor": 1.0, "high_freq_factor": 4.0,
                                               "original_max_position_embeddings": 8192, "rope_type": "llama3"}}),
    ("Llama 3.2 1B", "meta-llama/Llama-3.2-1B",
     {"model_type": "llama", "hidden_size": 2048, "num_attention_heads": 32, "max_position_embeddings": 131072,
      "rope_theta": 500000.0, "rope_scaling": {"factor": 32.0, "low_freq_factor": 1.0, "high_freq_factor": 4.0,
                                               "original_max_position_embeddings": 8192, "rope_type": "llama3"}}),
    ("Qwen3 8B + YaRN", "Qwen/Qwen3-8B, Qwen documentation",  # the keys the documentation says to set
     {"model_type": "qwen3", "hidden_size": 4096, "num_attention_heads": 32, "head_dim": 128,
      "rope_theta": 1000000, "max_position_embeddings": 131072,
      "rope_scaling": {"rope_type": "yarn", "factor": 4.0, "original_max_position_embeddings": 32768}}),
    ("gpt-oss-20b", "openai/gpt-oss-20b",
     {"model_type": "gpt_oss", "head_dim": 64, "rope_theta": 150000, "max_position_embeddings": 131072,
      "rope_scaling": {"beta_fast": 32.0, "beta_slow": 1.0, "factor": 32.0, "original_max_position_embeddings": 4096,
                       "rope_type": "yarn", "truncate": False}}),
    ("DeepSeek-V3", "deepseek-ai/DeepSeek-V3",
     {"model_type": "deepseek_v3", "qk_rope_head_dim": 64, "rope_theta": 10000, "max_position_embeddings": 163840,
      "rope_scaling": {"beta_fast": 32, "beta_slow": 1, "factor": 40, "mscale": 1.0, "mscale_all_dim": 1.0,
                       "original_max_position_embeddings": 4096, "type": "yarn"}}),
    ("Phi-3 mini 128K", "microsoft/Phi-3-mini-128k-instruct",  # its two lists of 48 factors left out
     {"model_type": "phi3", "hidden_size": 3072, "num_attention_heads": 32, "max_position_embeddings": 131072,
      "rope_scaling": {"type": "longrope"}}),
]
# fmt: on

# Was the model trained with its scaling (then it is part of the model, at every length), or is the
# scaling added at inference for long inputs? Sources: the model cards, reports and reference code.
TRAINED_WITH_SCALING = {
    "Vicuna 7B v1.5 16K": "trained",  # fine-tuned at 16K with this rope_scaling (FastChat)
    "InternLM2.5 7B Chat": "add-on",  # dynamic NTK: nothing changes up to the trained length
    "Llama 3.1 8B": "trained",  # Meta's code applies use_scaled_rope at every length
    "Llama 3.2 1B": "trained",
    "Qwen3 8B + YaRN": "add-on",  # pre-trained at 32,768; the documentation adds it for long inputs
    "gpt-oss-20b": "trained",  # OpenAI's reference code applies YaRN at every length
    "DeepSeek-V3": "trained",  # the technical report's long-context extension trains with YaRN
}


def with_rotated_head_dim(config):
    """DeepSeek rotates only qk_rope_head_dim features of each head; transformers makes that its head_dim."""
    return {**config, "head_dim": config["qk_rope_head_dim"]} if "qk_rope_head_dim" in config else config


def score_factor(config, attention):
    """What the scores are multiplied by: the factor on cos and sin, squared, and for DeepSeek, which also
    multiplies its softmax scale by (0.1 mscale_all_dim ln s + 1)^2 (in its reference code and transformers)."""
    _, params = rope_parameters(config)
    extra = 1.0
    if config.get("model_type", "").startswith("deepseek") and params.get("mscale_all_dim"):
        extra = (0.1 * params["mscale_all_dim"] * math.log(params["factor"]) + 1) ** 2
    return attention**2 * extra


if __name__ == "__main__":
    print(
        f"{'model':<20s}{'theta':>8s}  {'scaling':<8s}{'factor':>7s}{'original':>9s}{'positions':>10s}{'ratio':>7s}"
        f"{'cos, sin x':>12s}{'scores x':>10s}  kind"
    )
    for name, _, config in MODELS:
        config = with_rotated_head_dim(config)
        _, params = rope_parameters(config)
        try:
            _, attention = rope_frequencies(config)
        except ValueError as error:
            print(f"{name:<20s}ValueError: {error}")
            continue
        rope_type = params.get("rope_type", params.get("type", "none"))
        factor = f"{params['factor']:g}" if "factor" in params else "-"
        original = params.get("original_max_position_embeddings")
        positions = config.get("max_position_embeddings")
        ratio = f"{positions / original:g}" if original and positions else "-"
        print(
            f"{name:<20s}{rope_theta(config, params):>8.0f}  {rope_type:<8s}{factor:>7s}{original or '-':>9}"
            f"{positions or '-':>10}{ratio:>7s}{attention:>12.4f}{score_factor(config, attention):>10.4f}"
            f"  {TRAINED_WITH_SCALING.get(name, '-')}"
        )
