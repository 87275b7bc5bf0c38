from model_family_table import MODELS
from rope_frequencies import rope_parameters, rotated_features


def head_dim_and_rotated(config):
    """(head_dim, rotated features) from the keys of a Llama-, Phi-, Gemma- or GPT-NeoX-style config.json."""
    head_dim = config.get("head_dim") or config["hidden_size"] // config["num_attention_heads"]
    fraction = config.get("partial_rotary_factor", config.get("rotary_pct", 1.0))
    return head_dim, int(head_dim * fraction)


if __name__ == "__main__":
    agree = []
    for name, _, config in MODELS:
        if "hidden_size" not in config:  # GPT-J names its keys n_embd, n_head and rotary_dim
            continue
        mine = head_dim_and_rotated(config)
        agree.append(mine == rotated_features(config, rope_parameters(config)[1]))
        if name in ("Llama 2 7B", "GPT-NeoX-20B", "Phi-2", "Gemma 7B"):
            print(f"{name:<13s} head_dim {mine[0]:3d}, rotated {mine[1]:3d}")
    print(f"same as rotated_features for {sum(agree)} of {len(agree)} configs")
