import matplotlib
import torch

matplotlib.use("Agg")
import matplotlib.pyplot as plt
from rope_complex import apply_rope_complex
from rope_rotate_half import RotaryCache

plt.rcParams.update({"svg.fonttype": "none", "svg.hashsalt": "guide"})  # text stays text, which the site translates

d = 8
basis = torch.eye(d)[None, None, :, :]  # d one-hot vectors, each rotated to position 1
position = torch.ones(d, dtype=torch.long)
layouts = {
    "interleaved pairs (complex form)": apply_rope_complex(basis, position),
    "half-split pairs (rotate_half)": RotaryCache(d, 2)(basis, position),
}
fig, axes = plt.subplots(2, 1, figsize=(6.4, 3.6), dpi=100)
for ax, (name, rotated) in zip(axes, layouts.items()):
    # a rotation mixes feature j only with its partner: every other entry stays exactly 0
    partner = [next(k for k in range(d) if k != j and rotated[0, 0, j, k] != 0) for j in range(d)]
    pairs = sorted({tuple(sorted((j, p))) for j, p in enumerate(partner)})
    print(f"{name:<33s}" + " ".join(f"({a}, {b})" for a, b in pairs))
    for pair_index, (a, b) in enumerate(pairs):
        color = plt.cm.tab10(pair_index)
        for j in (a, b):
            ax.add_patch(plt.Rectangle((j + 0.05, 0), 0.9, 1, color=color, alpha=0.85))
            ax.text(j + 0.5, 0.5, str(j), ha="center", va="center", fontsize=12, color="white", weight="bold")
        height = 1.25 + 0.3 * (b - a > 1) * pair_index  # arcs of far pairs at different heights
        ax.plot([a + 0.5, a + 0.5, b + 0.5, b + 0.5], [1.05, height, height, 1.05], color=color, lw=1.6)
        ax.text(a + 0.45, height + 0.04, f"i = {pair_index}", ha="right", va="bottom", fontsize=9)
    ax.set_title(name, fontsize=10, loc="left")
    ax.set_xlim(0, d)
    ax.set_ylim(-0.1, 2.6)
    ax.axis("off")
fig.suptitle(f"Which features rotate together (d = {d}); the number in a box is the feature's index", fontsize=10)
fig.tight_layout()
plt.savefig("rope-pair-layouts.svg", metadata={"Date": None})
