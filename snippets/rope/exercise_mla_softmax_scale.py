import torch
import torch.nn.functional as F

torch.manual_seed(0)
heads, nope_dim, rope_dim, latent_dim, length = 4, 16, 8, 32, 6
# absorbed queries (W_UK^T q^C, R_m q^R) and the cache (c_n, R_n k^R), as MLA multiplies them
query = torch.randn(heads, length, latent_dim + rope_dim, dtype=torch.float64)
cache = torch.randn(length, latent_dim + rope_dim, dtype=torch.float64).expand(heads, -1, -1)
latents = cache[..., :latent_dim]  # the weighted sum runs over the latents; W_UV comes after it
causal = torch.ones(length, length, dtype=torch.bool).tril()


def weights(scale):
    return (query @ cache.transpose(1, 2) * scale).masked_fill(~causal, float("-inf")).softmax(-1)


scale = (nope_dim + rope_dim) ** -0.5  # the head's query and key features, as the model was trained
default = query.shape[-1] ** -0.5  # what the kernel takes from the width of its inputs
reference = weights(scale) @ latents
port = F.scaled_dot_product_attention(query, cache, latents, is_causal=True)
fixed = F.scaled_dot_product_attention(query, cache, latents, is_causal=True, scale=scale)
print(f"trained scale 1/sqrt({nope_dim + rope_dim}) = {scale:.4f}, kernel's default {default:.4f}")
print("kernel's default scale, same output:", torch.allclose(port, reference, atol=1e-6))
print("scale passed to the kernel, same output:", torch.allclose(fixed, reference, atol=1e-6))
for name, s in (("trained", scale), ("default", default)):
    print(f"{name} scale: largest weight of the last query, mean over heads {weights(s)[:, -1].amax(-1).mean():.4f}")
