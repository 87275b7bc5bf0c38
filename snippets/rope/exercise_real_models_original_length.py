from rope_frequencies import rope_frequencies

qwen = {"hidden_size": 3584, "num_attention_heads": 28, "rope_theta": 1000000.0}
card = {**qwen, "max_position_embeddings": 32768}  # with the rope_scaling of Qwen2.5's model card
card["rope_scaling"] = {"type": "yarn", "factor": 4.0, "original_max_position_embeddings": 32768}
colleague = {**qwen, "max_position_embeddings": 131072, "rope_scaling": {"type": "yarn", "factor": 4.0}}


def as_transformers_reads_it(config):
    """transformers fills in a missing original length with max_position_embeddings, without a warning."""
    scaling = config["rope_scaling"]
    original = scaling.get("original_max_position_embeddings", config["max_position_embeddings"])
    return {**config, "rope_scaling": {**scaling, "original_max_position_embeddings": original}}


unscaled, _ = rope_frequencies(qwen)
for name, config in [("model card", card), ("colleague", colleague)]:
    config = as_transformers_reads_it(config)
    inv_freq, attention = rope_frequencies(config)
    ratio, n = inv_freq / unscaled, len(inv_freq)
    kept, divided = int((ratio > 0.9999).sum()), int((ratio < 0.2501).sum())
    print(
        f"{name:<10s} L = {config['rope_scaling']['original_max_position_embeddings']:6d}: pairs 0-{kept - 1} kept, "
        f"{kept}-{n - divided - 1} blended, {n - divided}-{n - 1} divided; attention factor {attention:.4f}"
    )
