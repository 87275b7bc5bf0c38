import torch
from transformers.masking_utils import chunked_causal_mask_function


def chunked_causal_mask(length, chunk):
    """True where query p may attend to key n: n <= p, and n in p's chunk, which starts at chunk * (p // chunk)."""
    p, n = torch.arange(length)[:, None], torch.arange(length)[None, :]
    return (n <= p) & (n // chunk == p // chunk)


def sliding_window_mask(length, window):
    """True where query p may attend to key n: the last `window` positions up to p."""
    p, n = torch.arange(length)[:, None], torch.arange(length)[None, :]
    return (n <= p) & (n > p - window)


if __name__ == "__main__":
    length, chunk = 20, 8
    p, n = torch.arange(length)[:, None], torch.arange(length)[None, :]
    for name, mask in [
        ("chunks of 8", chunked_causal_mask(length, chunk)),
        ("window of 8", sliding_window_mask(length, chunk)),
    ]:
        distance = (p - n)[mask].max().item()
        print(f"{name}: keys per query {mask.sum(-1).tolist()}, largest distance {distance}")
    reference = chunked_causal_mask_function(chunk, torch.zeros(1, dtype=torch.long))(0, 0, p, n)
    print("chunks: same mask as transformers:", torch.equal(chunked_causal_mask(length, chunk), reference))
