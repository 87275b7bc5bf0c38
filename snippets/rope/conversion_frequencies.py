import torch
from rope_frequencies import rope_frequencies

# Llama 3.1 8B. Meta's params.json: "rope_theta": 500000.0, "use_scaled_rope": true. In a Hugging Face
# config.json the same scaling is a rope_scaling of type llama3.
LLAMA3 = {"rope_type": "llama3", "factor": 8.0, "low_freq_factor": 1.0, "high_freq_factor": 4.0}
REFERENCE = {
    "hidden_size": 4096,
    "num_attention_heads": 32,
    "rope_theta": 500000.0,
    "max_position_embeddings": 131072,
    "rope_scaling": {**LLAMA3, "original_max_position_embeddings": 8192},
}
CONVERTED = {
    "scaling carried": REFERENCE,
    "scaling dropped": {**REFERENCE, "rope_scaling": None},
    # transformers fills a missing original_max_position_embeddings with max_position_embeddings
    "original length 131072": {**REFERENCE, "rope_scaling": {**LLAMA3, "original_max_position_embeddings": 131072}},
}
LENGTHS = (16, 128, 1024, 8192, 131072)


def check_conversion(converted, reference):
    """The check a converter should run: the same theta_i, pair by pair, as the model it converts."""
    ratio = rope_frequencies(converted)[0] / rope_frequencies(reference)[0]
    differ = (ratio != 1).nonzero().flatten().tolist()
    return ratio, differ


def largest_angle_difference(converted, reference, length):
    """Largest |m theta_i - m theta_i(reference)| over positions m < length and all pairs, in radians."""
    positions = torch.arange(length).float()[:, None]
    return (positions * rope_frequencies(converted)[0] - positions * rope_frequencies(reference)[0]).abs().max()


if __name__ == "__main__":
    reference, _ = rope_frequencies(REFERENCE)
    print(f"Llama 3.1 8B: {len(reference)} pairs, rope_theta 500000, llama3 scaling from 8192 positions")
    print("check: theta_i of the converted config against the reference")
    for name, config in CONVERTED.items():
        ratio, differ = check_conversion(config, REFERENCE)
        where = f" (pairs {differ[0]}-{differ[-1]}), largest ratio {ratio.max():.4f}" if differ else ""
        print(f"  {name:<24s}pairs that differ: {len(differ):2d} of {len(ratio)}{where}")
    print("largest angle difference (rad), scaling dropped, positions below")
    print("  " + "".join(f"{length:>9d}" for length in LENGTHS))
    dropped = CONVERTED["scaling dropped"]
    print("  " + "".join(f"{largest_angle_difference(dropped, REFERENCE, n):9.3f}" for n in LENGTHS))
