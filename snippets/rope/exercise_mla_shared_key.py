import torch
from layout_conversion import interleaved_to_half
from mla_absorption import rotate_pairs
from rope_rotate_half import RotaryCache


def convert_kv_a(w, kv_lora_rank):
    """kv_a_proj_with_mqa, interleaved -> half-split: the latent's rows stay, the shared key's rows are one head."""
    latent, key = w[:kv_lora_rank], w[kv_lora_rank:]
    return torch.cat((latent, interleaved_to_half(key, 1)))


if __name__ == "__main__":
    torch.manual_seed(0)
    kv_lora_rank, rope_dim, n_heads, hidden, length = 12, 16, 4, 32, 6
    w = torch.randn(kv_lora_rank + rope_dim, hidden)
    x, positions = torch.randn(length, hidden), torch.arange(length)
    inv_freq = 1.0 / (10000.0 ** (torch.arange(0, rope_dim, 2).float() / rope_dim))
    trained = rotate_pairs((x @ w.T)[:, kv_lora_rank:], positions, inv_freq)  # interleaved, as trained
    rope = RotaryCache(rope_dim, length)
    for label, converted in (
        ("as one head", convert_kv_a(w, kv_lora_rank)),
        (f"with {n_heads} heads", torch.cat((w[:kv_lora_rank], interleaved_to_half(w[kv_lora_rank:], n_heads)))),
    ):
        key = rope((x @ converted.T)[:, kv_lora_rank:], positions)  # half-split, rotate_half
        same = torch.allclose(key, interleaved_to_half(trained.T, 1).T, atol=1e-5)
        print(f"shared key converted {label}: rotated key == trained one, reordered: {same}")
    print("latent rows unchanged:", torch.equal(convert_kv_a(w, kv_lora_rank)[:kv_lora_rank], w[:kv_lora_rank]))
