vocab_size = 50257  # GPT-2's BPE vocabulary
embedding_dim = 768
batch_size, context_length = 8, 1024
tokens = batch_size * context_length
bytes_per_float32 = 4

one_hot_multiplications = tokens * vocab_size * embedding_dim
useful_multiplications = tokens * embedding_dim  # one weight row per token, times 1.0
wasted = one_hot_multiplications - useful_multiplications
one_hot_bytes = tokens * vocab_size * bytes_per_float32
ids_bytes = tokens * 8  # int64 token ids

print(f"tokens in the batch:          {tokens:,}")
print(f"multiplications, one-hot:     {one_hot_multiplications:,}")
print(f"multiplications that matter:  {useful_multiplications:,}")
print(f"wasted (times zero):          {wasted:,} ({wasted / one_hot_multiplications:.4%})")
print(f"one-hot input, float32:       {one_hot_bytes / 2**30:.2f} GiB")
print(f"token ids, int64:             {ids_bytes / 2**10:.0f} KiB")
