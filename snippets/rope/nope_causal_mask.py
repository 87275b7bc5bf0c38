import torch

torch.manual_seed(0)
dim, length = 16, 1024
w_q, w_k, w_v = torch.randn(3, dim, dim, dtype=torch.float64) / dim**0.5
start, word = torch.randn(2, dim, dtype=torch.float64)
x = torch.stack([start] + [word] * (length - 1))  # a start token, then one word repeated: only positions differ


def attention_without_positions(x, causal):
    q, k, v = x @ w_q, x @ w_k, x @ w_v
    scores = q @ k.T / dim**0.5
    if causal:
        scores = scores.masked_fill(torch.ones(len(x), len(x), dtype=torch.bool).triu(1), float("-inf"))
    weights = scores.softmax(dim=-1)
    return weights @ v, weights


def distinct(out):  # how many different outputs the copies of the word get: count the changes from copy to copy
    return 1 + int(((out[2:] - out[1:-1]).abs().amax(dim=-1) > 1e-9).sum())


out, _ = attention_without_positions(x, causal=False)
print(f"without a mask:                  {distinct(out):>4} distinct output(s) for the {length - 1} copies")
out, weights = attention_without_positions(x, causal=True)
print(f"causal mask:                     {distinct(out):>4} distinct output(s)")
print(f"causal mask, cast to bfloat16:   {distinct(out.bfloat16().double()):>4} distinct output(s)")
same, _ = attention_without_positions(torch.stack([word] * length), causal=True)
print(f"causal mask, no start token:     {distinct(same):>4} distinct output(s)")

start_weight = weights[:, 0]
print("weight on the start token at position m:")
for m in (1, 2, 3, 10, 100, 1000):
    print(f"  m = {m:>4}: {start_weight[m]:.6f}   1 / (1 + m c): {1 / (1 + m * (1 / start_weight[1] - 1)):.6f}")
