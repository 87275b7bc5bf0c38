import math

# DeepSeek-V2-Lite's attention, from its config.json
CONFIG = {
    "num_attention_heads": 16,
    "kv_lora_rank": 512,
    "qk_nope_head_dim": 128,
    "qk_rope_head_dim": 64,
    "v_head_dim": 128,
}


def mla_numbers(config):
    """Numbers cached per token and layer, three ways, and the number of features of a head's query and key."""
    heads, latent, v = config["num_attention_heads"], config["kv_lora_rank"], config["v_head_dim"]
    nope, rope = config["qk_nope_head_dim"], config["qk_rope_head_dim"]
    full = heads * (nope + rope + v)  # every head's keys and values
    shared = latent + rope  # MLA: the latent and one rotated key for all heads
    per_head = latent + heads * rope  # the latent and one rotated key per head
    return full, shared, per_head, nope + rope


if __name__ == "__main__":
    full, shared, per_head, head_features = mla_numbers(CONFIG)
    print(f"keys and values of every head: {full}")
    print(f"MLA, the latent and one shared rotated key: {shared}")
    print(f"the latent and one rotated key per head: {per_head}")
    print(f"softmax scale: 1/sqrt({head_features}) = {1 / math.sqrt(head_features):.4f}")
    print(f"rotated pairs per head: {CONFIG['qk_rope_head_dim'] // 2}")
