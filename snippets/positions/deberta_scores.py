import torch


def relative_index(c, length):
    """delta(m, n): the row of the 2c-row table for query m and key n, m - n clipped to [-c, c - 1], plus c."""
    m, n = torch.arange(length)[:, None], torch.arange(length)[None, :]
    return (m - n).clamp(-c, c - 1) + c


def deberta_scores(q, k, q_pos, k_pos, c):
    """One head of DeBERTa's disentangled attention scores, (queries, keys), before the softmax.

    q, k: content queries and keys, (L, d_h); q_pos, k_pos: the 2c relative position vectors
    projected like queries and like keys, (2c, d_h); c: the clipping distance.
    """
    length, d_h = q.shape
    delta = relative_index(c, length)  # delta[m, n] = delta(m, n)
    content = q @ k.T  # q_m . k_n
    content_to_position = (q[:, None, :] * k_pos[delta]).sum(-1)  # q_m . k_pos[delta(m, n)]
    # k_n . q_pos[delta(m, n)]: the same row, as in Microsoft's code and transformers (the paper writes delta(n, m))
    position_to_content = (k[None, :, :] * q_pos[delta]).sum(-1)
    return (content + content_to_position + position_to_content) / (3 * d_h) ** 0.5


if __name__ == "__main__":
    torch.set_printoptions(precision=3, sci_mode=False)
    torch.manual_seed(0)
    dim, c = 4, 3
    token_ids = torch.tensor([0, 1, 2, 0, 1, 2, 0, 1])  # three tokens, repeated; no positions added
    x = torch.nn.Embedding(3, dim)(token_ids).detach()
    W_q, W_k, W_q_pos, W_k_pos = (torch.randn(dim, dim) / dim**0.5 for _ in range(4))
    P = torch.randn(2 * c, dim)  # the relative position table: 2c rows, one per clipped distance
    scores = deberta_scores(x @ W_q, x @ W_k, P @ W_q_pos, P @ W_k_pos, c)
    print(f"tokens {token_ids.tolist()}, d_h = {dim}, c = {c}")
    print(scores)

    length = len(token_ids)
    groups = {}  # (token of the query, token of the key, n - m) -> the scores of those pairs
    for m in range(length):
        for n in range(length):
            groups.setdefault((token_ids[m].item(), token_ids[n].item(), n - m), []).append(scores[m, n])
    shared = [torch.stack(group) for group in groups.values() if len(group) > 1]

    def equal(values):  # to float32 rounding: the same terms, summed in another order, may differ in the last bits
        return bool(values.max() - values.min() < 1e-5)

    print(
        f"same two tokens, same n - m: {len(shared)} groups of pairs,"
        f" equal scores in each (within 1e-05): {all(equal(s) for s in shared)}"
    )
    constant = all(equal(scores.diagonal(d)) for d in range(-length + 1, length))
    print("a function of n - m only (constant along each diagonal):", constant)
    print("query token 0, key token 1 at n - m = 1, 4, 7:  ", "  ".join(f"{scores[0, n]:.3f}" for n in (1, 4, 7)))
    print("query token 1, key token 0 at n - m = -1, -4, -7:", "  ".join(f"{scores[n, 0]:.3f}" for n in (1, 4, 7)))
