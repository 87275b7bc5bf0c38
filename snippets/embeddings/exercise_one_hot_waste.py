def one_hot_multiplications(vocab_size, dim, tokens):
    """Multiplications of a one-hot batch times the table, and the share of them that multiply by zero."""
    total = tokens * vocab_size * dim
    useful = tokens * dim  # one row of the table per token, times 1.0
    return total, (total - useful) / total


if __name__ == "__main__":
    cases = ((32000, 4096, 2048), (32000, 4096, 8 * 2048), (32000, 64, 2048), (50257, 768, 2048))  # (V, d, tokens)
    for vocab_size, dim, tokens in cases:
        total, wasted = one_hot_multiplications(vocab_size, dim, tokens)
        print(f"V={vocab_size:>6} d={dim:>5} tokens={tokens:>6}: {total:>19,} multiplications, {wasted:.4%} wasted")
