import math

import matplotlib
import torch

matplotlib.use("Agg")
import matplotlib.pyplot as plt
from long_context import interpolated_positions, inverse_frequencies, ntk_base

plt.rcParams.update({"svg.fonttype": "none", "svg.hashsalt": "guide"})  # text stays text, which the site translates

d, base, trained, extended = 128, 10000.0, 2048, 8192
s = extended / trained
distance = torch.arange(extended + 1, dtype=torch.float64)
variants = {
    "original": distance[:, None] * inverse_frequencies(d, base),
    "position interpolation": interpolated_positions(distance, s)[:, None] * inverse_frequencies(d, base),
    "NTK-aware base": distance[:, None] * inverse_frequencies(d, ntk_base(base, s, d)),
}
# The score of q = k = (1, 1, ..., 1) at distance D is 2 * sum_i cos(D * theta_i); divide by d.
curves = {name: angles.cos().mean(dim=-1) for name, angles in variants.items()}

print(f"{'distance':>8s}" + "".join(f"{name:>24s}" for name in curves))
for D in [1, 4, 16, 64, 512, 2048, 8192]:
    print(f"{D:8d}" + "".join(f"{curve[D].item():24.4f}" for curve in curves.values()))


def envelope(curve, columns=600):
    """The lowest and the highest point of the curve in each of `columns` log-spaced columns, in
    order: the picture of all 8192 distances, drawn with a fraction of the points."""
    edges = torch.logspace(0, math.log2(len(curve)), columns + 1, base=2).floor().long().unique()
    xs, ys = [], []
    for start, end in zip(edges[:-1].tolist(), edges[1:].tolist()):
        part = curve[start:end]
        for i in sorted({int(part.argmin()), int(part.argmax())}):
            xs.append(start + i)
            ys.append(part[i].item())
    return xs, ys


fig, ax = plt.subplots(figsize=(6, 4), dpi=100)
for (name, curve), color in zip(curves.items(), ["tab:blue", "tab:orange", "tab:green"]):
    ax.plot(*envelope(curve), color=color, label=name, lw=0.8, alpha=0.85)
ax.axvline(trained, color="gray", lw=0.8)
ax.text(trained * 0.9, 0.9, "trained length", color="gray", fontsize=9, ha="right")
ax.set_xscale("log", base=2)
ax.set_xticks(ticks := [1, 4, 16, 64, 256, 1024, 4096], [str(t) for t in ticks])
ax.set_xlabel("distance n − m (tokens)")
ax.set_ylabel("mean over i of cos(distance · θᵢ)")
ax.set_title(f"Score / d of q = k = (1, …, 1) against distance (d = {d}, s = {s:g})")
ax.legend(fontsize=9, loc="lower left")
fig.tight_layout()
plt.savefig("rope-long-context-scores.svg", metadata={"Date": None})
