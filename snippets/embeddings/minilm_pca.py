import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import torch
from minilm_files import load_embedding_weights, load_tokenizer

plt.rcParams.update({"svg.fonttype": "none", "svg.hashsalt": "guide"})  # text stays text, which the site translates


def own_group_nearest(points, labels):
    """How many points lie nearer to the centre of the other members of their group than to any other centre.

    The point itself is left out of its own centre: it would pull that centre towards itself.
    """
    counts = torch.bincount(labels).float()
    sums = torch.stack([points[labels == g].sum(dim=0) for g in range(len(counts))])
    distances = torch.cdist(points, sums / counts[:, None])
    own = (sums[labels] - points) / (counts[labels] - 1)[:, None]  # its group without the point
    distances[torch.arange(len(points)), labels] = (points - own).norm(dim=1)
    return (distances.argmin(dim=1) == labels).sum().item()


groups = {
    "royalty": ["king", "queen", "prince", "princess", "emperor"],
    "places": ["paris", "france", "london", "england", "tokyo", "japan"],
    "animals": ["cat", "dog", "horse", "cow", "bird"],
    "numbers": ["one", "two", "three", "ten", "hundred"],
}
words = [w for group in groups.values() for w in group]
tokenizer = load_tokenizer()
table = load_embedding_weights()["embeddings.word_embeddings.weight"]
vectors = table[[tokenizer.token_to_id(w) for w in words]]

centred = vectors - vectors.mean(dim=0)
U, S, Vh = torch.linalg.svd(centred, full_matrices=False)
coords = U[:, :2] * S[:2]
# An SVD may return either sign for each component; make the largest coordinate positive.
largest = coords.abs().argmax(dim=0)
coords = coords * torch.sign(coords[largest, torch.arange(2)])
explained = S[:2] ** 2 / (S**2).sum()
print("share of the variance explained by PC1 and PC2:", ", ".join(f"{v:.3f}" for v in explained.tolist()))

fig, ax = plt.subplots(figsize=(6, 4), dpi=100)
# Drawn from coordinates rounded to 0.001 (under half a pixel): their last float32 bits depend on the CPU.
plotted = coords.round(decimals=3)
moved = {"queen": (-3, 3), "london": (-3, -9), "one": (-3, 3)}  # their labels would meet a neighbour's
start = 0
for name, group in groups.items():
    xy, shown = coords[start : start + len(group)], plotted[start : start + len(group)]
    ax.scatter(shown[:, 0], shown[:, 1], label=name, s=20)
    for word, (x, y) in zip(group, shown.tolist()):
        dx, dy = moved.get(word, (3, 3))
        align = "right" if dx < 0 else "left"
        ax.annotate(word, (x, y), xytext=(dx, dy), textcoords="offset points", fontsize=8, ha=align)
    print(f"{name:<8} centre ({xy[:, 0].mean():+.3f}, {xy[:, 1].mean():+.3f})")
    start += len(group)

# Is every word nearer to its own group than to any other? Random groups of the same sizes for comparison.
labels = torch.tensor([g for g, group in enumerate(groups.values()) for _ in group])
shuffle = torch.Generator().manual_seed(0)
print("words nearest to their own group's centre (each word left out of its own centre):")
for name, points in (("in the plane", coords), ("in all 384 dimensions", centred)):
    best_random = max(
        own_group_nearest(points, labels[torch.randperm(len(words), generator=shuffle)]) for _ in range(1000)
    )
    print(f"  {name}: {own_group_nearest(points, labels)} of {len(words)}; random groups, best of 1000: {best_random}")

ax.set_xlabel(f"PC1 ({explained[0]:.1%} of the variance)")
ax.set_ylabel(f"PC2 ({explained[1]:.1%} of the variance)")
ax.set_title("all-MiniLM-L6-v2 token embeddings, 2-D PCA")
ax.legend(fontsize=8)
fig.tight_layout()
plt.savefig("minilm-pca.svg", metadata={"Date": None})
