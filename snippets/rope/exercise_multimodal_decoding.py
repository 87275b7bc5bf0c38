import torch
from mrope import mrope_position_ids


def decoding_position_ids(cache_length, rope_delta, new_tokens=1):
    """(3, new_tokens) ids of generated text tokens: the cache's length plus the prompt's offset, on all three axes."""
    return (torch.arange(new_tokens) + cache_length + rope_delta).expand(3, -1)


if __name__ == "__main__":
    prompt = [("text", 3), ("image", 4, 6), ("text", 2)]
    ids = mrope_position_ids(prompt)
    rope_delta = int(ids.max()) + 1 - ids.shape[1]
    steps = [decoding_position_ids(ids.shape[1] + step, rope_delta) for step in range(3)]  # one token per step
    generated = torch.cat(steps, dim=1)
    numbered_together = mrope_position_ids(prompt + [("text", 3)])[:, -3:]  # prompt and answer in one sequence
    print(f"prompt: {ids.shape[1]} tokens, rope_delta {rope_delta}")
    print("ids of 3 generated tokens, one per step:", generated[0].tolist())
    print("same as numbering prompt and answer together:", torch.equal(generated, numbered_together))
    print("counted by tokens instead:", (torch.arange(3) + ids.shape[1]).tolist())
