import torch


def _heads(w, n_heads):
    """The head dimension of a query or key weight (n_heads * head_dim, hidden) or bias (n_heads * head_dim,)."""
    if w.dim() not in (1, 2) or w.shape[0] % n_heads or (w.shape[0] // n_heads) % 2:
        raise ValueError(f"expected n_heads * head_dim rows with an even head_dim, got {tuple(w.shape)}, {n_heads=}")
    return w.shape[0] // n_heads


def interleaved_to_half(w, n_heads):
    """Meta's layout -> the Hugging Face layout: in each head, rows 0, 2, 4, ... first, then rows 1, 3, 5, ...

    Pass the number of key/value heads for a key weight or bias under grouped-query attention.
    """
    head_dim = _heads(w, n_heads)
    return w.reshape(n_heads, head_dim // 2, 2, *w.shape[1:]).transpose(1, 2).reshape(w.shape)


def half_to_interleaved(w, n_heads):
    """The Hugging Face layout -> Meta's layout: in each head, row i of the first half, then row i of the second."""
    head_dim = _heads(w, n_heads)
    return w.reshape(n_heads, 2, head_dim // 2, *w.shape[1:]).transpose(1, 2).reshape(w.shape)


if __name__ == "__main__":
    torch.manual_seed(0)
    rows = torch.arange(8)  # one head of 8 rows, numbered
    print("one head, interleaved -> half-split, new row i is old row:", interleaved_to_half(rows, 1).tolist())
    print("one head, half-split -> interleaved, new row i is old row:", half_to_interleaved(rows, 1).tolist())
    print("two heads:", interleaved_to_half(torch.arange(16), 2).tolist())

    hidden, n_heads, n_kv_heads, head_dim = 32, 4, 2, 8  # grouped-query attention: 2 query heads per key head
    tensors = {  # name: (tensor, the number of heads to convert it with)
        "w_q": (torch.randn(n_heads * head_dim, hidden), n_heads),
        "b_q": (torch.randn(n_heads * head_dim), n_heads),
        "w_k": (torch.randn(n_kv_heads * head_dim, hidden), n_kv_heads),
        "b_k": (torch.randn(n_kv_heads * head_dim), n_kv_heads),
    }
    for name, (w, heads) in tensors.items():
        there_and_back = half_to_interleaved(interleaved_to_half(w, heads), heads)
        back_and_there = interleaved_to_half(half_to_interleaved(w, heads), heads)
        inverses = torch.equal(there_and_back, w) and torch.equal(back_and_there, w)
        print(f"{name} {str(tuple(w.shape)):<9s} {heads} heads, inverses both ways: {inverses}")
    w_k = tensors["w_k"][0]
    same = torch.equal(interleaved_to_half(w_k, n_heads), interleaved_to_half(w_k, n_kv_heads))
    print(f"w_k converted with {n_heads} heads instead of {n_kv_heads}, same result: {same}")
