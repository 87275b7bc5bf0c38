import torch

torch.manual_seed(0)
embedding = torch.nn.Embedding(6, 3, padding_idx=0)
batch = torch.tensor([[4, 1, 0, 0], [2, 3, 5, 1]])  # the first sequence is padded with ID 0
mask = (batch != 0).float()  # 1 for a real token, 0 for a pad
vectors = embedding(batch)
alone = embedding(torch.tensor([4, 1])).mean(dim=0)  # the first sentence, without pads

plain = vectors.mean(dim=1)
masked = (vectors * mask[..., None]).sum(dim=1) / mask.sum(dim=1, keepdim=True)
print("plain mean  = sentence alone:", torch.allclose(plain[0], alone, atol=1e-6))
print("masked mean = sentence alone:", torch.allclose(masked[0], alone, atol=1e-6))
print("plain / masked for the padded sequence:", ", ".join(f"{r:.4f}" for r in (plain[0] / masked[0]).tolist()))
print("second sequence, no pads, same either way:", torch.allclose(plain[1], masked[1], atol=1e-6))
