import torch


def check_token_ids(token_ids, num_embeddings):
    """Raise a ValueError naming what a table of num_embeddings rows cannot look up."""
    if token_ids.dtype not in (torch.int64, torch.int32):
        raise ValueError(f"token IDs must be int64 or int32, not {token_ids.dtype}")
    outside = token_ids[(token_ids < 0) | (token_ids >= num_embeddings)]
    if outside.numel() > 0:
        raise ValueError(f"IDs {outside.unique().tolist()} are outside 0 to {num_embeddings - 1}")


if __name__ == "__main__":
    for ids in (torch.tensor([[0, 5], [3, 1]]), torch.tensor([2, 6, 7, 6]), torch.tensor([-1, 3]), torch.tensor([1.0])):
        try:
            check_token_ids(ids, num_embeddings=6)
            print(ids.tolist(), "-> fine")
        except ValueError as error:
            print(ids.tolist(), "->", error)
