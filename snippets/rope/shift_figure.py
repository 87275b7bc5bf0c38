import math

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

plt.rcParams.update({"svg.fonttype": "none", "svg.hashsalt": "guide"})  # text stays text, which the site translates

theta = 0.4  # one pair's angle per position
q, k = (1.0, 0.2), (0.3, 0.7)  # the pair of a query and of a key, before any rotation


def rotate(v, angle):
    c, s = math.cos(angle), math.sin(angle)
    return (c * v[0] - s * v[1], s * v[0] + c * v[1])


fig, axes = plt.subplots(1, 2, figsize=(7, 3.8), dpi=100)
for ax, (m, n) in zip(axes, [(1, 3), (5, 7)]):
    qm, kn = rotate(q, m * theta), rotate(k, n * theta)
    start, end = math.atan2(qm[1], qm[0]), math.atan2(kn[1], kn[0])
    angle = (end - start) % (2 * math.pi)
    score = qm[0] * kn[0] + qm[1] * kn[1]
    print(f"query at m = {m}, key at n = {n}: angle from q to k {angle:.4f} rad, score q . k = {score:.4f}")
    for vector, color, text in [(qm, "tab:blue", f"q at m = {m}"), (kn, "tab:orange", f"k at n = {n}")]:
        ax.annotate("", xy=vector, xytext=(0, 0), arrowprops=dict(arrowstyle="->", color=color, lw=2))
        ax.text(1.12 * vector[0], 1.12 * vector[1], text, color=color, ha="center", va="center", fontsize=10)
    arc = [start + angle * t / 40 for t in range(41)]
    ax.plot([0.35 * math.cos(a) for a in arc], [0.35 * math.sin(a) for a in arc], color="gray", lw=1.2)
    middle = start + angle / 2
    ax.text(0.6 * math.cos(middle), 0.6 * math.sin(middle), f"{angle:.2f} rad", ha="center", va="center", fontsize=9)
    ax.set_title(f"positions m = {m}, n = {n}", fontsize=10)
    ax.set_xlim(-1.3, 1.3)
    ax.set_ylim(-1.3, 1.3)
    ax.set_aspect("equal")
    ax.axhline(0, color="lightgray", lw=0.8)
    ax.axvline(0, color="lightgray", lw=0.8)
title = f"Both positions + 4 turn q and k by 4θ = {4 * theta:g} rad (θ = {theta:g}): same angle, same score"
fig.suptitle(title, fontsize=10)
fig.tight_layout()
plt.savefig("rope-shift.svg", metadata={"Date": None})
