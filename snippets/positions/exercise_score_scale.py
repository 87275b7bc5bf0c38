import torch

torch.manual_seed(0)
for d_h in (4, 64, 256):
    # 100,000 queries and keys whose features are independent, with mean 0 and variance 1
    q, k = torch.randn(100_000, d_h), torch.randn(100_000, d_h)
    scores = (q * k).sum(dim=-1)
    scaled = scores / d_h**0.5
    print(f"d_h = {d_h:3}: std of q . k = {scores.std():4.1f}, of q . k / sqrt(d_h) = {scaled.std():.1f}")
